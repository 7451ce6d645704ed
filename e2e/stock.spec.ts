/**
 * The stock screen in Chromium against the real portal: cliente1's demo stock read as it is (no
 * change), its Excel file parsed and compared with the screen, the empty and error states, and a
 * truck driven through the yard by `npm run cli -- simular` over the operations API, for a client
 * company this spec creates for itself and removes at the end.
 */
import { spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import type pg from 'pg';
import readXlsxFile from 'read-excel-file/node';
import { numeroAr } from '../src/shared/formato';
import { Api, borrarDatosDePrueba, movimientosDeStock, Porteria } from './datos';
import { expect, ingresar, test } from './fixtures';
import { capturas as revisar, modalAbierto, sinViolacionesGraves } from './revision-pantalla';

const CAPTURAS = 'test-results/capturas';
const EMPRESA = 9052;
/** A second client of this spec, with a long ledger and open quotas: the history and commitments. */
const EMPRESA_HISTORIAL = 9053;
const NOMBRE_HISTORIAL = 'Zeta Historial de Stock E2E S.A.';
/** Movements of its Soja, one every 3 hours back from now: two pages and a half. */
const MOVIMIENTOS = 250;
const NOMBRE = 'Zeta Pruebas de Stock E2E S.A.';
const GRANOS = 1;

const toneladas = (t: number) => numeroAr(t, 3, 3);

/** The screen at 1366x768 and at 390 px wide, whole page, without the sign-in's notices. */
async function capturas(page: Page, nombre: string) {
  for (const cerrar of await page.locator('.Toastify__close-button').all()) {
    await cerrar.dispatchEvent('click');
  }
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: true });
  const tamano = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${CAPTURAS}/${nombre}-390.png`, fullPage: true });
  await page.setViewportSize(tamano);
}

/** The rows of the stock table as the person reads them. */
async function filasEnPantalla(page: Page): Promise<string[][]> {
  const filas = page.getByRole('table').locator('tbody tr');
  const resultado: string[][] = [];
  for (const fila of await filas.all())
    resultado.push(await fila.getByRole('cell').allInnerTexts());
  return resultado;
}

/**
 * What the ledger says, summed there (the source of truth), and what open dispatch quotas
 * promise (unlinked: the whole quota; linked to a truck not yet finished: what was linked; in
 * kilos, units × container weight for containers), as the screen must show them.
 */
async function stockDelLibro(db: pg.Pool, codempre: number, unineg: number) {
  const { rows } = await db.query<{
    codpro: number;
    nompro: string;
    toneladas: string;
    comprometidas: string;
  }>(
    `with libro as (
       select codpro, sum(toneladas) as t from stock_movimientos
       where codempre = $1 and unineg = $2 group by codpro
     ),
     promesas as (
       select qp.codpro,
              sum(coalesce(q.cantidad_asignada, q.cantidad) * coalesce(q.peso_envase, 1)
                  * qp.porcentaje / 100) / 1000 as t
       from cupos q
       join cupo_productos qp on qp.cupo_ctrl = q.ctrl
       left join camiones c on c.ctrl = q.camion_ctrl
       where q.codempre = $1 and q.unineg = $2 and q.tipo = 'D' and q.eliminado_en is null
         and (c.ctrl is null or c.codestado <> 4)
       group by qp.codpro
     )
     select p.codpro, p.nompro, coalesce(l.t, 0) as toneladas, round(coalesce(c.t, 0), 3) as comprometidas
     from libro l full join promesas c using (codpro) join productos p using (codpro)
     order by p.codpro`,
    [codempre, unineg],
  );
  return rows.map((r) => {
    const t = Number(r.toneladas);
    const c = Number(r.comprometidas);
    return { ...r, toneladas: t, comprometidas: c, disponibles: Number((t - c).toFixed(3)) };
  });
}

type Linea = Awaited<ReturnType<typeof stockDelLibro>>[number];

/** A line as the table shows it (the last cell is the 'Movimientos' button). */
const comoEnPantalla = (l: Linea) => [
  String(l.codpro),
  l.nompro,
  toneladas(l.toneladas),
  toneladas(l.comprometidas),
  toneladas(l.disponibles),
  'Movimientos',
];

const COLUMNAS = ['Código', 'Producto', 'Toneladas', 'Comprometido', 'Disponible'];

test.describe('stock', () => {
  let admin: Api;
  let porteria: Porteria;

  test.beforeAll(async () => {
    admin = await Api.abrir();
    await admin.crearEmpresa(EMPRESA, NOMBRE, [GRANOS]);
    await admin.productosDeCliente(EMPRESA, GRANOS, [1, 2]);
    // The simulator's token: it drives a truck through the operations API.
    porteria = await Porteria.crear(admin, 'e2e-stock');
  });

  test.afterAll(async () => {
    await porteria.revocar(admin);
    await admin.cerrar();
    await borrarDatosDePrueba({ empresas: [EMPRESA, EMPRESA_HISTORIAL] });
  });

  test('cliente1 ve su stock y "Generar Excel" guarda Stock.xlsx con exactamente esas filas', async ({
    page,
    baseDeDatos,
  }) => {
    await ingresar(page, 'cliente1');
    await page.getByRole('navigation').getByRole('link', { name: 'Stock', exact: true }).click();
    await expect(page).toHaveURL('/stock');
    await expect(page.getByRole('heading', { name: 'Listado de stock' })).toBeVisible();
    await expect(page.getByLabel('Cliente')).toHaveValue('1');
    await expect(page.getByLabel('Unidad de Negocio')).toHaveValue(String(GRANOS));
    await expect(page.getByRole('columnheader')).toHaveText([...COLUMNAS, 'Acciones']);

    const libro = await stockDelLibro(baseDeDatos, 1, GRANOS);
    expect(libro.length).toBeGreaterThan(1);
    // The demo's open dispatch quotas promise some of it.
    expect(libro.some((l) => l.comprometidas > 0)).toBe(true);
    const esperado = libro.map(comoEnPantalla);
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(esperado.length);
    const enPantalla = await filasEnPantalla(page);
    expect(enPantalla).toEqual(esperado);
    await capturas(page, 'stock');

    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generar Excel' }).click();
    const archivo = await descarga;
    expect(archivo.suggestedFilename()).toBe('Stock.xlsx');
    const hojas = await readXlsxFile(await archivo.path());
    expect(hojas.map((h) => h.sheet)).toEqual(['Sheet1']);
    const [cabecera, ...datos] = hojas[0]!.data;
    expect(cabecera).toEqual(COLUMNAS);
    // Real numbers in the cells, and each row the screen's row.
    for (const fila of datos) {
      for (const i of [0, 2, 3, 4]) expect(typeof fila[i]).toBe('number');
    }
    expect(
      datos.map(([codpro, nompro, t, c, d]) => [
        String(codpro),
        nompro,
        ...[t, c, d].map((x) => toneladas(x as number)),
        'Movimientos',
      ]),
    ).toEqual(enPantalla);

    // Another unit reloads the table, and the choice is kept for the other screens.
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Subproductos' });
    const subproductos = await stockDelLibro(baseDeDatos, 1, 2);
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(subproductos.length);
    expect(await filasEnPantalla(page)).toEqual(subproductos.map(comoEnPantalla));
    await page.getByRole('navigation').getByRole('link', { name: 'Cupos', exact: true }).click();
    await expect(page.getByLabel('Unidad de Negocio')).toHaveValue('2');
  });

  test('un cliente sin movimientos no tiene líneas; una carga fallida dice "Algo salio mal"', async ({
    page,
  }) => {
    await ingresar(page, 'admin');
    await page.goto('/stock');
    await page.getByLabel('Cliente').selectOption({ label: NOMBRE });
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Subproductos' });
    await expect(
      page.getByText('No hay stock de este cliente en esta unidad de negocio'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generar Excel' })).toBeDisabled();
    await capturas(page, 'stock-vacio');

    await page.route('**/api/empresa/stock', (ruta) =>
      ruta.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ msj: 'Error interno del servidor' }),
      }),
    );
    await page.reload();
    await expect(page.getByText('Algo salio mal')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generar Excel' })).toBeDisabled();
    await capturas(page, 'stock-error');
  });

  test('el historial de un producto: filas, gráfico, "Más antiguos", Excel; comprometido y disponible', async ({
    page,
    baseDeDatos,
  }) => {
    await admin.crearEmpresa(EMPRESA_HISTORIAL, NOMBRE_HISTORIAL, [GRANOS]);
    await admin.productosDeCliente(EMPRESA_HISTORIAL, GRANOS, [1, 2]);
    // Soja: an opening balance and adjustments every 3 hours up to now, recorded newest first
    // (ids against the dates, as a gate syncing late would): the screen must follow the dates.
    const ahora = Date.now();
    await movimientosDeStock(
      Array.from({ length: MOVIMIENTOS }, (_, n) => {
        const i = MOVIMIENTOS - n;
        return {
          codempre: EMPRESA_HISTORIAL,
          unineg: GRANOS,
          codpro: 1,
          fecha: new Date(ahora - (MOVIMIENTOS - i) * 3 * 3_600_000).toISOString(),
          tipo: i === 1 ? 'apertura' : 'ajuste',
          kilos: i === 1 ? 500_000 : ((i % 7) - 3) * 1_250,
          observacion: i === 1 ? 'Saldo inicial E2E' : `Recuento ${i}`,
        };
      }),
    );
    // Open dispatch quotas: 600 t of Soja (more than there is) and 30 t of Maíz (none in stock).
    for (const [codpro, cantidad] of [
      [1, 600_000],
      [2, 30_000],
    ] as const) {
      await admin.crearCupo({
        codempre: EMPRESA_HISTORIAL,
        unineg: GRANOS,
        coddespacho: 1,
        cantidad,
        codpro,
      });
    }

    await ingresar(page, 'admin');
    await page.goto('/stock');
    await page.getByLabel('Cliente').selectOption({ label: NOMBRE_HISTORIAL });
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Granos' });
    const libro = await stockDelLibro(baseDeDatos, EMPRESA_HISTORIAL, GRANOS);
    expect(libro.map((l) => [l.nompro, l.comprometidas])).toEqual([
      ['Soja', 600],
      ['Maíz', 30],
    ]);
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);
    expect(await filasEnPantalla(page)).toEqual(libro.map(comoEnPantalla));
    // Promised beyond the stock: the available tonnes in red.
    const soja = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Soja' }) });
    await expect(soja.getByRole('cell').nth(4)).toHaveClass(/text-danger/);
    await revisar(page, 'stock-comprometido');

    await soja.getByRole('button', { name: 'Movimientos de Soja' }).click();
    const dialogo = await modalAbierto(page, 'Movimientos de Soja');
    const desde = await dialogo.getByLabel('Desde').inputValue();
    const hasta = await dialogo.getByLabel('Hasta').inputValue();
    // The check's yardstick, read in the ledger itself rather than through the route under test.
    const { rows } = await baseDeDatos.query<{ n: number; saldo: string }>(
      `select count(*)::int as n,
              (select sum(toneladas) from stock_movimientos where codempre = $1 and codpro = 1) as saldo
       from stock_movimientos
       where codempre = $1 and codpro = 1
         and fecha >= $2::date::timestamp at time zone $4
         and fecha < ($3::date + 1)::timestamp at time zone $4`,
      // The terminal's days, whatever this connection's time zone.
      [EMPRESA_HISTORIAL, desde, hasta, process.env.TZ ?? 'America/Argentina/Buenos_Aires'],
    );
    const enRango = rows[0]!.n;
    // The last 30 days hold more than two pages of the 250 movements.
    expect(enRango).toBeGreaterThan(200);
    const filas = dialogo.getByRole('table', { name: 'Movimientos' }).locator('tbody tr');
    await expect(filas).toHaveCount(100);
    // Newest first, with the running balance the ledger holds.
    await expect(filas.first().getByRole('cell').last()).toHaveText(
      toneladas(Number(rows[0]!.saldo)),
    );
    await expect(filas.first().getByRole('cell').nth(1)).toHaveText('Ajuste');
    // The chart: a canvas drawn by uPlot, with its summary in words.
    await expect(dialogo.locator('canvas').first()).toBeVisible();
    await expect(dialogo.getByRole('img', { name: /^Saldo de Soja del / })).toBeVisible();
    // The chart closes today with the same balance as the newest row.
    await expect(dialogo.getByRole('img', { name: /^Saldo de Soja del / })).toHaveAccessibleName(
      new RegExp(`final ${toneladas(Number(rows[0]!.saldo)).replace(/\./g, '\\.')} t`),
    );

    await dialogo.getByRole('button', { name: 'Más antiguos' }).click();
    await expect(filas).toHaveCount(200);
    await dialogo.getByRole('button', { name: 'Más antiguos' }).click();
    await expect(filas).toHaveCount(enRango);
    await expect(dialogo.getByText('No hay movimientos más antiguos en el rango.')).toBeVisible();
    await sinViolacionesGraves(page, 'historial de stock');
    // The screenshots from the modal's top: its title, range, chart and newest rows.
    await dialogo.evaluate((d) => d.closest('.modal')?.scrollTo(0, 0));
    await revisar(page, 'stock-historial');

    const descarga = page.waitForEvent('download');
    await dialogo.getByRole('button', { name: 'Exportar a Excel' }).click();
    const archivo = await descarga;
    // Named for whoever files it: the product, the client, the unit and the range (issue 22).
    expect(archivo.suggestedFilename()).toBe(
      `Movimientos de Soja - Cliente ${EMPRESA_HISTORIAL} ${NOMBRE_HISTORIAL} - Granos - ${desde} a ${hasta}.xlsx`,
    );
    const [hoja] = await readXlsxFile(await archivo.path());
    const [cabecera, ...datos] = hoja!.data;
    expect(cabecera).toEqual([
      'Fecha',
      'Tipo',
      'Patente',
      'Ticket',
      'Cupo',
      'Observación',
      'Toneladas',
      'Saldo',
    ]);
    expect(datos).toHaveLength(enRango);
    for (const fila of datos) {
      expect(fila[0]).toBeInstanceOf(Date);
      expect(typeof fila[6]).toBe('number');
      expect(typeof fila[7]).toBe('number');
    }
    expect(datos[0]![7]).toBe(Number(rows[0]!.saldo));
    // By date, newest first, though recorded oldest last; each balance is the one below it plus
    // its own movement (kilos, to compare exactly).
    const kilos = (x: unknown) => Math.round((x as number) * 1000);
    const fechas = datos.map((f) => Number(f[0]));
    expect(fechas).toEqual([...fechas].sort((a, b) => b - a));
    for (let i = 0; i + 1 < datos.length; i++) {
      expect(kilos(datos[i]![7])).toBe(kilos(datos[i + 1]![7]) + kilos(datos[i]![6]));
    }

    // A narrower range: fewer rows, one page.
    const tresDiasAntes = new Date(Date.parse(`${hasta}T00:00:00Z`) - 3 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await dialogo.getByLabel('Desde').fill(tresDiasAntes);
    await dialogo.getByRole('button', { name: 'Buscar' }).click();
    await expect(filas).not.toHaveCount(enRango);
    await expect(dialogo.getByText('No hay movimientos más antiguos en el rango.')).toBeVisible();
    await dialogo.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('un camión simulado termina: Camiones lo muestra Finalizado con su ticket y el stock se movió', async ({
    page,
    baseDeDatos,
  }) => {
    test.setTimeout(120_000);
    const salida = await simular(porteria.token, [
      '--empresa',
      String(EMPRESA),
      '--unidad',
      String(GRANOS),
      '--camiones',
      '1',
    ]);
    expect(salida.codigo, salida.texto).toBe(0);
    expect(salida.texto).toContain('salió de playa');

    // What the simulator (another process) did, as the database holds it: the yardstick of the
    // screens below.
    const { rows } = await baseDeDatos.query<{
      camion: number;
      patcha: string;
      ticket: number;
      neto: number;
      tipo: 'D' | 'R';
    }>(
      `select c.ctrl as camion, c.patcha, t.ctrl as ticket, t.bruto - t.tara as neto, q.tipo
       from camiones c join tickets t on t.camion_ctrl = c.ctrl join cupos q on q.camion_ctrl = c.ctrl
       where c.codempre = $1`,
      [EMPRESA],
    );
    expect(rows).toHaveLength(1);
    const t = rows[0]!;

    await ingresar(page, 'admin');
    await page.getByLabel('Cliente').selectOption({ label: NOMBRE });
    await page.getByLabel('Tipo despacho').selectOption({ label: 'Granos' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: t.patcha }) });
    await expect(fila.getByRole('cell', { name: 'Finalizado' })).toBeVisible();
    await fila.getByRole('button', { name: 'Ticket' }).click();
    const tarjeta = page
      .getByRole('dialog', { name: /Tickets/ })
      .getByRole('article', { name: `Ticket ${t.ticket}` });
    await expect(tarjeta).toContainText(`Neto ${numeroAr(t.neto)} kg`);
    await page.keyboard.press('Escape');

    // The stock screen shows the ticket's net, split by the quota's blend, with its sign.
    await page.getByRole('navigation').getByRole('link', { name: 'Stock', exact: true }).click();
    await expect(page.getByLabel('Cliente')).toHaveValue(String(EMPRESA));
    await expect(page.getByLabel('Unidad de Negocio')).toHaveValue(String(GRANOS));
    const libro = await stockDelLibro(baseDeDatos, EMPRESA, GRANOS);
    const total = libro.reduce((a, l) => a + Math.round(l.toneladas * 1000), 0);
    expect(total).toBe(t.tipo === 'R' ? t.neto : -t.neto);
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(libro.length);
    expect(await filasEnPantalla(page)).toEqual(libro.map(comoEnPantalla));
    await capturas(page, 'stock-tras-simulacion');
  });
});

/** `npm run cli -- simular` against this portal, with this spec's token, as a real process. */
function simular(
  token: string,
  argumentos: string[],
): Promise<{ codigo: number | null; texto: string }> {
  return new Promise((resolve, reject) => {
    const proceso = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/server/cli/main.ts',
        'simular',
        '--url',
        process.env.E2E_URL!,
        '--ritmo',
        '600',
        ...argumentos,
      ],
      {
        env: {
          ...process.env,
          DATA_DIR: process.env.E2E_DATA_DIR,
          DATABASE_URL: '',
          ACOPIO_TOKEN: token,
        },
      },
    );
    let texto = '';
    proceso.stdout.on('data', (d: Buffer) => (texto += d.toString()));
    proceso.stderr.on('data', (d: Buffer) => (texto += d.toString()));
    proceso.on('error', reject);
    proceso.on('close', (codigo) => resolve({ codigo, texto }));
  });
}
