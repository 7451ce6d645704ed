/**
 * A terminal's first day (issue 21), as its operator lives it: a portal of its own on a fresh
 * DATA_DIR with DEMO=0 prints a one-time code in its log; the sign-in points to the set-up page;
 * a wrong code is refused; with the right one the terminal and its first administrator exist and
 * the card shows once, with its PDF; the administrator signs in with it and corrects the
 * terminal's address in 'Terminal'; the set-up page is then gone for good.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { detenerProceso, iniciarProceso, puertoLibre } from '../scripts/procesos';
import type { ValoresTarjeta } from '../src/server/features/auth/tarjetas';
import {
  MENSAJES_INICIALIZACION,
  TEXTOS_INICIALIZACION as T,
  TEXTOS_TERMINAL,
} from '../src/shared/textos';
import { expect, ingresar, test as base } from './fixtures';
import { textoDelPdf } from './pdf';
import { capturas, sinViolacionesGraves } from './revision-pantalla';

interface PortalVacio {
  url: string;
  salida: () => string;
}

/** This spec's own portal, on an empty embedded database: its pages are the ones tested. */
const test = base.extend<object, { portalVacio: PortalVacio }>({
  portalVacio: [
    async ({}, use) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-e2e-vacio-'));
      const puerto = await puertoLibre();
      const portal = await iniciarProceso('src/server/main.ts', {
        DATA_DIR: dataDir,
        PORT: String(puerto),
        HOST: '127.0.0.1',
        DEMO: '0',
        LOG_LEVEL: 'warn',
        DATABASE_URL: undefined,
        CARD_SECRET: undefined,
      });
      try {
        await use({ url: `http://127.0.0.1:${puerto}`, salida: portal.salida });
      } finally {
        await detenerProceso(portal);
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ portalVacio }, use) => {
    await use(portalVacio.url);
  },
});

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
  const linea = /Código de inicialización: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(
    portalVacio.salida(),
  );
  expect(linea, portalVacio.salida()).not.toBeNull();
  const codigo = linea![1]!;
  expect(portalVacio.salida()).toContain(`${portalVacio.url}/inicializar`);

  await page.goto('/');
  const aviso = page.getByText(T.avisoIngreso);
  await expect(aviso).toBeVisible();
  await sinViolacionesGraves(page, 'ingreso con la inicialización pendiente');
  await capturas(page, 'ingreso-inicializacion-pendiente');
  await aviso.getByRole('link', { name: T.enlaceIngreso }).click();
  await expect(page).toHaveURL('/inicializar');
  await expect(page.getByRole('heading', { name: T.titulo })).toBeVisible();

  await page.getByLabel(T.codigo).fill('AAAA-BBBB-CCCC');
  await page.getByLabel(T.nombre).fill(DATOS.nombre);
  await page.getByLabel(T.cuit).fill('30712345671');
  await page.getByLabel(T.direccion).fill(DATOS.direccion);
  await page.getByLabel(T.usuario).fill(ADMINISTRADOR);
  await page.getByRole('button', { name: T.poner }).click();
  await expect(page.getByText(MENSAJES_INICIALIZACION.codigoIncorrecto)).toBeVisible();
  await expect(page.getByLabel(T.codigo)).toHaveAttribute('aria-invalid', 'true');
  await sinViolacionesGraves(page, 'inicialización con un código equivocado');
  await capturas(page, 'inicializacion-formulario');

  // As copied from the log, in lower case.
  await page.getByLabel(T.codigo).fill(codigo.toLowerCase());
  await page.getByRole('button', { name: T.poner }).click();
  await expect(page.getByRole('heading', { name: T.enMarcha })).toBeVisible();
  const celdas = page.locator('td[data-celda]');
  await expect(celdas).toHaveCount(50);
  const valores: Record<string, number> = {};
  for (const celda of await celdas.all()) {
    valores[(await celda.getAttribute('data-celda'))!] = Number(await celda.textContent());
  }
  const ctrl = (await page.getByTestId('tarjeta-numero').textContent())!.trim();
  await sinViolacionesGraves(page, 'tarjeta del primer administrador');
  await capturas(page, 'inicializacion-tarjeta');

  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar PDF' }).click(),
  ]);
  const texto = await textoDelPdf(await descarga.path());
  expect(texto).toContain(DATOS.nombre);
  expect(texto).toContain(ADMINISTRADOR);
  expect(texto).toContain(ctrl);

  await page.getByRole('link', { name: T.irAlIngreso }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(T.avisoIngreso)).toHaveCount(0);
  tarjeta = valores as ValoresTarjeta;
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
