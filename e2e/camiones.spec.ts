/**
 * The trucks screen in Chromium against the real portal. Reading tests use the demo yard of
 * cliente1 (company 1, Granos) and change nothing; linking and unlinking act only on trucks
 * (let in through the gate's API) and quotas each test makes for a company of this spec's own in
 * Subproductos, and removes.
 */
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { Api, borrarDatosDePrueba, haceMinutos, Porteria } from './datos';
import { expect, filaDeCamion, ingresar, test } from './fixtures';

const EMPRESA = 9071;
const NOMBRE_EMPRESA = 'Zeta Pruebas de Camiones E2E S.A.';
const UNIDAD = 2;

const COLUMNAS = [
  'ID',
  'Cliente',
  'Patente chasis',
  'Patente acoplado',
  'Carga teórica',
  'Nombre chofer',
  'DNI',
  'Ingreso',
  'Estado',
  'Espera',
  'Cupo',
  'Turno',
  'Acción',
];

const COLUMNAS_ASIGNADOS = [
  'Carga máxima',
  'Fecha Gen.',
  'Mezcla',
  'Tipo despacho',
  'Observaciones',
];

/** The administrator and the gate that arrange the tests of own data, and what they made. */
const propios = {
  admin: undefined as unknown as Api,
  porteria: undefined as unknown as Porteria,
  camiones: [] as number[],
  cupos: [] as number[],
};

/**
 * `n` trucks let in through the gate, the first one the newest (entered `i` minutes ago), with
 * plates E2E000AA, E2E001AA, …; 'operando' ones have a quota and their tare weighed.
 */
async function crearCamiones(n: number, estado: 'playa' | 'operando' = 'playa'): Promise<number[]> {
  const camiones: number[] = [];
  for (let i = 0; i < n; i++) {
    const tres = String(i).padStart(3, '0');
    const { camion } = await propios.porteria.ingreso({
      codempre: EMPRESA,
      unineg: UNIDAD,
      patcha: `E2E${tres}AA`,
      pataco: `ACO${tres}`,
      cargateorica: 28000,
      nomchofer: `Chofer E2E ${i}`,
      dni: String(40000000 + i),
      fecha: haceMinutos(i),
    });
    if (estado === 'operando') {
      // Without a quota the weighbridge refuses the tare.
      await crearCupo(28000, `Carga del camión ${i}`, camion);
      await propios.porteria.tara({ camion, kg: 15000, balanza: 'B1' });
    }
    camiones.push(camion);
  }
  propios.camiones.push(...camiones);
  return camiones.sort((a, b) => a - b);
}

/** A bulk quota of Harina de soja, optionally linked to a truck by the gate. */
async function crearCupo(cantidad: number, obs: string, camion?: number) {
  const ctrl = await propios.admin.crearCupo({
    codempre: EMPRESA,
    unineg: UNIDAD,
    coddespacho: 3,
    cantidad,
    obs,
    codpro: 10,
  });
  propios.cupos.push(ctrl);
  if (camion) await propios.porteria.vincular({ camion, cupo: ctrl });
  return ctrl;
}

