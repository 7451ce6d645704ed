/**
 * A terminal's first day (issue 21), as its operator lives it: a portal of its own on a fresh
 * DATA_DIR with DEMO=0 prints a one-time code in its log; the sign-in points to the set-up page;
 * a wrong code is refused; with the right one the terminal and its first administrator exist and
 * the card shows once, with its PDF; the administrator signs in with it and corrects the
 * terminal's address in 'Terminal'; the set-up page is then gone for good.
 */
import type { ValoresTarjeta } from '../src/server/features/auth/tarjetas';
import {
  MENSAJES_INICIALIZACION,
  TEXTOS_INICIALIZACION as T,
  TEXTOS_TERMINAL,
} from '../src/shared/textos';
import { expect, ingresar } from './fixtures';
import { textoDelPdf } from './pdf';
import {
  codigoDeInicializacion,
  completarInicializacion,
  testConPortalVacio,
} from './portal-vacio';
import { capturas, sinViolacionesGraves } from './revision-pantalla';
import { tarjetaEnPantalla } from './tarjetas';

const test = testConPortalVacio();

// Without transitions axe measures colours as they end up, not halfway through a fade.
test.use({ reducedMotion: 'reduce' });
test.describe.configure({ mode: 'serial' });

const DATOS = {
  nombre: 'Terminal Río Paraná S.A.',
  cuit: '30-71234567-1',
  direccion: 'Ruta 11 km 320, San Lorenzo, Santa Fe',
};
const ADMINISTRADOR = 'jefe.terminal';
/** The card the set-up showed, as read off the page. */
let tarjeta: ValoresTarjeta | undefined;

test('el portal imprime el código; el ingreso lleva a la inicialización; con el código, la tarjeta y su PDF; el administrador ingresa con ella', async ({
  page,
  portalVacio,
}) => {
  const codigo = codigoDeInicializacion(portalVacio);
  expect(portalVacio.salida()).toContain(`${portalVacio.url}/inicializar`);

  await page.goto('/');
  const aviso = page.getByText(T.avisoIngreso);
  await expect(aviso).toBeVisible();
  await sinViolacionesGraves(page, 'ingreso con la inicialización pendiente');
  await capturas(page, 'ingreso-inicializacion-pendiente');
  await aviso.getByRole('link', { name: T.enlaceIngreso }).click();
  await expect(page).toHaveURL('/inicializar');
  await expect(page.getByRole('heading', { name: T.titulo })).toBeVisible();

  await completarInicializacion(page, {
    ...DATOS,
    codigo: 'AAAA-BBBB-CCCC',
    cuit: '30712345671',
    usuario: ADMINISTRADOR,
  });
  await expect(page.getByText(MENSAJES_INICIALIZACION.codigoIncorrecto)).toBeVisible();
  await expect(page.getByLabel(T.codigo)).toHaveAttribute('aria-invalid', 'true');
  await sinViolacionesGraves(page, 'inicialización con un código equivocado');
  await capturas(page, 'inicializacion-formulario');

  // As copied from the log, in lower case.
  await page.getByLabel(T.codigo).fill(codigo.toLowerCase());
  await page.getByRole('button', { name: T.poner }).click();
  await expect(page.getByRole('heading', { name: T.enMarcha })).toBeVisible();
  const { ctrl, valores } = await tarjetaEnPantalla(page);
  await sinViolacionesGraves(page, 'tarjeta del primer administrador');
  await capturas(page, 'inicializacion-tarjeta');

  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar PDF' }).click(),
  ]);
  const texto = await textoDelPdf(await descarga.path());
  expect(texto).toContain(DATOS.nombre);
  expect(texto).toContain(ADMINISTRADOR);
  expect(texto).toContain(String(ctrl));

  await page.getByRole('link', { name: T.irAlIngreso }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(T.avisoIngreso)).toHaveCount(0);
  tarjeta = valores;
  await ingresar(page, ADMINISTRADOR, tarjeta);
  await expect(page.getByRole('button', { name: 'Administración' })).toBeVisible();
});

test("el administrador corrige la dirección en 'Terminal'; la página de inicialización ya no existe", async ({
  page,
}) => {
  expect(tarjeta).toBeDefined();
  await ingresar(page, ADMINISTRADOR, tarjeta);
  await page.getByRole('button', { name: 'Administración' }).click();
  await page.getByRole('link', { name: 'Terminal', exact: true }).click();
  await expect(page.getByRole('heading', { name: TEXTOS_TERMINAL.titulo })).toBeVisible();
  await expect(page.getByLabel(TEXTOS_TERMINAL.nombre)).toHaveValue(DATOS.nombre);
  await expect(page.getByLabel(TEXTOS_TERMINAL.cuit)).toHaveValue(DATOS.cuit);
  const direccion = page.getByLabel(TEXTOS_TERMINAL.direccion);
  await expect(direccion).toHaveValue(DATOS.direccion);
  await direccion.fill('Bv. Oroño 1200, Rosario, Santa Fe');
  await page.getByRole('button', { name: TEXTOS_TERMINAL.guardar }).click();
  await expect(page.getByText(TEXTOS_TERMINAL.guardados)).toBeVisible();
  await sinViolacionesGraves(page, 'Terminal');
  await capturas(page, 'terminal');
  await page.reload();
  await expect(page.getByLabel(TEXTOS_TERMINAL.direccion)).toHaveValue(
    'Bv. Oroño 1200, Rosario, Santa Fe',
  );

  // The set-up page says the terminal is set up and points to the sign-in; its API refuses.
  await page.goto('/inicializar');
  await expect(page.getByText(T.yaInicializada)).toBeVisible();
  await expect(page.getByLabel(T.codigo)).toHaveCount(0);
  await sinViolacionesGraves(page, 'inicialización hecha');
  await capturas(page, 'inicializacion-hecha');
  const respuesta = await page.request.post('/api/inicializacion', {
    data: { codigo: 'AAAA-BBBB-CCCC', ...DATOS, usuario: 'otro.jefe' },
  });
  expect(respuesta.status()).toBe(409);
  expect(await respuesta.json()).toEqual({ msj: MENSAJES_INICIALIZACION.yaInicializada });
});
