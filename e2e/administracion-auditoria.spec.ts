/**
 * 'Auditoría' (issue 14, screen 6) in Chromium against the real portal, as the demo administrator:
 * an audited act made through the API (a company this spec creates, then its units changed),
 * read as sentences, found by their words and opened to their fields (issue 22); 1,100 rows of a table of its own,
 * paged back with 'Más antiguos' and exported to Excel page by page. Everything it writes (the
 * company and its audit, the rows of its own table) goes after each test.
 */
import type { Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { borrarDatosDePrueba, registrosDeAuditoria } from './datos';
import { expect, ingresar, test } from './fixtures';
import { capturas, sinViolacionesGraves } from './revision-pantalla';

test.use({ reducedMotion: 'reduce' });

const EMPRESA = 9161;
const NOMBRE = 'Auditoría Pruebas E2E S.A.';
const TABLA = 'e2e_auditoria';
const ACTOR = 'e2e-auditoria';
const FILAS = 1_100;
const POR_PAGINA = 50;

const COLUMNAS_EXCEL = [
  'Id',
  'Fecha',
  'Usuario',
  'Movimiento',
  'Acción',
  'Tabla',
  'Fila',
  'IP',
  'Antes',
  'Después',
];

/** FILAS rows of a table of this spec's own, written in order: fila_id 1 the oldest. */
const crearFilasPropias = () =>
  registrosDeAuditoria(
    Array.from({ length: FILAS }, (_, n) => ({
      actor: ACTOR,
      accion: 'modificar',
      tabla: TABLA,
      filaId: n + 1,
      antes: { kilos: n + 1 },
      despues: { kilos: n + 2 },
      ip: '10.9.9.9',
    })),
  );

const filasDeLaTabla = (page: Page) =>
  page.getByRole('table').first().locator(':scope > tbody > tr:not(.fila-cambios)');

/**
 * The row number of the rows on screen, in order: their sentences end with it ('e2e-auditoria
 * hizo «modificar» en e2e auditoria N° 1100', the readable form of an unknown table).
 */
async function filasIds(page: Page): Promise<string[]> {
  const frases = await filasDeLaTabla(page).locator(':scope > td:nth-child(2)').allInnerTexts();
  return frases.map((f) => /N° (\d+)$/.exec(f.trim())?.[1] ?? f);
}

test.describe('auditoría (administrador)', () => {
  test.afterEach(() => borrarDatosDePrueba({ empresas: [EMPRESA], tablasDeAuditoria: [TABLA] }));

  test('un cambio auditado: filtrarlo, ver antes y después; accesible a 1366 y 390 px', async ({
    page,
  }) => {
    await ingresar(page, 'admin');
    // An audited act through the API, as the administrator: a company, then its units changed.
    const crear = await page.request.post('/api/administracion/empresas/crear', {
      data: { codempre: EMPRESA, nomempre: NOMBRE, unidades: [1] },
    });
    expect(crear.status()).toBe(201);
    const cambiar = await page.request.post('/api/administracion/empresas/unidades', {
      data: { codempre: EMPRESA, unidades: [1, 2] },
    });
    expect(cambiar.status()).toBe(200);

    await page.goto('/administracion/auditoria');
    await expect(page.getByRole('heading', { name: 'Auditoría' })).toBeVisible();
    await expect(filasDeLaTabla(page).first()).toBeVisible();
    await expect(page.getByLabel('Tabla')).toBeEnabled();
    await sinViolacionesGraves(page, 'auditoría sin filtros');

    // The words of the sentence, in any order, without accents: the two acts of the company.
    await page.getByLabel('Texto').fill('pruebas e2e S.A. admin');
    await page.getByRole('button', { name: 'Buscar' }).click();
    // Newest first: the change of units, then the creation, each a sentence with the names.
    await expect(filasDeLaTabla(page)).toHaveCount(2);
    await expect(filasDeLaTabla(page).nth(0)).toContainText(
      `admin cambió las unidades de ${NOMBRE} a Granos y Subproductos (antes: Granos)`,
    );
    await expect(filasDeLaTabla(page).nth(1)).toContainText(
      `admin creó la empresa ${NOMBRE} (código ${EMPRESA}) con la unidad Granos`,
    );
    await expect(page.getByRole('table').first()).not.toContainText('cambiar_unidades');
    await expect(page.getByText('No hay filas más antiguas.')).toBeVisible();
    // The same two by the old filters, tables and actions by their names.
    await page.getByLabel('Texto').fill('');
    await page.getByLabel('Tabla').selectOption({ label: 'Empresas' });
    await page.getByLabel('Acción').selectOption({ label: 'Cambiar unidades de negocio' });
    await page.getByLabel('Fila').fill(String(EMPRESA));
    await page.getByLabel('Usuario').fill('admin');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(filasDeLaTabla(page)).toHaveCount(1);
    await page.getByLabel('Acción').selectOption('');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(filasDeLaTabla(page)).toHaveCount(2);

    const cambio = filasDeLaTabla(page).nth(0);
    const ver = cambio.getByRole('button', { name: 'Ver datos' });
    await expect(ver).toHaveAttribute('aria-expanded', 'false');
    await ver.click();
    await expect(cambio.getByRole('button', { name: 'Ocultar datos' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const detalle = page.getByRole('table', { name: /Cambios del movimiento/ });
    await expect(detalle.getByRole('columnheader')).toHaveText(['Campo', 'Antes', 'Después']);
    const unidades = detalle.getByRole('row', { name: /Unidades de negocio/ });
    await expect(unidades.getByRole('rowheader')).toHaveText('Unidades de negocioCambió');
    await expect(unidades.getByRole('cell')).toHaveText(['Granos', 'Granos y Subproductos']);
    // The record as stored stays one click away: codes and JSON.
    const originales = page.getByRole('region', { name: /Datos originales del movimiento/ });
    await expect(originales).toContainText(`cambiar_unidades · empresas · fila ${EMPRESA}`);
    await expect(originales).toContainText('"unidades": [');

    // The creation has no 'before': every field is new.
    await filasDeLaTabla(page).nth(1).getByRole('button', { name: 'Ver datos' }).click();
    const alta = page.getByRole('table', { name: /Cambios del movimiento/ }).nth(1);
    await expect(alta.getByRole('row', { name: /Razón social/ })).toContainText(NOMBRE);
    await expect(alta.getByRole('row', { name: /Razón social/ })).toContainText('(sin valor)');
    await sinViolacionesGraves(page, 'auditoría con los cambios abiertos');
    await capturas(page, 'administracion-auditoria');
  });

  test('Más antiguos pagina hacia atrás y el Excel trae todas las filas filtradas', async ({
    page,
  }) => {
    await crearFilasPropias();
    await ingresar(page, 'admin');
    await page.goto('/administracion/auditoria');
    await expect(page.getByLabel('Tabla')).toBeEnabled();
    await page.getByLabel('Tabla').selectOption(TABLA);
    await page.getByLabel('Usuario').fill(ACTOR);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(filasDeLaTabla(page)).toHaveCount(POR_PAGINA);
    const descendente = (desde: number, n: number) =>
      Array.from({ length: n }, (_, i) => String(desde - i));
    expect(await filasIds(page)).toEqual(descendente(FILAS, POR_PAGINA));

    const masAntiguos = page.getByRole('button', { name: 'Más antiguos' });
    await masAntiguos.click();
    await expect(filasDeLaTabla(page)).toHaveCount(2 * POR_PAGINA);
    await masAntiguos.click();
    await expect(filasDeLaTabla(page)).toHaveCount(3 * POR_PAGINA);
    expect(await filasIds(page)).toEqual(descendente(FILAS, 3 * POR_PAGINA));
    await expect(page.getByText('150 fila(s) mostradas, la más nueva primero')).toBeVisible();

    // The file walks every page of the filters (1,100 rows: three pages of the API), newest first.
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generar Excel' }).click();
    const archivo = await descarga;
    // Named after the filters, as the screen says them (issue 22).
    expect(archivo.suggestedFilename()).toBe(`Auditoría - usuario ${ACTOR} - tabla ${TABLA}.xlsx`);
    const hojas = await readXlsxFile(await archivo.path());
    expect(hojas.map((h) => h.sheet)).toEqual(['Auditoria']);
    const [cabecera, ...datos] = hojas[0]!.data;
    expect(cabecera).toEqual(COLUMNAS_EXCEL);
    expect(datos).toHaveLength(FILAS);
    expect(datos.map((d) => d[6])).toEqual(descendente(FILAS, FILAS));
    const primera = datos[0]!;
    expect(typeof primera[0]).toBe('number');
    expect(primera[1]).toBeInstanceOf(Date);
    expect(primera.slice(2, 8)).toEqual([
      ACTOR,
      `${ACTOR} hizo «modificar» en e2e auditoria N° ${FILAS}`,
      'modificar',
      TABLA,
      String(FILAS),
      '10.9.9.9',
    ]);
    expect(JSON.parse(String(primera[8]))).toEqual({ kilos: FILAS });
    expect(JSON.parse(String(primera[9]))).toEqual({ kilos: FILAS + 1 });
    await expect(page.getByRole('button', { name: 'Generar Excel' })).toBeEnabled();

    // A day range with nothing in it, and a range the wrong way round.
    await page.getByLabel('Desde').fill('2001-01-01');
    await page.getByLabel('Hasta').fill('2001-01-31');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(
      page.getByText('No hay movimientos de auditoría que coincidan con los filtros.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generar Excel' })).toBeDisabled();
    await page.getByLabel('Desde').fill('2001-02-01');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('La fecha Desde no puede ser posterior a Hasta.')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar' }).click();
    await expect(page.getByLabel('Usuario')).toHaveValue('');
    await expect(filasDeLaTabla(page)).toHaveCount(POR_PAGINA);
  });

  test('un cliente no ve la pantalla y la API le responde 403', async ({ page }) => {
    await ingresar(page, 'cliente1');
    await page.goto('/administracion/auditoria');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Auditoría' })).toHaveCount(0);
    const respuesta = await page.request.post('/api/administracion/auditoria', { data: {} });
    expect(respuesta.status()).toBe(403);
  });
});
