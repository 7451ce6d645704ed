/**
 * Turns on the dashboard and the yard board (issue 24, point 5) in Chromium: a company of this
 * spec's own in Subproductos books four turns three days ahead through the API; two trucks came
 * (one on time, linked to a truck in the yard, one late) and one did not. The dashboard's turns
 * section shows them, its chart and bars saying the same numbers as the tables under them; the
 * yard board shows the truck's band and 'A tiempo'. Screens looked at at 1366 and 390 px.
 *
 * The arrivals and the no-show are written in the database (marked below): the only raw SQL of
 * this spec, for a state no API can make at a test's speed. The gate's check-in classifies an
 * arrival on the portal's clock against its band, and the no-show worker waits for the band's
 * end plus the tolerance; these bands are three days ahead of a real clock, and a late arrival
 * and a no-show of the same band need that band's time to pass. `turnos-porteria.spec.ts` checks
 * trucks in through the gate's API; the server's tests make these states with the services on
 * injected clocks (`tablero/turnos.test.ts`).
 */
import type { Page } from '@playwright/test';
import { Api, borrarDatosDePrueba, haceMinutos, Porteria } from './datos';
import { expect, ingresar, test } from './fixtures';
import { capturas } from './revision-pantalla';

const EMPRESA = 9083;
const NOMBRE = 'Turnos del Tablero E2E S.A.';
const UNIDAD = 2;
const propios = {
  admin: undefined as unknown as Api,
  porteria: undefined as unknown as Porteria,
  camion: 0,
  turnos: [] as number[],
};

/** A day of the terminal's calendar, n days from today. */
function dia(n: number): string {
  const f = new Date(Date.now() + n * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(f);
}
const FECHA = dia(3);
const ddmm = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseDeDatos }) => {
  const admin = (propios.admin = await Api.abrir());
  await admin.crearEmpresa(EMPRESA, NOMBRE, [UNIDAD]);
  await admin.productosDeCliente(EMPRESA, UNIDAD, [10]);
  propios.porteria = await Porteria.crear(admin);
  const franjas = [];
  for (let diaSemana = 1; diaSemana <= 7; diaSemana++) {
    for (let hora = 8; hora < 18; hora++) franjas.push({ diaSemana, hora, capacidad: 6 });
  }
  await admin.post('/api/administracion/turnos/plantilla', { unineg: UNIDAD, franjas });
  for (const hora of [9, 9, 9, 10]) {
    const cupo = await admin.crearCupo({
      codempre: EMPRESA,
      unineg: UNIDAD,
      coddespacho: 3,
      cantidad: 28000,
      obs: 'Turno E2E',
      codpro: 10,
    });
    const t = await admin.post('/api/turnos/reservar', { cupo, fecha: FECHA, hora });
    propios.turnos.push(t.id);
  }
  const { camion } = await propios.porteria.ingreso({
    codempre: EMPRESA,
    unineg: UNIDAD,
    patcha: 'TUR123AA',
    pataco: 'ACO123',
    cargateorica: 28000,
    nomchofer: 'Chofer Turnos E2E',
    dni: '41000001',
    fecha: haceMinutos(5),
  });
  propios.camion = camion;
  // What the gate's check-in and the no-show worker write, once the bands' time has passed (see
  // the header: no API makes it now).
  const [aTiempo, tarde, ausente] = propios.turnos;
  await baseDeDatos.query(
    `update turnos set estado = 'presente', clasificacion = 'a_tiempo', llegada = now(),
       camion_ctrl = $2 where id = $1`,
    [aTiempo, camion],
  );
  await baseDeDatos.query(
    `update turnos set estado = 'presente', clasificacion = 'tarde', llegada = now() where id = $1`,
    [tarde],
  );
  await baseDeDatos.query(`update turnos set estado = 'ausente' where id = $1`, [ausente]);
});

