/**
 * The trucks screen in Chromium against the real portal. Reading tests use the demo yard of
 * cliente1 (company 1, Granos) and change nothing; linking and unlinking act only on trucks and
 * quotas each test inserts for company 5 in Subproductos, where the demo has none, and removes.
 */
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, ingresar, test } from './fixtures';

const EMPRESA = 5;
const NOMBRE_EMPRESA = 'Cooperativa Agrícola Las Varillas Ltda.';
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
  'Acción',
];

const COLUMNAS_ASIGNADOS = [
  'Carga máxima',
  'Fecha Gen.',
  'Mezcla',
  'Tipo despacho',
  'Observaciones',
];

async function limpiar(db: pg.Pool) {
  await db.query(
    `delete from cupos where codempre = $1 and unineg = $2`, // cupo_productos cascade
    [EMPRESA, UNIDAD],
  );
  await db.query(
    `delete from tickets where camion_ctrl in (select ctrl from camiones where codempre = $1 and unineg = $2)`,
    [EMPRESA, UNIDAD],
  );
  await db.query(`delete from camiones where codempre = $1 and unineg = $2`, [EMPRESA, UNIDAD]);
}

/** `n` trucks in status 1, the first one the newest, with plates E2E000AA, E2E001AA, … */
async function crearCamiones(db: pg.Pool, n: number, codestado = 1): Promise<number[]> {
  const { rows } = await db.query<{ ctrl: number }>(
    `insert into camiones (codempre, unineg, patcha, pataco, cargateorica, nomchofer, dni, ingplaya,
                           codestado, finalizado_en)
     select $1, $2, 'E2E' || lpad(i::text, 3, '0') || 'AA', 'ACO' || lpad(i::text, 3, '0'), 28000,
            'Chofer E2E ' || i, (40000000 + i)::text, now() - make_interval(mins => i),
            $4::smallint, case when $4::smallint = 4 then now() end
     from generate_series(0, $3 - 1) i
     returning ctrl`,
    [EMPRESA, UNIDAD, n, codestado],
  );
  return rows.map((r) => r.ctrl).sort((a, b) => a - b);
}

/** A bulk quota of Harina de soja, optionally linked to a truck. */
async function crearCupo(db: pg.Pool, cantidad: number, obs: string, camion?: number) {
  const { rows } = await db.query<{ ctrl: number }>(
    `insert into cupos (codempre, unineg, tipo, coddespacho, cantidad, obs, fechagen,
                        camion_ctrl, cantidad_asignada, asignado_en)
     values ($1, $2, 'D', 3, $3, $4, now() - interval '2 hours', $5::int,
             case when $5::int is null then null else $3::numeric end,
             case when $5::int is null then null else now() end)
     returning ctrl`,
    [EMPRESA, UNIDAD, cantidad, obs, camion ?? null],
  );
  const ctrl = rows[0]!.ctrl;
  await db.query(`insert into cupo_productos values ($1, 10, 100)`, [ctrl]);
  if (camion) await db.query(`update camiones set codestado = 2 where ctrl = $1`, [camion]);
  return ctrl;
}

