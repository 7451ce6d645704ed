/**
 * A turn from the booking to the gate (issue 24), on a portal of this spec's own whose terminal
 * clock starts today at 10:30 (RELOJ_TERMINAL_INICIO, in the terminal's zone): today's 11:00
 * band can be booked at any real hour, and the demo's dates (today's) stay consistent. On
 * Subproductos, with a calendar of its own: a client books the 11:00 band on screen; the gate
 * checks a truck in by the turn code with its service token, and the administrator's Turnos
 * screen, open in another browser, shows the band's arrived count move without a reload; then
 * 'Presentar turno' on the trucks screen checks a second truck in by a plate typed with one
 * confusion (letter O for digit 0) and shows how it came. Screens at 1366 and 390 px.
 */
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { instanteDeTerminal } from '../src/server/reloj-terminal';
import { TEXTOS_PRESENTAR_TURNO as T } from '../src/shared/textos';
import { Api, Porteria, tarjetaDe, type PortalDePrueba } from './datos';
import { expect, filaDeCamion, ingresar, test as base } from './fixtures';
import { conPortalPropio } from './portal-vacio';
import { capturas } from './revision-pantalla';

const ZONA = 'America/Argentina/Buenos_Aires';
const SUBPRODUCTOS = 2;
const GRANEL_SUBPRODUCTOS = 3;
const HORA = 11;

/** Today in the terminal's zone: the shifted clock's day and the browser's (timezoneId). */
const HOY = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA }).format(new Date());

const test = base.extend<object, { portal: PortalDePrueba & { salida: () => string } }>({
  portal: [
    async ({}, use) =>
      conPortalPropio(
        {
          DEMO: '1',
          RELOJ_TERMINAL_INICIO: instanteDeTerminal(`${HOY}T10:30:00`, ZONA).toISOString(),
        },
        use,
      ),
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal.url);
  },
});

const entrar = (page: Page, usuario: 'admin' | 'cliente1', portal: PortalDePrueba) =>
  ingresar(page, usuario, tarjetaDe(usuario, portal.dataDir));

