/**
 * The quotas list and the stock screen follow the yard (issue 15), in Chromium against the real
 * portal. cliente1 watches its unassigned quotas: the gate API links one to a truck and it leaves
 * the list within two seconds, with no reload and without loading the list again; unlinked, it
 * comes back, marked. At 390 px each quota is a card with its actions, axe clean. The
 * administrator watches the stock of a client this spec creates: a truck with a quota is weighed
 * (tare, gross) through the API and the table changes by itself.
 */
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { numeroAr } from '../src/shared/formato';
import { type Api, borrarDatosDePrueba } from './datos';
import { expect, ingresar, test } from './fixtures';
import { capturas, sinViolacionesGraves } from './revision-pantalla';

const GRANOS = 1;
const EMPRESA = 9063;
const NOMBRE = 'Zeta Pruebas de Stock en Vivo E2E S.A.';

/** A bulk quota of a client in Granos, as the order form saves it. */
const cupoGranel = (api: Api, codempre: number, obs: string, codpro: number) =>
  api.crearCupo({ codempre, unineg: GRANOS, coddespacho: 1, cantidad: 25000, obs, codpro });

/**
 * A truck's entry. Its plate must have 5 to 10 letters and digits: the tests' random plates take
 * six digits always (with `randomInt(1e6)` a number under 100 made `SV42`, and a 400).
 */
const ingreso = (codempre: number, patcha: string, cupo?: number) => ({
  codempre,
  unineg: GRANOS,
  patcha,
  cargateorica: 28000,
  nomchofer: 'Chofer Cupos En Vivo',
  dni: '30999777',
  ...(cupo === undefined ? {} : { cupo }),
});

