/**
 * 'Unidades de negocio' (issue 21) in Chromium against the real portal, as the demo
 * administrator: a unit and two dispatch types created (the form's refusals under their field),
 * both types offered by the new-quota form for a client that works in the unit; one type
 * deactivated is offered no more; the unit deactivated is not offered for a new quota; deleting
 * it is refused naming what uses it. Everything it writes is its own (a 'Zeta' unit and company)
 * and goes at the end: the demo's units stay as they are for the other specs.
 */
import type { Page } from '@playwright/test';
import { TEXTOS_UNIDADES as T } from '../src/shared/textos';
import { Api, borrarDatosDePrueba } from './datos';
import { expect, ingresar, test } from './fixtures';
import { capturas, modalAbierto, sinViolacionesGraves } from './revision-pantalla';

test.use({ reducedMotion: 'reduce' });

const UNIDAD = 'Zeta Aceites E2E';
const EMPRESA = 9161;
const NOMBRE_EMPRESA = 'Zeta Unidades E2E S.A.';
const GRANEL = 'Granel E2E';
const BOLSAS = 'Bolsas E2E';

/**
 * The company goes with the shared helper (no route deletes one); then the unit, free, and its
 * dispatch types go through the units screen's own routes.
 */
test.afterAll(async () => {
  await borrarDatosDePrueba({ empresas: [EMPRESA] });
  const admin = await Api.abrir();
  try {
    const unidad = (await admin.get('/api/administracion/unidades')).find(
      (u) => u.unineg === UNIDAD,
    );
    if (unidad) {
      for (const { coddespacho } of unidad.despachos) {
        await admin.post('/api/administracion/despachos/eliminar', { coddespacho });
      }
      await admin.post('/api/administracion/unidades/eliminar', { ctrl: unidad.ctrl });
    }
  } finally {
    await admin.cerrar();
  }
});

async function abrirUnidades(page: Page) {
  await page.getByRole('button', { name: 'Administración' }).click();
  await page.getByRole('link', { name: T.titulo }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.titulo })).toBeVisible();
}

const filaDe = (page: Page, nombre: string) =>
  page.getByRole('table', { name: T.titulo }).getByRole('row').filter({ hasText: nombre });

/** An action of a unit's or a type's menu. */
async function accion(page: Page, menu: string, opcion: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('button', { name: opcion }).click();
}

/** The confirmation dialog, answered with the button that names the act. */
async function confirmar(page: Page, boton: string) {
  const dialogo = await modalAbierto(page, 'Confirmación');
  await expect(dialogo.getByRole('button', { name: 'Aceptar' })).toHaveCount(0);
  await dialogo.getByRole('button', { name: boton }).click();
  await expect(dialogo).toBeHidden();
}

/** The dispatch types the new-quota form offers for the spec's company and `unidad`. */
async function despachosOfrecidos(page: Page) {
  await page.goto('/cupos/alta');
  await expect(page.getByRole('heading', { name: 'Nueva orden de cupo' })).toBeVisible();
  await page.getByLabel('Cliente').selectOption({ label: NOMBRE_EMPRESA });
  await page.getByLabel('Unidad de Negocio').selectOption({ label: UNIDAD });
  const tipo = page.getByLabel('Tipo de despacho');
  // The list arrives with the unit's types: wait for more than 'Seleccione...'.
  await expect(tipo.locator('option')).not.toHaveCount(1);
  return tipo.locator('option').allTextContents();
}