test('un turno de hoy: el cliente reserva, la portería lo presenta por código y por patente con una confusión', async ({
  page,
  browser,
  portal,
}) => {
  test.setTimeout(180_000);
  expect(portal.salida()).toContain('Reloj de la terminal desplazado');
  const admin = await Api.abrir('admin', portal);
  // Subproductos' own calendar: today's 11:00 band open until 23:00 of the same day.
  await admin.post('/api/administracion/turnos/parametros', {
    unineg: SUBPRODUCTOS,
    diasAnticipacion: 7,
    cierreDiasAntes: 0,
    cierreHora: 23,
    cambioMinutosAntes: 0,
    toleranciaMinutos: 15,
    cuotaEmpresaPct: null,
  });
  const franjas = [];
  for (let diaSemana = 1; diaSemana <= 7; diaSemana++) {
    for (let hora = 6; hora < 20; hora++) franjas.push({ diaSemana, hora, capacidad: 3 });
  }
  await admin.post('/api/administracion/turnos/plantilla', { unineg: SUBPRODUCTOS, franjas });
  const cupo = () =>
    admin.crearCupo({
      codempre: 1,
      unineg: SUBPRODUCTOS,
      coddespacho: GRANEL_SUBPRODUCTOS,
      cantidad: 28000,
      obs: `Turno portería E2E ${randomInt(1e6)}`,
      codpro: 10,
    });
  const [cupoCliente, cupoPatente] = [await cupo(), await cupo()];

  // The administrator's Turnos screen, Subproductos today, in a browser of its own.
  const contextoAdmin = await browser.newContext();
  const adminPage = await contextoAdmin.newPage();
  await entrar(adminPage, 'admin', portal);
  await adminPage
    .getByRole('navigation')
    .getByRole('link', { name: 'Turnos', exact: true })
    .click();
  await adminPage.getByLabel('Unidad de Negocio').selectOption({ label: 'Subproductos' });
  await adminPage.getByLabel('Día', { exact: true }).fill(HOY);
  await expect(adminPage.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
  const franja = adminPage.locator(`tr[data-hora="${HORA}"]`);
  const presentes = franja.locator('td[data-etiqueta="Presentes"]');
  await expect(franja.getByTestId('reservados')).toHaveText('0 / 3');
  await expect(presentes).toHaveText('0');

  // The client books today's 11:00 band on screen.
  await entrar(page, 'cliente1', portal);
  await page.getByRole('navigation').getByRole('link', { name: 'Turnos', exact: true }).click();
  await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Subproductos' });
  await page.getByRole('button', { name: 'Reservar turno' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Reservar turno' });
  await dialogo.getByLabel('Cupo').selectOption(String(cupoCliente));
  await dialogo.getByLabel('Día').selectOption(HOY);
  // 10:30 on the terminal's clock: the 10:00 band has started, 11:00 is open.
  await expect(dialogo.getByLabel(/^10:00 a 11:00/)).toBeDisabled();
  await dialogo.getByLabel(/^11:00 a 12:00/).check();
  await dialogo.getByRole('button', { name: 'Reservar', exact: true }).click();
  const aviso = page.getByText(/^Turno reservado: [A-Z0-9]{8}$/);
  await expect(aviso).toBeVisible();
  const codigo = (await aviso.textContent())!.slice(-8);
  await expect(franja.getByTestId('reservados')).toHaveText('1 / 3');

  // The gate: the truck comes in, and checks in by the code the driver dictates.
  const porteria = await Porteria.crear(admin);
  const llegada = {
    codempre: 1,
    unineg: SUBPRODUCTOS,
    cargateorica: 28000,
    nomchofer: 'Chofer turno E2E',
    dni: '40000002',
  };
  const primero = await porteria.ingreso({ ...llegada, patcha: 'AC301PT' });
  const presentado = await porteria.presentarTurno({
    camion: primero.camion,
    codigo: `${codigo.slice(0, 4)}-${codigo.slice(4).toLowerCase()}`,
  });
  expect(presentado.turno).toMatchObject({ codigo, estado: 'presente', cupo: cupoCliente });
  // The administrator's count moved by itself: no reload of the page.
  await expect(presentes).toHaveText('1');
  await capturas(adminPage, 'turnos-administrador');

  // A second truck, booked with its plate; the gate reads it with letter O for a digit 0.
  const patente = 'AD105PT';
  const reservado = await admin.post('/api/turnos/reservar', {
    cupo: cupoPatente,
    fecha: HOY,
    hora: HORA,
    patente,
  });
  const segundo = await porteria.ingreso({ ...llegada, patcha: patente });
  await porteria.revocar(admin);

  // The trucks screen, in the administrator's browser.
  await adminPage.getByRole('navigation').getByRole('link', { name: 'Camiones' }).click();
  await adminPage.getByLabel('Cliente').selectOption('1');
  await adminPage.getByLabel('Tipo despacho').selectOption({ label: 'Subproductos' });
  await adminPage.getByRole('button', { name: 'Filtrar' }).click();
  await adminPage.getByLabel('Buscar').fill(patente);
  await filaDeCamion(adminPage, segundo.camion).getByRole('button', { name: T.accion }).click();
  const modal = adminPage.getByRole('dialog', { name: T.titulo });
  await modal.getByLabel(T.porPatente).check();
  const leida = modal.getByRole('textbox', { name: T.porPatente });
  await leida.fill('AD1O5PT');
  // Letter O where the plate has the digit 0: the one booking it may be, and no other.
  await expect(leida).toHaveValue('AD1O5PT');
  await capturas(adminPage, 'camiones-presentar-turno');
  await modal.getByRole('button', { name: T.presentar, exact: true }).click();
  await expect(modal.getByRole('status')).toContainText(T.presentado(reservado.codigo, 'Temprano'));
  await expect(modal.getByRole('status')).toContainText(T.vinculado(segundo.camion, cupoPatente));
  await capturas(adminPage, 'camiones-turno-presentado');
  await contextoAdmin.close();
  await admin.cerrar();
});