async function verPlayaDePrueba(page: Page) {
  await page.getByLabel('Cliente').selectOption({ label: NOMBRE_EMPRESA });
  await page.getByLabel('Tipo despacho').selectOption({ label: 'Subproductos' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('cell', { name: 'E2E000AA' })).toBeVisible();
}

/**
 * What the person sees: the viewport (the table draws only the rows in view anyway), with the
 * modals' fade finished.
 */
const captura = (page: Page, nombre: string) =>
  page.screenshot({ path: `test-results/capturas/${nombre}.png`, animations: 'disabled' });

// e2e/ compiles without the DOM library: the page's code goes as text.
const desplazamiento = (page: Page) => page.evaluate<number>('window.scrollY');

/** Holds the requests to `ruta` until `soltar()`: the blocking modal can be seen meanwhile. */
async function retener(page: Page, ruta: string) {
  let soltar!: () => void;
  const soltado = new Promise<void>((r) => (soltar = r));
  await page.route(`**${ruta}`, async (route) => {
    await soltado;
    await route.continue();
  });
  return soltar;
}

/** The truck's status and quotas as the database holds them: the yardstick of the screen. */
async function estadoYCupo(db: pg.Pool, camion: number) {
  const { rows } = await db.query<{ codestado: number; cupos: string | null }>(
    `select c.codestado, string_agg(q.ctrl::text, ', ' order by q.ctrl) as cupos
     from camiones c left join cupos q on q.camion_ctrl = c.ctrl
     where c.ctrl = $1 group by c.codestado`,
    [camion],
  );
  return rows[0];
}

test.describe('camiones en playa: lectura (cliente1)', () => {
  test('la pantalla carga la selección guardada, con los filtros, las 11 columnas de la especificación y la espera', async ({
    page,
    baseDeDatos,
  }) => {
    await ingresar(page, 'cliente1');
    await expect(page).toHaveURL('/');
    for (const etiqueta of ['Cliente', 'Tipo despacho', 'Estado', 'Buscar']) {
      await expect(page.getByLabel(etiqueta, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Estado', { exact: true }).locator('option')).toHaveText([
      'Todos',
      'Finalizado',
      'Operando',
      'Playa sin orden',
      'Playa con orden',
    ]);
    await expect(page.getByLabel('Tipo despacho')).toHaveValue('1');
    await expect(page.getByRole('columnheader')).toHaveText(COLUMNAS.map((c) => new RegExp(c)));

    // The newest truck of the yard is the first row, and only company 1 is listed (the yard as
    // the database holds it: the yardstick of the screen).
    const { rows } = await baseDeDatos.query<{ ctrl: number; patcha: string }>(
      `select ctrl, patcha from camiones where codempre = 1 and unineg = 1
         and (codestado < 4 or finalizado_en > now() - interval '48 hours')
       order by ingplaya desc, ctrl desc`,
    );
    const filas = page.locator('tbody tr[data-index]');
    await expect(filas.first().getByRole('cell').first()).toHaveText(String(rows[0]!.ctrl));
    const ids = await filas.locator('td:first-child').allTextContents();
    expect(ids.length).toBeGreaterThanOrEqual(Math.min(rows.length, 12));
    expect(ids).toEqual(rows.slice(0, ids.length).map((r) => String(r.ctrl)));
    for (const texto of await filas.locator('td:nth-child(2)').allTextContents()) {
      expect(texto).toBe('Agroexportadora del Litoral S.A.');
    }
    // At 1366 px every column, the actions last, is in view without scrolling sideways.
    const accion = (await page.getByRole('columnheader', { name: 'Acción' }).boundingBox())!;
    expect(accion.x + accion.width).toBeLessThanOrEqual(1366);
    await captura(page, 'camiones');

    // The Ingreso header toggles the order: the oldest truck first, then back.
    await page.getByRole('button', { name: /Ingreso/ }).click();
    await expect(filas.first().getByRole('cell').first()).toHaveText(String(rows.at(-1)!.ctrl));
    await expect(page.getByRole('columnheader', { name: /Ingreso/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await page.getByRole('button', { name: /Ingreso/ }).click();
    await expect(filas.first().getByRole('cell').first()).toHaveText(String(rows[0]!.ctrl));

    // At phone width, one card per truck (issue 15): plates, status and its buttons in view.
    await page.setViewportSize({ width: 390, height: 844 });
    const tarjeta = page.getByRole('list', { name: 'Camiones' }).getByRole('article').first();
    await expect(tarjeta).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(tarjeta.getByRole('heading')).toContainText(rows[0]!.patcha);
    await expect(tarjeta.getByText(/^\d+ (h \d\d )?min/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await captura(page, 'camiones-390');
  });

  test('una cabecera que ordena lo hace con un clic en cualquier punto de su celda y con el teclado (1366 y 1024 px)', async ({
    page,
  }) => {
    await ingresar(page, 'cliente1');
    const filas = page.locator('tbody tr[data-index]');
    await expect(filas.first()).toBeVisible();
    const primerId = () => filas.first().locator('td').first().textContent();
    // Every sortable header of the screen (aria-sort marks them), whatever it is called.
    const ordenables = page.locator('thead th[aria-sort]');
    await expect(ordenables).not.toHaveCount(0);

    for (const ancho of [1366, 1024]) {
      await page.setViewportSize({ width: ancho, height: 768 });
      for (const cabecera of await ordenables.all()) {
        await cabecera.scrollIntoViewIfNeeded();
        if (ancho === 1366) await captura(page, `camiones-cabecera-${ancho}`);
        // The top edge and the centre of the cell: neither is on the word itself.
        for (const [donde, dy] of [
          ['borde superior', (_alto: number) => 3],
          ['centro', (alto: number) => alto / 2],
        ] as const) {
          const caja = (await cabecera.boundingBox())!;
          const antes = await cabecera.getAttribute('aria-sort');
          const id = await primerId();
          await page.mouse.click(caja.x + caja.width / 2, caja.y + dy(caja.height));
          await expect(cabecera, `${donde} a ${ancho} px`).not.toHaveAttribute('aria-sort', antes!);
          await expect.poll(primerId, `${donde} a ${ancho} px`).not.toBe(id);
        }
        // From the keyboard: the header's button takes the focus and Enter sorts.
        const antes = await cabecera.getAttribute('aria-sort');
        await cabecera.getByRole('button').focus();
        await page.keyboard.press('Enter');
        await expect(cabecera).not.toHaveAttribute('aria-sort', antes!);
      }
    }
  });

  test('acciones por estado, filtro de estado con Filtrar y Buscar mientras se escribe', async ({
    page,
  }) => {
    await ingresar(page, 'cliente1');
    const filas = page.locator('tbody tr[data-index]');
    await expect(filas.first()).toBeVisible();
    const acciones: Record<string, string[]> = {
      'Playa sin orden': ['Asingar'],
      'Playa con orden': ['Ver cupo', 'Asingar', 'Desasignar'],
      Operando: ['Ver cupo'],
      Finalizado: ['Ticket'],
    };
    for (const [estado, botones] of Object.entries(acciones)) {
      const una = filas.filter({ hasText: estado }).first();
      await expect(una.getByRole('button')).toHaveText(botones);
    }

    // A new status applies only when Filtrar is pressed.
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Finalizado' });
    await expect(filas.filter({ hasText: 'Playa sin orden' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(filas.first()).toContainText('Finalizado');
    for (const texto of await filas.locator('td:nth-child(9)').allTextContents()) {
      expect(texto).toBe('Finalizado');
    }

    // Buscar: any field, case-insensitive, as the user types; the date as displayed.
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Todos' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(filas.first()).toBeVisible();
    const patente = (await filas.nth(2).locator('td:nth-child(3)').textContent())!;
    const ingreso = (await filas.nth(2).locator('td:nth-child(8)').textContent())!;
    const buscar = page.getByLabel('Buscar');
    await buscar.pressSequentially(patente.toLowerCase());
    await expect(filas).toHaveCount(1);
    await expect(filas.first().locator('td:nth-child(3)')).toHaveText(patente);
    await buscar.fill(ingreso);
    await expect(filas.first().locator('td:nth-child(8)')).toHaveText(ingreso);
    await buscar.fill('no existe ningún camión así');
    await expect(page.getByText('No se encontraron camiones')).toBeVisible();
    await captura(page, 'camiones-sin-resultados');
    await buscar.fill('');
    await expect(filas.first()).toBeVisible();
  });

  test('Ver cupo muestra los cupos asignados sin la columna Desasignar', async ({
    page,
    baseDeDatos,
  }) => {
    // A demo truck with its quota, and the amount linked, read in the database: the yardstick.
    const { rows } = await baseDeDatos.query<{ camion: number; cantidad: number }>(
      `select c.ctrl as camion, q.cantidad_asignada as cantidad from camiones c
       join cupos q on q.camion_ctrl = c.ctrl
       where c.codempre = 1 and c.unineg = 1 and c.codestado = 2 order by c.ingplaya desc limit 1`,
    );
    const { camion, cantidad } = rows[0]!;
    await ingresar(page, 'cliente1');
    await filaDeCamion(page, camion).getByRole('button', { name: 'Ver cupo' }).click();
    const modal = page.getByRole('dialog', { name: /Cupos asignados/ });
    await expect(modal.getByRole('columnheader')).toHaveText(COLUMNAS_ASIGNADOS);
    await expect(modal.getByRole('cell').first()).toHaveText(
      new Intl.NumberFormat('es-AR').format(Number(cantidad)),
    );
    await captura(page, 'camiones-modal-ver-cupo');
    await modal.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(modal).toBeHidden();
  });

  test('Ticket muestra una tarjeta por ticket con los pesos en kg', async ({
    page,
    baseDeDatos,
  }) => {
    // A finished demo truck and its ticket's weights, read in the database: the yardstick.
    const { rows } = await baseDeDatos.query<{
      camion: number;
      ticket: number;
      tara: number;
      bruto: number;
      baltara: string;
    }>(
      `select c.ctrl as camion, t.ctrl as ticket, t.tara, t.bruto, t.baltara from camiones c
       join tickets t on t.camion_ctrl = c.ctrl
       where c.codempre = 1 and c.unineg = 1 and c.codestado = 4
         and c.finalizado_en > now() - interval '48 hours'
       order by c.ingplaya desc limit 1`,
    );
    const t = rows[0]!;
    const kg = (n: number) => `${new Intl.NumberFormat('es-AR').format(n)} kg`;
    await ingresar(page, 'cliente1');
    await filaDeCamion(page, t.camion).getByRole('button', { name: 'Ticket' }).click();
    const tarjeta = page
      .getByRole('dialog', { name: /Tickets/ })
      .getByRole('article', { name: `Ticket ${t.ticket}` });
    await expect(tarjeta).toContainText(`Ticket N° ${t.ticket}`);
    await expect(tarjeta).toContainText(`Tara${kg(t.tara)}`);
    await expect(tarjeta).toContainText(`Bruto${kg(t.bruto)}`);
    await expect(tarjeta).toContainText(`Neto ${kg(t.bruto - t.tara)}`);
    await expect(tarjeta).toContainText(`Balanza tara${t.baltara}`);
    for (const campo of ['Cliente', 'Chofer', 'Camión', 'Patente chasis', 'Patente acoplado']) {
      await expect(tarjeta.getByText(campo, { exact: true })).toBeVisible();
    }
    for (const campo of ['Producto', 'Fecha tara', 'Fecha bruto', 'Balanza bruto']) {
      await expect(tarjeta.getByText(campo, { exact: true })).toBeVisible();
    }
    await captura(page, 'camiones-modal-tickets');
    await page.setViewportSize({ width: 390, height: 844 });
    await captura(page, 'camiones-modal-tickets-390');
  });
});

test.describe('camiones en playa: asignar y desasignar (datos propios)', () => {
  test.beforeAll(async () => {
    propios.admin = await Api.abrir();
    await propios.admin.crearEmpresa(EMPRESA, NOMBRE_EMPRESA, [UNIDAD]);
    await propios.admin.productosDeCliente(EMPRESA, UNIDAD, [10]);
    propios.porteria = await Porteria.crear(propios.admin);
  });
  test.afterEach(async () => {
    await borrarDatosDePrueba({ camiones: propios.camiones, cupos: propios.cupos });
    propios.camiones = [];
    propios.cupos = [];
  });
  test.afterAll(async () => {
    await propios.porteria.revocar(propios.admin);
    await propios.admin.cerrar();
    await borrarDatosDePrueba({ empresas: [EMPRESA] });
  });

  test('Asingar: confirmación, bloqueo, aviso verde, lista recargada, modal cerrado y arriba de todo', async ({
    page,
    baseDeDatos,
  }) => {
    const camiones = await crearCamiones(25);
    const ultimo = camiones.at(-1)!; // the oldest entry: the last row
    const cupo = await crearCupo(31500, 'Retira por muelle 2, turno noche');
    await crearCupo(26000, 'Corto');
    await ingresar(page, 'admin');
    await verPlayaDePrueba(page);

    // Only the rows in view are drawn: the last one appears as a person scrolls down to it.
    await expect(filaDeCamion(page, ultimo)).toHaveCount(0);
    await page.mouse.wheel(0, 5000);
    await filaDeCamion(page, ultimo).getByRole('button', { name: 'Asingar' }).click();
    expect(await desplazamiento(page)).toBeGreaterThan(0);
    const modal = page.getByRole('dialog', { name: /Cupos disponibles/ });
    await expect(modal.getByRole('columnheader')).toHaveText([
      'Fecha Gen.',
      'Despacho',
      'Envase',
      'Mezcla',
      'Cantidad',
      'Obs',
      'Acción',
    ]);
    const filaCupo = modal.getByRole('row').filter({ hasText: '31.500' });
    await expect(filaCupo.getByRole('cell')).toHaveText([
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
      'Granel',
      'Sin envase',
      'Harina de soja',
      '31.500',
      'Retira por muelle 2,...',
      'Asginar',
    ]);
    await expect(modal.getByRole('row').filter({ hasText: '26.000' })).toContainText('Corto');
    await captura(page, 'camiones-modal-cupos-disponibles');

    // Cancelling the confirmation changes nothing.
    await filaCupo.getByRole('button', { name: 'Asginar' }).click();
    const confirmacion = page.getByRole('dialog', { name: 'Confirmación' });
    await expect(confirmacion).toContainText('¿Confirma que quiere vincular el cupo al camion?');
    await captura(page, 'camiones-confirmar-vincular');
    await confirmacion.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirmacion).toBeHidden();
    await expect(modal).toBeVisible();
    expect(await estadoYCupo(baseDeDatos, ultimo)).toEqual({ codestado: 1, cupos: null });

    const soltar = await retener(page, '/api/camiones/vincular-camion-cupo');
    await filaCupo.getByRole('button', { name: 'Asginar' }).click();
    await confirmacion.getByRole('button', { name: 'Aceptar' }).click();
    const bloqueo = page.getByRole('dialog', { name: 'Cargando, aguarde un momento.' });
    await expect(bloqueo).toBeVisible();
    await expect(bloqueo).toContainText('El servidor esta procesando la información.');
    await captura(page, 'camiones-bloqueo');
    // The blocking modal cannot be dismissed while the server works.
    await page.keyboard.press('Escape');
    await expect(bloqueo).toBeVisible();
    soltar();

    await expect(
      page
        .locator('.Toastify__toast-container--top-center')
        .getByText('Datos guardados con exito!!'),
    ).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(bloqueo).toBeHidden();
    await expect.poll(() => desplazamiento(page)).toBe(0);
    await page.getByLabel('Buscar').fill('e2e024aa');
    await expect(filaDeCamion(page, ultimo)).toContainText('Playa con orden');
    await expect(filaDeCamion(page, ultimo).getByRole('cell').nth(10)).toHaveText(String(cupo));
    await expect(filaDeCamion(page, ultimo).getByRole('button')).toHaveText([
      'Ver cupo',
      'Asingar',
      'Desasignar',
    ]);
    expect(await estadoYCupo(baseDeDatos, ultimo)).toEqual({ codestado: 2, cupos: String(cupo) });
    await captura(page, 'camiones-vinculado');
  });

  test('si otro operador asignó el cupo antes: alerta roja "Algo salió mal" y la lista del modal se actualiza', async ({
    page,
    baseDeDatos,
  }) => {
    const [camion, otro] = await crearCamiones(2);
    const cupo = await crearCupo(30000, 'Disputado');
    await ingresar(page, 'admin');
    await verPlayaDePrueba(page);
    await filaDeCamion(page, camion!).getByRole('button', { name: 'Asingar' }).click();
    const modal = page.getByRole('dialog', { name: /Cupos disponibles/ });
    await expect(modal.getByText('Disputado')).toBeVisible();

    // Another operator takes the quota while this one looks at the list.
    await propios.porteria.vincular({ camion: otro!, cupo });
    await modal.getByRole('button', { name: 'Asginar' }).click();
    await page
      .getByRole('dialog', { name: 'Confirmación' })
      .getByRole('button', { name: 'Aceptar' })
      .click();

    const alerta = modal.locator('.alert-danger');
    await expect(alerta).toContainText('Los siguientes errores impidieron guardar los datos:');
    await expect(alerta.getByRole('listitem')).toHaveText([
      'Algo salió mal',
      'Otro operador ya asignó este cupo a un camión',
    ]);
    await expect(modal.getByText('No se encontraron cupos')).toBeVisible();
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    await captura(page, 'camiones-error-vincular');
    expect(await estadoYCupo(baseDeDatos, camion!)).toEqual({ codestado: 1, cupos: null });
  });

  test('Desasignar: columna Desasignar, confirmación y el camión vuelve a Playa sin orden', async ({
    page,
    baseDeDatos,
  }) => {
    const [camion] = await crearCamiones(3);
    const cupo = await crearCupo(29000, 'A desasignar', camion);
    await ingresar(page, 'admin');
    await verPlayaDePrueba(page);
    await filaDeCamion(page, camion!).getByRole('button', { name: 'Desasignar' }).click();
    const modal = page.getByRole('dialog', { name: /Cupos asignados/ });
    await expect(modal.getByRole('columnheader')).toHaveText([...COLUMNAS_ASIGNADOS, 'Desasignar']);
    await expect(modal.getByRole('cell').first()).toHaveText('29.000');
    await captura(page, 'camiones-modal-desasignar');
    await page.setViewportSize({ width: 390, height: 844 });
    await captura(page, 'camiones-modal-desasignar-390');
    await page.setViewportSize({ width: 1366, height: 768 });

    const soltar = await retener(page, '/api/camiones/desasignar-cupo-camion');
    await modal.getByRole('button', { name: 'Desasignar' }).click();
    const confirmacion = page.getByRole('dialog', { name: 'Confirmación' });
    await expect(confirmacion).toContainText('¿Confirma que quiere desvincular el cupo al camion?');
    await confirmacion.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByRole('dialog', { name: 'Cargando, aguarde un momento.' })).toBeVisible();
    soltar();
    await expect(page.getByText('Datos guardados con exito!!')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(filaDeCamion(page, camion!)).toContainText('Playa sin orden');
    // The spec's 'Asingar', and for the administrator issue 24's check-in by turn code or plate.
    await expect(filaDeCamion(page, camion!).getByRole('button')).toHaveText([
      'Asingar',
      'Presentar turno',
    ]);
    expect(await estadoYCupo(baseDeDatos, camion!)).toEqual({ codestado: 1, cupos: null });
    // The unlink in the audit, as 'Auditoría' finds it (the quota's creation and link are there
    // too: the arrangement made them through the API).
    const { filas } = await propios.admin.post('/api/administracion/auditoria', {
      tabla: 'cupos',
      filaId: String(cupo),
      accion: 'desvincular_cupo',
    });
    expect(filas.map(({ accion, actor }) => ({ accion, actor }))).toEqual([
      { accion: 'desvincular_cupo', actor: 'admin' },
    ]);
  });

  test('Cupos asignados de un camión que ya no está: ALGO SALIO MAL', async ({ page }) => {
    const [camion] = await crearCamiones(1, 'operando');
    await ingresar(page, 'admin');
    await verPlayaDePrueba(page);
    // Gone meanwhile: no route removes a truck, the shared helper does.
    await borrarDatosDePrueba({ camiones: [camion!] });
    await filaDeCamion(page, camion!).getByRole('button', { name: 'Ver cupo' }).click();
    const modal = page.getByRole('dialog', { name: /Cupos asignados/ });
    await expect(modal.getByText('ALGO SALIO MAL', { exact: true })).toBeVisible();
    // The server's answer named its request: the person can quote it to the terminal.
    await expect(modal.getByText(/^Referencia: [0-9a-f-]{36}$/)).toBeVisible();
    await captura(page, 'camiones-modal-asignados-error');
  });
});

test.describe('camiones en playa: ticket de balanza impreso (cliente1)', () => {
  test('Imprimir abre la impresión con solo el ticket: número, patentes, chofer, producto y pesos', async ({
    page,
  }) => {
    await ingresar(page, 'cliente1');
    // The newest finished truck of the yard that has its ticket, and the ticket as the API gives
    // it: the printed one must say exactly this.
    const finalizados = await page.request.post('/api/camiones/camiones-playa', {
      data: { filtros: { codempre: 1, unineg: 1, estado: 4 } },
    });
    expect(finalizados.status()).toBe(200);
    let camion = 0;
    let tickets: {
      ctrl: number;
      nomempre: string;
      nomchofer: string;
      camion: number;
      patcha: string;
      pataco: string | null;
      tara: number;
      fechatara: string;
      baltara: string;
      bruto: number;
      fechabruto: string;
      balbruto: string;
      neto: number;
      mezcla: string;
    }[] = [];
    for (const { ctrl } of (await finalizados.json()) as { ctrl: number }[]) {
      const respuesta = await page.request.post('/api/camiones/tickets', {
        data: { camion: ctrl },
      });
      expect(respuesta.status()).toBe(200);
      [camion, tickets] = [ctrl, (await respuesta.json()) as typeof tickets];
      if (tickets.length > 0) break;
    }
    const [t] = tickets;
    const kg = (n: number) => `${new Intl.NumberFormat('es-AR').format(n)} kg`;
    const fecha = (f: string) => f.slice(0, 19).replace('T', ' ');

    // The browser's print dialog is recorded instead of opened.
    await page.evaluate(
      'window.__impresiones = 0; window.print = () => { window.__impresiones++; }',
    );
    await filaDeCamion(page, camion).getByRole('button', { name: 'Ticket' }).click();
    const modal = page.getByRole('dialog', { name: /Tickets/ });
    await modal.getByRole('button', { name: `Imprimir ticket N° ${t!.ctrl}` }).click();
    await expect.poll(() => page.evaluate<number>('window.__impresiones')).toBe(1);

    // On screen the printable ticket does not show; the modal stays as it was.
    const impreso = page.getByTestId('ticket-impresion');
    await expect(impreso).toBeAttached();
    await expect(impreso).toBeHidden();
    await expect(modal).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    await expect(impreso).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.locator('#root')).toBeHidden();
    // Headed by the terminal's own data (company 0 of the demo).
    await expect(impreso).toContainText('Terminal Puerto Acopio S.A.');
    await expect(impreso).toContainText(
      'CUIT 30-71234567-1 · Av. de la Costanera 1500, Puerto San Martín, Santa Fe',
    );
    await expect(impreso).toContainText(`Ticket N° ${t!.ctrl}`);
    await expect(impreso).toContainText(`Cliente${t!.nomempre}`);
    await expect(impreso).toContainText(`Camión${t!.camion}`);
    await expect(impreso).toContainText(
      `Patentes (chasis / acoplado)${t!.pataco ? `${t!.patcha} / ${t!.pataco}` : t!.patcha}`,
    );
    await expect(impreso).toContainText(`Chofer${t!.nomchofer}`);
    await expect(impreso).toContainText(`Producto${t!.mezcla}`);
    const pesos = impreso.getByRole('table');
    await expect(pesos.getByRole('row', { name: /^Tara/ }).getByRole('cell')).toHaveText([
      kg(t!.tara),
      fecha(t!.fechatara),
      t!.baltara,
    ]);
    await expect(pesos.getByRole('row', { name: /^Bruto/ }).getByRole('cell')).toHaveText([
      kg(t!.bruto),
      fecha(t!.fechabruto),
      t!.balbruto,
    ]);
    await expect(pesos.getByRole('row', { name: /^Neto/ }).getByRole('cell').first()).toHaveText(
      kg(t!.neto),
    );
    await page.screenshot({
      path: 'test-results/capturas/camiones-ticket-impreso.png',
      fullPage: true,
    });

    await page.emulateMedia({ media: 'screen' });
    await expect(impreso).toBeHidden();
    await expect(modal).toBeVisible();
  });
});