test.afterAll(async ({ baseDeDatos }) => {
  await baseDeDatos.query('delete from turnos where codempre = $1', [EMPRESA]);
  await propios.admin.post('/api/administracion/turnos/plantilla', {
    unineg: UNIDAD,
    franjas: [],
  });
  await propios.porteria.revocar(propios.admin);
  await propios.admin.cerrar();
  await borrarDatosDePrueba({ empresas: [EMPRESA] });
});

/** A table's rows (by caption) as read, header first. */
async function filas(page: Page, tabla: string): Promise<string[][]> {
  const t = page.getByRole('table', { name: tabla, exact: true });
  const r: string[][] = [];
  for (const fila of await t.locator('tr').all()) {
    r.push((await fila.locator('th, td').allInnerTexts()).map((x) => x.trim()));
  }
  return r;
}

test('el tablero: reservados, capacidad y llegados por día y hora, y la puntualidad; gráfico y tabla dicen lo mismo', async ({
  page,
}) => {
  await ingresar(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Tablero' }).click();
  await page.getByLabel('Cliente').selectOption({ label: NOMBRE });
  await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Subproductos' });
  await page.getByLabel('Desde').fill(dia(0));
  await page.getByLabel('Hasta').fill(FECHA);
  await page.getByRole('button', { name: 'Actualizar' }).click();
  const seccion = page.getByRole('region', { name: 'Turnos por hora y por día', exact: true });
  await expect(seccion.getByRole('table', { name: 'Turnos por día' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  const dias = await filas(page, 'Turnos por día');
  const fila = dias.find((f) => f[0] === `${ddmm(FECHA)}/${FECHA.slice(0, 4)}`)!;
  // 10 bands of 6 places; 4 booked, 2 came, 1 did not; 4 of 60 = 6,7 %.
  expect(fila).toEqual([fila[0], '60', '4', '2', '1', '6,7']);
  const total = dias.at(-1)!;
  expect(total.slice(2, 5)).toEqual(['4', '2', '1']);
  // The chart says the totals of the table under it.
  await expect(
    seccion.getByRole('img', {
      name: new RegExp(
        `: ${total[2]} reservados de ${total[1]!.replace('.', '\\.')} lugares, ${total[3]} llegados y ${total[4]} ausentes\\.$`,
      ),
    }),
  ).toBeVisible();
  await expect(seccion.getByRole('img').locator('canvas').first()).toBeVisible();

  const puntualidad = await filas(page, 'Puntualidad por empresa');
  expect(puntualidad[1]).toEqual([NOMBRE, '4', '1', '0', '1', '1', '33,3']);
  // The company's bar: the same four numbers as its row.
  const barra = seccion.locator(`[data-empresa="${EMPRESA}"]`);
  await expect(barra).toHaveAttribute('data-valores', '1,0,1,1');
  await expect(barra).toHaveAccessibleName(
    `${NOMBRE}: a tiempo 1, temprano 0, tarde 1, ausentes 1; 33,3 % a tiempo.`,
  );

  await seccion.scrollIntoViewIfNeeded();
  await capturas(page, 'tablero-turnos');
});

test('la playa muestra la franja del turno del camión y que llegó a tiempo', async ({ page }) => {
  await ingresar(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Camiones' }).click();
  await page.getByLabel('Cliente').selectOption({ label: NOMBRE });
  await page.getByLabel('Tipo despacho').selectOption({ label: 'Subproductos' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const fila = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'TUR123AA', exact: true }) });
  await expect(fila.locator('.celda-turno')).toHaveText(`${ddmm(FECHA)} 09–10A tiempo`);
  await expect(page.getByRole('columnheader', { name: 'Turno' })).toBeVisible();
  await capturas(page, 'camiones-turno');
  // At phone width the truck's card says it too.
  await page.setViewportSize({ width: 390, height: 844 });
  const tarjeta = page.getByRole('article', { name: /TUR123AA/ });
  await expect(tarjeta).toContainText(`Turno${ddmm(FECHA)} 09–10A tiempo`);
  await page.setViewportSize({ width: 1366, height: 900 });
});