test('el administrador crea una unidad y sus tipos de despacho; desactivados, el cupo nuevo no los ofrece', async ({
  page,
}) => {
  await ingresar(page, 'admin');
  await abrirUnidades(page);
  await expect(filaDe(page, 'Granos').getByRole('cell').nth(2)).toHaveText(T.activa);
  await sinViolacionesGraves(page, 'unidades de negocio');

  // The unit: an empty name and a taken one are refused under the field.
  await page.getByRole('button', { name: T.nueva }).click();
  let dialogo = await modalAbierto(page, T.nueva);
  const nombre = dialogo.getByLabel(T.nombre);
  await dialogo.getByRole('button', { name: 'Crear' }).click();
  await expect(nombre).toHaveAccessibleDescription(T.nombreVacio);
  await nombre.fill('granos');
  await dialogo.getByRole('button', { name: 'Crear' }).click();
  await expect(nombre).toHaveAccessibleDescription(T.unidadExistente('Granos'));
  await expect(nombre).toHaveAttribute('aria-invalid', 'true');
  await sinViolacionesGraves(page, 'nueva unidad con error');
  await capturas(page, 'unidades-nueva-error');
  await nombre.fill(UNIDAD);
  await dialogo.getByRole('button', { name: 'Crear' }).click();
  await expect(dialogo).toBeHidden();
  await expect(page.getByText(T.creada(UNIDAD))).toBeVisible();
  await expect(filaDe(page, UNIDAD)).toContainText(T.sinDespachos);

  // Its dispatch types: one in bulk, one in containers.
  for (const [tipo, envase] of [
    [GRANEL, T.aGranelAyuda],
    [BOLSAS, T.enEnvasesAyuda],
  ] as const) {
    await accion(page, T.accionesDe(UNIDAD), T.nuevoDespacho);
    dialogo = await modalAbierto(page, `${T.nuevoDespacho} (${UNIDAD})`);
    await dialogo.getByLabel(T.nombre).fill(tipo);
    await dialogo.getByLabel(envase).check();
    await dialogo.getByRole('button', { name: 'Crear' }).click();
    await expect(dialogo).toBeHidden();
    await expect(page.getByText(T.despachoCreado(tipo))).toBeVisible();
  }
  const tipos = filaDe(page, UNIDAD).getByRole('listitem');
  await expect(tipos).toHaveText([
    new RegExp(`^${GRANEL} \\(${T.aGranel}\\)`),
    new RegExp(`^${BOLSAS} \\(${T.enEnvases}\\)`),
  ]);

  // A client that works in the unit (arranged through the API, as the companies' screen does).
  const empresa = await page.request.post('/api/administracion/empresas/crear', {
    data: {
      codempre: EMPRESA,
      nomempre: NOMBRE_EMPRESA,
      unidades: [Number(await filaDe(page, UNIDAD).getByRole('cell').first().textContent())],
    },
  });
  expect(empresa.status()).toBe(201);

  expect(await despachosOfrecidos(page)).toEqual(['Seleccione...', GRANEL, BOLSAS]);

  // The bulk type deactivated: the form no longer offers it.
  await abrirUnidades(page);
  await accion(page, `${T.accionesDe(GRANEL)} (${UNIDAD})`, T.desactivar);
  await confirmar(page, T.desactivar);
  await expect(page.getByText(T.despachoDesactivado(GRANEL))).toBeVisible();
  await expect(tipos.first()).toContainText(T.inactivo);
  expect(await despachosOfrecidos(page)).toEqual(['Seleccione...', BOLSAS]);

  // The unit deactivated: still listed, marked; no new quota in it.
  await abrirUnidades(page);
  await accion(page, T.accionesDe(UNIDAD), T.desactivar);
  await confirmar(page, T.desactivar);
  await expect(filaDe(page, UNIDAD).getByRole('cell').nth(2)).toHaveText(T.inactiva);
  await page.goto('/cupos/alta');
  await expect(
    page.getByLabel('Unidad de Negocio').getByRole('option', { name: 'Granos' }),
  ).toHaveCount(1);
  const opciones = await page.getByLabel('Unidad de Negocio').locator('option').allTextContents();
  expect(opciones).not.toContain(UNIDAD);
  expect(opciones).not.toContain(`${UNIDAD} (inactiva)`);
  // …while the lists that find old data still offer it, marked.
  await page.goto('/cupos');
  await expect(
    page.getByLabel('Unidad de Negocio').getByRole('option', { name: `${UNIDAD} (inactiva)` }),
  ).toHaveCount(1);

  // Deleting it is refused: a company works in it.
  await abrirUnidades(page);
  await accion(page, T.accionesDe(UNIDAD), T.eliminar);
  await confirmar(page, T.eliminar);
  await expect(page.getByRole('alert')).toContainText(T.unidadEnUso(UNIDAD, 'empresas'));
  await sinViolacionesGraves(page, 'unidades con una inactiva y un rechazo');
  await capturas(page, 'unidades');
});
