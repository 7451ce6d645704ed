/**
 * The stock screen in Chromium against the real portal: cliente1's demo stock read as it is (no
 * change), its Excel file parsed and compared with the screen, the empty and error states, and a
 * truck driven through the yard by `npm run cli -- simular` over the operations API, for a client
 * company this spec creates for itself and removes at the end.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import pg from 'pg';
import readXlsxFile from 'read-excel-file/node';
import { numeroAr } from '../src/shared/formato';
import { expect, ingresar, test, urlBaseDeDatos } from './fixtures';

const CAPTURAS = 'test-results/capturas';
const EMPRESA = 9052;
const NOMBRE = 'Zeta Pruebas de Stock E2E S.A.';
const GRANOS = 1;
const TOKEN = `acopio_${randomBytes(32).toString('base64url')}`;
const NOMBRE_TOKEN = 'e2e-stock';

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

/** What the ledger says, summed there (the source of truth), as the screen must show it. */
async function stockDelLibro(db: pg.Pool, codempre: number, unineg: number) {
  const { rows } = await db.query<{ codpro: number; nompro: string; toneladas: string }>(
    `select m.codpro, p.nompro, sum(m.toneladas) as toneladas
     from stock_movimientos m join productos p on p.codpro = m.codpro
     where m.codempre = $1 and m.unineg = $2 group by m.codpro, p.nompro order by m.codpro`,
    [codempre, unineg],
  );
  return rows.map((r) => ({ ...r, toneladas: Number(r.toneladas) }));
}

async function borrarDatosPropios(db: pg.Pool) {
  const camiones = `select ctrl from camiones where codempre = ${EMPRESA}`;
  await db.query(
    `delete from auditoria where (tabla = 'camiones' and fila_id in (select ctrl::text from camiones where codempre = $1))
                    or (tabla = 'cupos' and fila_id in (select ctrl::text from cupos where codempre = $1))`,
    [EMPRESA],
  );
  await db.query(`delete from stock_movimientos where codempre = $1`, [EMPRESA]);
  await db.query(`delete from stock_saldos where codempre = $1`, [EMPRESA]);
  await db.query(`delete from tickets where camion_ctrl in (${camiones})`);
  await db.query(`delete from cupos where codempre = $1`, [EMPRESA]);
  await db.query(`delete from camiones where codempre = $1`, [EMPRESA]);
  await db.query(
    `delete from operaciones_idempotencia where token_id in (select id from tokens_servicio where nombre = $1)`,
    [NOMBRE_TOKEN],
  );
  await db.query(`delete from tokens_servicio where nombre = $1`, [NOMBRE_TOKEN]);
  await db.query(`delete from productos_clientes where codempre = $1`, [EMPRESA]);
  await db.query(`delete from empresas where codempre = $1`, [EMPRESA]);
}

test.describe('stock', () => {
  let base: pg.Pool;

  test.beforeAll(async () => {
    base = new pg.Pool({ connectionString: urlBaseDeDatos(), max: 2 });
    await borrarDatosPropios(base); // what an interrupted run may have left
    await base.query('insert into empresas (codempre, nomempre) values ($1, $2)', [
      EMPRESA,
      NOMBRE,
    ]);
    await base.query(
      `insert into productos_clientes values ($1, ${GRANOS}, 1), ($1, ${GRANOS}, 2)`,
      [EMPRESA],
    );
    await base.query('insert into tokens_servicio (nombre, token_hash) values ($1, $2)', [
      NOMBRE_TOKEN,
      createHash('sha256').update(TOKEN).digest('hex'),
    ]);
  });

  test.afterAll(async () => {
    await borrarDatosPropios(base);
    await base.end();
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
    await expect(page.getByRole('columnheader')).toHaveText(['Código', 'Producto', 'Toneladas']);

    const libro = await stockDelLibro(baseDeDatos, 1, GRANOS);
    expect(libro.length).toBeGreaterThan(1);
    const esperado = libro.map((l) => [String(l.codpro), l.nompro, toneladas(l.toneladas)]);
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
    expect(cabecera).toEqual(['Código', 'Producto', 'Toneladas']);
    // Real numbers in the cells, and each row the screen's row.
    for (const fila of datos) {
      expect(typeof fila[0]).toBe('number');
      expect(typeof fila[2]).toBe('number');
    }
    expect(
      datos.map(([codpro, nompro, t]) => [String(codpro), nompro, toneladas(t as number)]),
    ).toEqual(enPantalla);

    // Another unit reloads the table, and the choice is kept for the other screens.
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Subproductos' });
    const subproductos = await stockDelLibro(baseDeDatos, 1, 2);
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(subproductos.length);
    expect(await filasEnPantalla(page)).toEqual(
      subproductos.map((l) => [String(l.codpro), l.nompro, toneladas(l.toneladas)]),
    );
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

  test('un camión simulado termina: Camiones lo muestra Finalizado con su ticket y el stock se movió', async ({
    page,
    baseDeDatos,
  }) => {
    test.setTimeout(120_000);
    const salida = await simular([
      '--empresa',
      String(EMPRESA),
      '--unidad',
      String(GRANOS),
      '--camiones',
      '1',
    ]);
    expect(salida.codigo, salida.texto).toBe(0);
    expect(salida.texto).toContain('salió de playa');

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
    expect(await filasEnPantalla(page)).toEqual(
      libro.map((l) => [String(l.codpro), l.nompro, toneladas(l.toneladas)]),
    );
    await capturas(page, 'stock-tras-simulacion');
  });
});

/** `npm run cli -- simular` against this portal, with this spec's token, as a real process. */
function simular(argumentos: string[]): Promise<{ codigo: number | null; texto: string }> {
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
          ACOPIO_TOKEN: TOKEN,
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
