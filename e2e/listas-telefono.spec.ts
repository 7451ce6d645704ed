/**
 * Every list at 390 px (issue 22, point 1): on a phone nothing of a list lies past the screen's
 * edge, neither a row's button ('Responder', 'Asginar') nor its text ('Cupo 118' in a product's
 * ledger). Each screen is photographed at 1366 and at 390 px, whole page, to be looked at.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import escribirXlsx from 'write-excel-file/node';
import { Api, borrarDatosDePrueba, Porteria } from './datos';
import { expect, ingresar, test } from './fixtures';
import {
  CAPTURAS,
  modalAbierto,
  sinViolacionesGraves,
  textosFueraDeLaPantalla,
} from './revision-pantalla';

test.use({ reducedMotion: 'reduce' });

const TELEFONO = { width: 390, height: 844 };
const TITULO = 'Zeta encuesta de la revisión a 390 px';
const DESCRIPCION =
  'Queremos conocer su opinión sobre la atención en balanza, los tiempos de espera en playa y la información que recibe de sus cupos.';
const TOKEN = 'e2e-listas-telefono';
const EMPRESA_IMPORTADA = 9171;

/** A soft check: every screen of a test is looked at, and all that is cut is told at once. */
const revisar = expect.configure({ soft: true });

/**
 * The screen as it is, whole page at its width and at 390 px; at 390 px no text of it lies
 * past the screen's edges, and axe finds nothing serious in its phone layout. The phone layout may come a moment after the resize (the trucks'
 * cards follow a media query in React): the check waits for it.
 */
async function enAmbosAnchos(page: Page, nombre: string) {
  for (const cerrar of await page.locator('.Toastify__close-button').all()) {
    await cerrar.dispatchEvent('click');
  }
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await page.screenshot({ path: `${CAPTURAS}/telefono-${nombre}.png`, fullPage: true });
  const tamano = page.viewportSize()!;
  await page.setViewportSize(TELEFONO);
  await revisar
    .poll(() => textosFueraDeLaPantalla(page), { message: `${nombre} a 390 px`, timeout: 3000 })
    .toEqual([]);
  await sinViolacionesGraves(page, `${nombre} a 390 px`);
  await page.screenshot({ path: `${CAPTURAS}/telefono-${nombre}-390.png`, fullPage: true });
  await page.setViewportSize(tamano);
}

/**
 * Left and right edges of an element at 390 px: inside 0..390 when nothing is cut. Nothing is
 * scrolled into view first: a sideways scroll inside a table would bring it in.
 */
async function bordes(elemento: Locator) {
  const caja = (await elemento.boundingBox())!;
  return { izquierda: Math.round(caja.x), derecha: Math.round(caja.x + caja.width) };
}

async function dentroDeLaPantalla(page: Page, elemento: Locator) {
  const tamano = page.viewportSize()!;
  await page.setViewportSize(TELEFONO);
  const { izquierda, derecha } = await bordes(elemento);
  revisar(izquierda, `${await elemento.textContent()}: borde izquierdo`).toBeGreaterThanOrEqual(0);
  revisar(derecha, `${await elemento.textContent()}: borde derecho`).toBeLessThanOrEqual(390);
  await page.setViewportSize(tamano);
}

async function cerrarModal(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const propios = {
  admin: undefined as unknown as Api,
  porteria: undefined as unknown as Porteria,
  encuesta: 0,
};

// A survey and a service token of this spec's own, made as the screens make them; the survey
// goes with the rest of a test's data (no route deletes one).
test.beforeAll(async () => {
  const admin = (propios.admin = await Api.abrir());
  propios.encuesta = (
    await admin.post('/api/encuestas', { titulo: TITULO, descripcion: DESCRIPCION })
  ).Id;
  propios.porteria = await Porteria.crear(admin, TOKEN);
});

test.afterAll(async () => {
  await propios.porteria.revocar(propios.admin);
  await propios.admin.cerrar();
  await borrarDatosDePrueba({ encuestas: [propios.encuesta] });
});

// A few screens a test: each is photographed twice and checked by axe, on a shared machine.
test.beforeEach(() => {
  test.slow();
});

test('un cliente a 390 px: encuestas disponibles y su cuenta', async ({ page }) => {
  await ingresar(page, 'cliente1');
  await page.goto('/encuestas/listar');
  const encuesta = page.getByRole('row').filter({ hasText: TITULO });
  const responder = encuesta.getByRole('button', { name: 'Responder' });
  await expect(responder).toBeEnabled();
  await dentroDeLaPantalla(page, responder);
  await dentroDeLaPantalla(page, encuesta.getByText(DESCRIPCION));
  await enAmbosAnchos(page, 'encuestas-disponibles');

  await page.goto('/cuenta');
  await expect(page.getByRole('table').first()).toBeVisible();
  await enAmbosAnchos(page, 'cuenta');
});

test('un cliente a 390 px: stock, los movimientos de un producto y cupos', async ({ page }) => {
  await ingresar(page, 'cliente1');
  await page.goto('/stock');
  const movimientos = page.getByRole('button', { name: 'Movimientos de Soja' });
  await expect(movimientos).toBeVisible();
  await enAmbosAnchos(page, 'stock');
  await movimientos.click();
  const historial = await modalAbierto(page, 'Movimientos de Soja');
  const cupo = historial.getByRole('table', { name: 'Movimientos' }).getByText(/^Cupo \d+$/);
  await expect(cupo.first()).toBeVisible();
  await dentroDeLaPantalla(page, cupo.first());
  await enAmbosAnchos(page, 'stock-movimientos');
  await cerrarModal(page);

  await page.goto('/cupos');
  await expect(page.getByRole('button', { name: /^Detalle/ }).first()).toBeVisible();
  await enAmbosAnchos(page, 'cupos');
});

test('un cliente a 390 px: camiones y sus tres modales', async ({ page }) => {
  await ingresar(page, 'cliente1');
  await page.goto('/camiones');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('button', { name: 'Asingar' }).first()).toBeVisible();
  await enAmbosAnchos(page, 'camiones');
  for (const [boton, nombre] of [
    ['Asingar', 'camiones-cupos-disponibles'],
    ['Ver cupo', 'camiones-cupos-asignados'],
    ['Ticket', 'camiones-tickets'],
  ] as const) {
    await page.getByRole('button', { name: boton, exact: true }).first().click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByRole('button', { name: 'Cerrar' }).first()).toBeVisible();
    await expect(modal.getByText('CARGANDO...')).toHaveCount(0);
    if (boton === 'Asingar') {
      await dentroDeLaPantalla(page, modal.getByRole('button', { name: 'Asginar' }).first());
    }
    await enAmbosAnchos(page, nombre);
    await cerrarModal(page);
  }
});

