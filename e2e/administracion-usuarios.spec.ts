/**
 * 'Usuarios y tarjetas' (issue 14, screens 1-2), as an administrator uses it: create a user with
 * a unit, issue its card through the step-up dialog, read the card once, download its PDF, sign
 * in with it; lock it by failing five times and unlock it; deactivate it. The portal is shared
 * with the other specs: only users made here are locked, reissued or deactivated, never the demo
 * users.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, ingresar, tarjetaDe, test } from './fixtures';
import { textoDelPdf } from './pdf';
import { capturas, modalAbierto, sinViolacionesGraves } from './revision-pantalla';
import { confirmarIdentidad, tarjetaEnPantalla, type TarjetaLeida } from './tarjetas';

const PANTALLA = '/administracion/usuarios';

// Without transitions axe measures colours as they end up, not halfway through a fade.
test.use({ reducedMotion: 'reduce' });
// One user goes through its whole life, step by step: a step that fails skips the rest.
test.describe.configure({ mode: 'serial' });

const sufijo = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const USUARIO = `e2e-usu-${sufijo}`;
let tarjeta: TarjetaLeida | undefined;

async function abrirPantalla(page: Page) {
  await ingresar(page, 'admin');
  await page.goto(PANTALLA);
  await expect(page.getByRole('heading', { name: 'Usuarios y tarjetas' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /usuario\(s\)/ })).toBeVisible();
}

const fila = (page: Page, usuario: string) => page.locator(`tr[data-usuario="${usuario}"]`);

async function accion(page: Page, usuario: string, nombre: string) {
  await page.getByRole('button', { name: `Acciones de ${usuario}` }).click();
  await page.getByRole('button', { name: nombre, exact: true }).click();
}

async function aceptar(page: Page, texto: RegExp, acto: string) {
  const confirmacion = await modalAbierto(page, 'Confirmación');
  await expect(confirmacion).toContainText(texto);
  await confirmacion.getByRole('button', { name: acto, exact: true }).click();
  await expect(confirmacion).toBeHidden();
}

/** A fresh browser (no cookies of the admin) signing in through the login screen. */
async function ingresaEnOtroNavegador(browser: Browser, valores: TarjetaLeida['valores']) {
  const contexto = await browser.newContext({ baseURL: process.env.E2E_URL });
  try {
    const page = await contexto.newPage();
    await ingresar(page, USUARIO, valores);
  } finally {
    await contexto.close();
  }
}

/** Signs in with wrong cells through the API, as a guesser would. */
async function ingresoFallido(request: APIRequestContext, usuario: string) {
  const pedido = await request.post('/api/auth/request-coordenadas', {
    data: { userName: usuario },
  });
  if (pedido.status() === 429) return 429;
  expect(pedido.status()).toBe(200);
  const [[cabecera], solicitadas] = (await pedido.json()) as [
    [{ ctrltarjeta: number }],
    { letra: string; posicion: number }[],
  ];
  const respuesta = await request.post('/api/auth/comparar-coordenadas', {
    data: {
      solicitadas,
      ingresadas: { coordenada1: 1, coordenada2: 1 },
      tarjeta: cabecera.ctrltarjeta,
    },
  });
  return respuesta.status();
}