async function verPlayaDePrueba(page: Page) {
  await page.getByLabel('Cliente').selectOption({ label: NOMBRE_EMPRESA });
  await page.getByLabel('Tipo despacho').selectOption({ label: 'Subproductos' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('cell', { name: 'E2E000AA' })).toBeVisible();
}

const fila = (page: Page, ctrl: number) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(ctrl), exact: true }) });

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

    // The newest truck of the yard is the first row, and only company 1 is listed.
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
    const { rows } = await baseDeDatos.query<{ camion: number; cantidad: number }>(
      `select c.ctrl as camion, q.cantidad_asignada as cantidad from camiones c
       join cupos q on q.camion_ctrl = c.ctrl
       where c.codempre = 1 and c.unineg = 1 and c.codestado = 2 order by c.ingplaya desc limit 1`,
    );
    const { camion, cantidad } = rows[0]!;
    await ingresar(page, 'cliente1');
    await fila(page, camion).getByRole('button', { name: 'Ver cupo' }).click();
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
    await fila(page, t.camion).getByRole('button', { name: 'Ticket' }).click();
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
  test.beforeEach(async ({ baseDeDatos }) => limpiar(baseDeDatos));
  test.afterEach(async ({ baseDeDatos }) => limpiar(baseDeDatos));

  test('Asingar: confirmación, bloqueo, aviso verde, lista recargada, modal cerrado y arriba de todo', async ({
    page,
    baseDeDatos,
  }) => {
    const camiones = await crearCamiones(baseDeDatos, 25);
    const ultimo = camiones.at(-1)!; // the oldest entry: the last row
    const cupo = await crearCupo(baseDeDatos, 31500, 'Retira por muelle 2, turno noche');
    await crearCupo(baseDeDatos, 26000, 'Corto');
    await ingresar(page, 'admin');
    await verPlayaDePrueba(page);

    // Only the rows in view are drawn: the last one appears as a person scrolls down to it.
    await expect(fila(page, ultimo)).toHaveCount(0);
    await page.mouse.wheel(0, 5000);
    await fila(page, ultimo).getByRole('button', { name: 'Asingar' }).click();
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
    await expect(fila(page, ultimo)).toContainText('Playa con orden');
    await expect(fila(page, ultimo).getByRole('cell').nth(10)).toHaveText(String(cupo));
    await expect(fila(page, ultimo).getByRole('button')).toHaveText([
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
    const [camion, otro] = await crearCamiones(baseDeDatos, 2);
    const cupo = await crearCupo(baseDeDatos, 30000, 'Disputado');
    await ingresar(page, 'admin');
    await verPlayaDePrueba(page);
    await fila(page, camion!).getByRole('button', { name: 'Asingar' }).click();
    const modal = page.getByRole('dialog', { name: /Cupos disponibles/ });
    await expect(modal.getByText('Disputado')).toBeVisible();

    // Another operator takes the quota while this one looks at the list.
    await baseDeDatos.query(
      `update cupos set camion_ctrl = $1, cantidad_asignada = cantidad where ctrl = $2`,
      [otro, cupo],
    );
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
    const [camion] = await crearCamiones(baseDeDatos, 3);
    const cupo = await crearCupo(baseDeDatos, 29000, 'A desasignar', camion);
    await ingresar(page, 'admin');
    await verPlayaDePrueba(page);
    await fila(page, camion!).getByRole('button', { name: 'Desasignar' }).click();
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
    await expect(fila(page, camion!)).toContainText('Playa sin orden');
    await expect(fila(page, camion!).getByRole('button')).toHaveText(['Asingar']);
    expect(await estadoYCupo(baseDeDatos, camion!)).toEqual({ codestado: 1, cupos: null });
    const { rows } = await baseDeDatos.query(
      `select accion, actor from auditoria where tabla = 'cupos' and fila_id = $1`,
      [String(cupo)],
    );
    expect(rows).toEqual([{ accion: 'desvincular_cupo', actor: 'admin' }]);
  });

  test('Cupos asignados de un camión que ya no está: ALGO SALIO MAL', async ({
    page,
    baseDeDatos,
  }) => {
    const [camion] = await crearCamiones(baseDeDatos, 1, 3);
    await ingresar(page, 'admin');
    await verPlayaDePrueba(page);
    await baseDeDatos.query(`delete from camiones where ctrl = $1`, [camion]);
    await fila(page, camion!).getByRole('button', { name: 'Ver cupo' }).click();
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
    baseDeDatos,
  }) => {
    const { rows } = await baseDeDatos.query<{ camion: number }>(
      `select c.ctrl as camion from camiones c
       where c.codempre = 1 and c.unineg = 1 and c.codestado = 4
         and c.finalizado_en > now() - interval '48 hours'
         and exists (select 1 from tickets t where t.camion_ctrl = c.ctrl)
       order by c.ingplaya desc limit 1`,
    );
    const camion = rows[0]!.camion;
    await ingresar(page, 'cliente1');
    // The ticket as the API gives it: the printed one must say exactly this.
    const respuesta = await page.request.post('/api/camiones/tickets', { data: { camion } });
    expect(respuesta.status()).toBe(200);
    const [t] = (await respuesta.json()) as {
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
    }[];
    const kg = (n: number) => `${new Intl.NumberFormat('es-AR').format(n)} kg`;
    const fecha = (f: string) => f.slice(0, 19).replace('T', ' ');

    // The browser's print dialog is recorded instead of opened.
    await page.evaluate(
      'window.__impresiones = 0; window.print = () => { window.__impresiones++; }',
    );
    await fila(page, camion).getByRole('button', { name: 'Ticket' }).click();
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