test('el administrador a 390 px: encuestas, respuestas, usuarios, empresas, unidades y tokens', async ({
  page,
}) => {
  await ingresar(page, 'admin');

  await page.goto('/encuestas');
  const encuesta = page.getByRole('row').filter({ hasText: TITULO });
  await expect(encuesta.getByRole('link', { name: 'Ver Respuestas' })).toBeVisible();
  await dentroDeLaPantalla(page, encuesta.getByRole('link', { name: 'Ver Respuestas' }));
  await enAmbosAnchos(page, 'encuestas-existentes');

  // The demo's first satisfaction survey: the one with answers.
  const satisfaccion = (await propios.admin.get('/api/encuestas'))
    .filter((e) => e.Titulo.startsWith('Encuesta de satisfacción'))
    .map((e) => e.Id);
  await page.goto(`/encuestas/respuestas/${Math.min(...satisfaccion)}`);
  await expect(page.getByText(/^Usuario: /).first()).toBeVisible();
  await enAmbosAnchos(page, 'encuestas-respuestas');

  await page.goto('/administracion/usuarios');
  await expect(page.getByRole('row').filter({ hasText: 'cliente1' })).toBeVisible();
  await enAmbosAnchos(page, 'usuarios');

  await page.goto('/administracion/empresas');
  await expect(page.getByRole('row').filter({ hasText: 'Agroexportadora' })).toBeVisible();
  await enAmbosAnchos(page, 'empresas');

  await page.goto('/administracion/unidades');
  await expect(page.getByText('Subproductos').first()).toBeVisible();
  await enAmbosAnchos(page, 'unidades');

  await page.goto('/administracion/tokens');
  await expect(page.getByRole('row').filter({ hasText: TOKEN })).toBeVisible();
  await enAmbosAnchos(page, 'tokens');
});

test('el administrador a 390 px: auditoría, productos, envases e importación', async ({ page }) => {
  await ingresar(page, 'admin');
  await page.goto('/administracion/auditoria');
  await page.getByRole('button', { name: 'Ver datos' }).first().click();
  await expect(page.getByRole('button', { name: 'Ocultar datos' })).toBeVisible();
  await enAmbosAnchos(page, 'auditoria');

  await page.goto('/administracion/productos');
  await expect(page.getByRole('row').filter({ hasText: 'Soja' }).first()).toBeVisible();
  await enAmbosAnchos(page, 'productos');
  await page.getByLabel('Empresa').selectOption('1');
  await page.getByLabel('Unidad de negocio').selectOption({ label: 'Granos' });
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await enAmbosAnchos(page, 'productos-por-cliente');

  await page.goto('/administracion/envases');
  await page.getByLabel('Empresa').selectOption('1');
  await expect(page.getByRole('table')).toBeVisible();
  await enAmbosAnchos(page, 'envases');

  // The import's review of a file with a rejected row and a changed one: nothing is written.
  const carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-listas-telefono-'));
  try {
    const archivo = path.join(carpeta, 'terminal con una fila mala.xlsx');
    await escribirXlsx([
      {
        sheet: 'Empresas',
        data: [
          ['Código', 'Nombre', 'Unidades de negocio'],
          [EMPRESA_IMPORTADA, 'Zeta Importada a 390 px S.A.', 'Granos'],
          [2, 'Cereales Pampeanos Renombrada S.R.L.', 'Granos'],
          ['x12', 'Sin código S.A.', 'Granos'],
        ].map((fila) => fila.map((value) => ({ value }))),
      },
    ]).toFile(archivo);
    await page.goto('/administracion/importar');
    await page.getByLabel('Archivo').setInputFiles(archivo);
    await page.getByRole('button', { name: 'Revisar' }).click();
    await expect(page.getByRole('table', { name: 'Filas rechazadas y que cambian' })).toBeVisible();
    await enAmbosAnchos(page, 'importacion-revision');
  } finally {
    await fs.rm(carpeta, { recursive: true, force: true });
  }
});