/** The quota's row (a card at phone width), found by its 'Detalle' button. */
const filaDelCupo = (page: Page, ctrl: number) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Detalle del cupo ${ctrl}`, exact: true }) });

test.describe('cupos y stock en vivo', () => {
  const cuposPropios: number[] = [];
  const camionesPropios: number[] = [];

  test.afterAll(async () => {
    await borrarDatosDePrueba({
      empresas: [EMPRESA],
      cupos: cuposPropios,
      camiones: camionesPropios,
    });
  });

  test('un cupo vinculado por la portería sale del listado del cliente en 2 s; desvinculado vuelve', async ({
    page,
    api,
    porteria,
  }) => {
    const cupo = await cupoGranel(api, 1, `Cupo en vivo E2E ${randomInt(1e6)}`, 1);
    cuposPropios.push(cupo);

    await ingresar(page, 'cliente1');
    await page.getByRole('navigation').getByRole('link', { name: 'Cupos', exact: true }).click();
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Granos' });
    await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toHaveText(
      /^● En vivo, actualizado a las \d\d:\d\d:\d\d$/,
    );
    const fila = filaDelCupo(page, cupo);
    await expect(fila).toHaveCount(1);

    // A truck enters: new to the screen, it may have lost a quota, so the list loads once.
    const recargada = page.waitForResponse((r) => r.url().endsWith('/api/cupos'));
    const { camion } = await porteria.ingreso(ingreso(1, `CV${randomInt(100_000, 1_000_000)}`));
    camionesPropios.push(camion);
    await recargada;

    // The gate links the quota: it leaves the list within 2 s, no page load, no list load.
    let listas = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/cupos')) listas += 1;
    });
    await page.evaluate(() => ((window as unknown as { sinRecarga: boolean }).sinRecarga = true));
    await porteria.vincular({ camion, cupo });
    await expect(fila).toHaveCount(0, { timeout: 2_000 });
    expect(listas).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { sinRecarga?: boolean }).sinRecarga),
    ).toBe(true);

    // Unlinked from the trucks' screen (cliente1's own session): it comes back, marked.
    const res = await page.request.post('/api/camiones/desasignar-cupo-camion', {
      data: { ctrl: cupo, codcamion: camion },
    });
    expect(res.status(), await res.text()).toBe(201);
    await expect(fila).toHaveCount(1, { timeout: 2_000 });
    await expect(fila).toHaveClass(/fila-cambiada/);
    await expect(fila).not.toHaveClass(/fila-cambiada/);
  });

  test('a 390 px cada cupo es una tarjeta con sus acciones, sin violaciones de axe', async ({
    page,
    api,
  }) => {
    const cupo = await cupoGranel(
      api,
      1,
      'Tarjeta E2E con observaciones largas para el ancho de un teléfono',
      1,
    );
    cuposPropios.push(cupo);
    await ingresar(page, 'cliente1');
    await page.goto('/cupos');
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Granos' });
    await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    const fila = filaDelCupo(page, cupo);
    await expect(fila).toHaveCount(1);
    await capturas(page, 'cupos-en-vivo');

    await page.setViewportSize({ width: 390, height: 844 });
    // Headers are there for screen readers only; each card says what each value is.
    await expect(page.getByRole('columnheader', { name: 'Mezcla' })).not.toBeInViewport();
    await fila.scrollIntoViewIfNeeded();
    const caja = (await fila.boundingBox())!;
    expect(caja.x).toBeGreaterThanOrEqual(0);
    expect(caja.x + caja.width).toBeLessThanOrEqual(390);
    // Stacked: the card is taller than wide-screen row, its values one under the other.
    expect(caja.height).toBeGreaterThan(150);
    for (const accion of [
      fila.getByRole('button', { name: `Detalle del cupo ${cupo}` }),
      fila.getByRole('link', { name: `Modificar el cupo ${cupo}` }),
      fila.getByRole('button', { name: `Eliminar el cupo ${cupo}` }),
    ]) {
      await expect(accion).toBeInViewport({ ratio: 1 });
    }
    for (const etiqueta of ['Fecha Gen.', 'Despacho', 'Envase', 'Mezcla', 'Cantidad', 'Obs']) {
      await expect(fila.locator(`td[data-etiqueta="${etiqueta}"]`)).toBeVisible();
    }
    await sinViolacionesGraves(page, 'cupos a 390 px');
    await fila.screenshot({ path: 'test-results/capturas/cupos-tarjeta-390.png' });
  });

  test('el stock cambia solo cuando un camión con cupo termina de pesarse', async ({
    page,
    api,
    porteria,
    baseDeDatos,
  }) => {
    await api.crearEmpresa(EMPRESA, NOMBRE, [GRANOS]);
    await api.productosDeCliente(EMPRESA, GRANOS, [1]);
    const cupo = await cupoGranel(api, EMPRESA, 'Stock en vivo E2E', 1);

    await ingresar(page, 'admin');
    await page.goto('/stock');
    await page.getByLabel('Cliente').selectOption({ label: NOMBRE });
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Granos' });
    // No stock yet, but the open quota's 25 t are committed (issue 16): one line, 0 in stock.
    const linea = page.locator('table.tabla-stock tbody tr');
    await expect(linea).toHaveCount(1);
    await expect(linea.getByRole('cell')).toHaveText([
      '1',
      /.+/,
      numeroAr(0, 3, 3),
      numeroAr(25, 3, 3),
      numeroAr(-25, 3, 3),
      'Movimientos',
    ]);
    await expect(page.getByRole('status')).toHaveText(
      /^● En vivo, actualizado a las \d\d:\d\d:\d\d$/,
    );
    await page.evaluate(() => ((window as unknown as { sinRecarga: boolean }).sinRecarga = true));

    const { camion } = await porteria.ingreso(
      ingreso(EMPRESA, `SV${randomInt(100_000, 1_000_000)}`, cupo),
    );
    await porteria.tara({ camion, kg: 15_000, balanza: 'B1' });
    await porteria.bruto({ camion, kg: 43_500, balanza: 'B1' });

    // An order ('D') takes the net out of the client's stock: 28.5 t of soy… as the ledger says
    // (read there: the yardstick of the screen).
    const { rows } = await baseDeDatos.query<{ nompro: string; toneladas: string }>(
      `select p.nompro, sum(m.toneladas) as toneladas from stock_movimientos m
       join productos p on p.codpro = m.codpro where m.codempre = $1 group by p.nompro`,
      [EMPRESA],
    );
    expect(rows).toHaveLength(1);
    // The quota was consumed by the weighing: nothing committed any more.
    await expect(linea).toHaveCount(1);
    await expect(linea.getByRole('cell')).toHaveText([
      '1',
      rows[0]!.nompro,
      numeroAr(Number(rows[0]!.toneladas), 3, 3),
      numeroAr(0, 3, 3),
      numeroAr(Number(rows[0]!.toneladas), 3, 3),
      'Movimientos',
    ]);
    expect(Math.abs(Number(rows[0]!.toneladas))).toBe(28.5);
    expect(
      await page.evaluate(() => (window as unknown as { sinRecarga?: boolean }).sinRecarga),
    ).toBe(true);
    await capturas(page, 'stock-en-vivo');
  });
});