test.describe('administración: usuarios y tarjetas', () => {
  test('crea un usuario con una unidad; un nombre repetido se marca en su campo', async ({
    page,
  }) => {
    await abrirPantalla(page);
    await sinViolacionesGraves(page, 'usuarios y tarjetas');

    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const formulario = await modalAbierto(page, 'Nuevo usuario');
    await formulario.getByLabel('Usuario').fill(USUARIO);
    await formulario.getByLabel('Empresa').selectOption('1');
    await formulario.getByRole('checkbox', { name: 'Granos' }).check();
    await sinViolacionesGraves(page, 'formulario de usuario');
    await capturas(page, 'administracion-usuario-formulario');
    await formulario.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(formulario).toBeHidden();

    const nuevo = fila(page, USUARIO);
    await expect(nuevo).toBeVisible();
    await expect(nuevo).toContainText('Granos');
    await expect(nuevo).not.toContainText('Subproductos');
    await expect(nuevo).toContainText('Sin tarjeta');

    // The server's 400 names the field: the message goes under 'Usuario'.
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const otro = await modalAbierto(page, 'Nuevo usuario');
    await otro.getByLabel('Usuario').fill(USUARIO);
    await otro.getByLabel('Empresa').selectOption('1');
    // A client's user needs a unit (issue 22): without one the form stops before the server.
    await otro.getByRole('checkbox', { name: 'Granos' }).check();
    await otro.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(otro.getByLabel('Usuario')).toHaveAttribute('aria-invalid', 'true');
    await expect(otro.locator('#usuario-nombre-error')).toHaveText(
      `Ya existe el usuario '${USUARIO}'.`,
    );
    await otro.getByRole('button', { name: 'Cancelar' }).click();
    await expect(otro).toBeHidden();

    // Its units: the company's other unit is added.
    await accion(page, USUARIO, 'Editar unidades');
    const unidades = await modalAbierto(page, `Unidades de negocio de ${USUARIO}`);
    await expect(unidades.getByRole('checkbox', { name: 'Granos' })).toBeChecked();
    await unidades.getByRole('checkbox', { name: 'Subproductos' }).check();
    await unidades.getByRole('button', { name: 'Guardar' }).click();
    await expect(unidades).toBeHidden();
    await expect(nuevo.locator('[data-etiqueta="Unidades de negocio"]')).toHaveText(
      'Granos, Subproductos',
    );

    // Search and filters.
    await page.getByLabel('Buscar por nombre').fill(USUARIO);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByLabel('Empresa').selectOption('2');
    await expect(page.getByText('No hay usuarios que coincidan con la búsqueda.')).toBeVisible();
    await page.getByLabel('Empresa').selectOption('');
    await page.getByLabel('Buscar por nombre').fill('');
    await capturas(page, 'administracion-usuarios');
  });

  test('emite su tarjeta con reautenticación, la muestra una vez y descarga el PDF', async ({
    page,
  }) => {
    await abrirPantalla(page);
    await accion(page, USUARIO, 'Emitir tarjeta');
    await aceptar(page, /una sola vez/, 'Emitir tarjeta');

    // The step-up: two cells of the administrator's own demo card.
    await confirmarIdentidad(page, tarjetaDe('admin'));

    const modal = await modalAbierto(page, `Tarjeta de coordenadas de ${USUARIO}`);
    await expect(modal).toContainText('se muestran una sola vez');
    tarjeta = await tarjetaEnPantalla(modal);
    const { ctrl, valores } = tarjeta;
    expect(ctrl).toBeGreaterThan(0);
    expect(Object.values(valores).every((v) => v >= 1000 && v <= 9999)).toBe(true);
    await sinViolacionesGraves(page, 'tarjeta emitida');
    await capturas(page, 'administracion-tarjeta');

    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(descarga.suggestedFilename()).toMatch(/\.pdf$/);
    const texto = await textoDelPdf(await descarga.path());
    expect(texto).toContain(USUARIO);
    expect(texto).toContain(String(ctrl));

    await modal.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(modal).toBeHidden();
    // Once closed, the values are nowhere on the page.
    await expect(page.locator('td[data-celda]')).toHaveCount(0);
    await expect(fila(page, USUARIO)).toContainText(`N° ${ctrl}`);
  });

  test('el usuario ingresa con su tarjeta nueva en otro navegador; Cerrar sesiones la cierra', async ({
    browser,
    page,
  }) => {
    expect(tarjeta).toBeDefined();
    await ingresaEnOtroNavegador(browser, tarjeta!.valores);
    await abrirPantalla(page);
    const suya = fila(page, USUARIO);
    await expect(suya.locator('[data-etiqueta="Último ingreso"]')).not.toHaveText('Nunca');
    await expect(suya.locator('[data-etiqueta="Sesiones abiertas"]')).toHaveText('1');

    await accion(page, USUARIO, 'Cerrar sesiones');
    await aceptar(page, /Deberá ingresar de nuevo/, 'Cerrar sesiones');
    await expect(page.getByText(`Se cerraron 1 sesión(es) de '${USUARIO}'.`)).toBeVisible();
    await expect(suya.locator('[data-etiqueta="Sesiones abiertas"]')).toHaveText('0');
  });

  test('cinco ingresos fallidos lo bloquean; Desbloquear lo deja ingresar', async ({
    browser,
    page,
    request,
  }) => {
    const estados: number[] = [];
    for (let i = 0; i < 5; i++) estados.push(await ingresoFallido(request, USUARIO));
    expect(estados).toEqual([401, 401, 401, 401, 401]);
    expect(await ingresoFallido(request, USUARIO)).toBe(429);

    await abrirPantalla(page);
    await page.getByLabel('Bloqueo').selectOption('si');
    const bloqueada = fila(page, USUARIO);
    await expect(bloqueada).toBeVisible();
    await expect(bloqueada.locator('[data-etiqueta="Bloqueado hasta"]')).toHaveText(
      /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    await accion(page, USUARIO, 'Desbloquear');
    await expect(page.getByText(`'${USUARIO}' ya puede ingresar.`)).toBeVisible();
    await expect(bloqueada).toBeHidden();

    await ingresaEnOtroNavegador(browser, tarjeta!.valores);
  });

  test('desactivado, no puede ingresar; reactivado, sí', async ({ browser, page }) => {
    await abrirPantalla(page);
    await accion(page, USUARIO, 'Desactivar');
    await aceptar(page, /No podrá ingresar/, 'Desactivar');
    const inactiva = fila(page, USUARIO);
    await expect(inactiva.locator('[data-etiqueta="Activo"]')).toHaveText('No');

    const contexto = await browser.newContext({ baseURL: process.env.E2E_URL });
    try {
      const otra = await contexto.newPage();
      await otra.goto('/');
      await otra.getByLabel('Usuario').fill(USUARIO);
      await otra.getByRole('button', { name: 'Ingresar' }).click();
      await expect(otra.getByText('INGRESAR COORDENADAS')).toBeVisible();
      for (const campo of ['coordenada1', 'coordenada2']) {
        const celda = (await otra.locator(`label[for="${campo}"]`).textContent())!.trim();
        await otra
          .locator(`#${campo}`)
          .fill(String(tarjeta!.valores[celda as keyof TarjetaLeida['valores']] ?? 1000));
      }
      await otra.getByRole('button', { name: 'Ingresar' }).click();
      await expect(otra.getByRole('alert')).toHaveText('Usuario o coordenadas incorrectas');
      await expect(otra.getByRole('button', { name: USUARIO })).toHaveCount(0);
    } finally {
      await contexto.close();
    }

    await accion(page, USUARIO, 'Reactivar');
    await expect(inactiva.locator('[data-etiqueta="Activo"]')).toHaveText('Sí');
  });
});
