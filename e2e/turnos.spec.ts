/**
 * Turns on the 'Turnos' screen (issue 24), in Chromium against the real portal on the real
 * clock: a client books a band two days ahead, downloads the voucher (the PDF holds the code)
 * and opens the phone page; the administrator's band counts, open in another browser, move by
 * themselves; a band the administrator pauses refuses bookings (the dialog and the API), and the
 * client whose booking it holds sees the notice. Screens at 1366 and 390 px.
 */
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { MENSAJES_TURNOS } from '../src/shared/textos';
import { Api, borrarDatosDePrueba, Porteria } from './datos';
import { expect, filaDeCamion, ingresar, test } from './fixtures';
import { textoDelPdf } from './pdf';
import { capturas, sinViolacionesGraves } from './revision-pantalla';

const GRANOS = 1;
/** Its own calendar, so the unit's general one (and other specs) are left as they were. */
const DESPACHO = 1;

/** The terminal's day `dias` from today, as the screens and the API write it. */
const diaDesdeHoy = (dias: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    Date.now() + dias * 86_400_000,
  );
const DIA = diaDesdeHoy(2);

async function abrirTurnos(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Turnos', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Turnos', level: 1 })).toBeVisible();
}

/** The administrator's view of Granos, dispatch type 1, on DIA. */
async function vistaAdministrador(page: Page) {
  await ingresar(page, 'admin');
  await abrirTurnos(page);
  await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Granos' });
  await page.getByLabel('Tipo de despacho').selectOption(String(DESPACHO));
  await page.getByLabel('Día', { exact: true }).fill(DIA);
  await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
}

const conteo = (page: Page, hora: number) =>
  page.locator(`tr[data-hora="${hora}"]`).getByTestId('reservados');

/** Opens 'Reservar turno' with `cupo` and DIA chosen: the hours are then on show. */
async function reservarEnPantalla(page: Page, cupo: number) {
  await page.getByRole('button', { name: 'Reservar turno' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Reservar turno' });
  await dialogo.getByLabel('Cupo').selectOption(String(cupo));
  await dialogo.getByLabel('Día').selectOption(DIA);
  return dialogo;
}

test.describe('turnos', () => {
  const cupos: number[] = [];
  const camiones: number[] = [];
  let admin: Api;

  test.beforeAll(async () => {
    admin = await Api.abrir('admin');
    const franjas = [];
    for (let diaSemana = 1; diaSemana <= 7; diaSemana++) {
      for (let hora = 6; hora < 20; hora++) franjas.push({ diaSemana, hora, capacidad: 3 });
    }
    await admin.post('/api/administracion/turnos/plantilla', {
      unineg: GRANOS,
      coddespacho: DESPACHO,
      franjas,
    });
  });

  test.afterAll(async () => {
    // Pauses lifted and the type's template emptied: the next specs see no calendar of it.
    const { pausas } = await admin.post('/api/administracion/turnos/calendario', {
      unineg: GRANOS,
      coddespacho: DESPACHO,
      desde: DIA,
      hasta: DIA,
    });
    for (const p of pausas)
      await admin.post('/api/administracion/turnos/reanudar', { pausa: p.id });
    await admin.post('/api/administracion/turnos/plantilla', {
      unineg: GRANOS,
      coddespacho: DESPACHO,
      franjas: [],
    });
    await borrarDatosDePrueba({ cupos, camiones });
    await admin.cerrar();
  });

  const cupoNuevo = async () => {
    const cupo = await admin.crearCupo({
      codempre: 1,
      unineg: GRANOS,
      coddespacho: DESPACHO,
      cantidad: 28000,
      obs: `Turno E2E ${randomInt(1e6)}`,
      codpro: 1,
    });
    cupos.push(cupo);
    return cupo;
  };

  test('un cliente reserva, descarga el comprobante con su código y el administrador ve la franja moverse', async ({
    page,
    browser,
  }, info) => {
    // Three browsers and four screens walked with axe: more than one screen's ceiling on the
    // two-core machine under load (every step still waits for its condition).
    test.setTimeout(180_000);
    const cupo = await cupoNuevo();
    const contextoAdmin = await browser.newContext();
    const adminPage = await contextoAdmin.newPage();
    await vistaAdministrador(adminPage);
    await expect(conteo(adminPage, 10)).toHaveText('0 / 3');

    await ingresar(page, 'cliente1');
    await abrirTurnos(page);
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Granos' });
    const dialogo = await reservarEnPantalla(page, cupo);
    await expect(dialogo.getByLabel(/^10:00 a 11:00/)).toBeEnabled();
    await expect(dialogo.getByText('3 lugares').first()).toBeVisible();
    await sinViolacionesGraves(page, 'reservar turno');
    await capturas(page, 'turnos-reservar');
    await dialogo.getByLabel(/^10:00 a 11:00/).check();
    await dialogo.getByRole('button', { name: 'Reservar', exact: true }).click();
    const aviso = page.getByText(/^Turno reservado: [A-Z0-9]{8}$/);
    await expect(aviso).toBeVisible();
    const codigo = (await aviso.textContent())!.slice(-8);
    const fila = page.locator(`tr[data-codigo="${codigo}"]`);
    await expect(fila).toContainText('Reservado');

    // The administrator's count moved by itself: no reload of the page.
    await expect(conteo(adminPage, 10)).toHaveText('1 / 3');

    // The voucher's PDF opens and holds the code.
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      fila.getByRole('link', { name: 'PDF' }).click(),
    ]);
    expect(descarga.suggestedFilename()).toBe(`turno-${codigo}.pdf`);
    const ruta = info.outputPath(`turno-${codigo}.pdf`);
    await descarga.saveAs(ruta);
    const texto = await textoDelPdf(ruta);
    expect(texto).toContain(codigo);
    expect(texto).toContain('Comprobante de turno');

    await sinViolacionesGraves(page, 'mis turnos');
    await capturas(page, 'turnos-cliente');

    // The phone page a driver shows: public, by the code (another browser, nobody signed in).
    const anonimo = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const telefono = await anonimo.newPage();
    await telefono.goto(`/turno/${codigo.toLowerCase()}`);
    await expect(telefono.getByTestId('codigo-turno')).toHaveText(codigo);
    await expect(
      telefono.getByRole('img', { name: `Código QR del turno ${codigo}` }),
    ).toBeVisible();
    await expect(
      telefono.getByText(`N° ${cupo}`).or(telefono.getByText(String(cupo))),
    ).toBeVisible();
    await sinViolacionesGraves(telefono, 'comprobante');
    await telefono.screenshot({
      path: 'test-results/capturas/turnos-comprobante-390.png',
      fullPage: true,
    });
    await anonimo.close();

    await sinViolacionesGraves(adminPage, 'turnos administrador');
    await capturas(adminPage, 'turnos-administrador');
    await contextoAdmin.close();
  });

  test('una franja pausada no toma reservas y el cliente con un turno en ella ve el aviso', async ({
    page,
    browser,
  }) => {
    const [enPausa, otro] = [await cupoNuevo(), await cupoNuevo()];
    const cliente = await Api.abrir('cliente1');
    const previo = await cliente.post('/api/turnos/reservar', {
      cupo: enPausa,
      fecha: DIA,
      hora: 12,
    });

    const contextoAdmin = await browser.newContext();
    const adminPage = await contextoAdmin.newPage();
    await vistaAdministrador(adminPage);
    const pausar = adminPage.getByRole('form', { name: 'Pausar' });
    await pausar.getByLabel('Franja').selectOption('12');
    await pausar.getByLabel('Motivo').fill('Lluvia');
    await pausar.getByRole('button', { name: 'Pausar' }).click();
    // The bookings to move are listed for the administrator.
    await expect(pausar.getByText('Turnos a mover (1):')).toBeVisible();
    await expect(pausar.getByText(previo.codigo)).toBeVisible();
    await expect(adminPage.locator('tr[data-hora="12"]')).toContainText('Lluvia');
    await contextoAdmin.close();

    // The API refuses it in Spanish.
    const rechazo = await cliente.contexto.post('/api/turnos/reservar', {
      data: { cupo: otro, fecha: DIA, hora: 12 },
    });
    expect(rechazo.status()).toBe(409);
    expect(await rechazo.json()).toEqual({ msj: MENSAJES_TURNOS.franjaPausada('Lluvia') });
    await cliente.cerrar();

    // The client's next visit: the notice, and the paused hour cannot be chosen.
    await ingresar(page, 'cliente1');
    await expect(page.getByText('Un turno suyo quedó en una franja pausada')).toBeVisible();
    await expect(page.getByText(previo.codigo).first()).toBeVisible();
    await abrirTurnos(page);
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Granos' });
    const dialogo = await reservarEnPantalla(page, otro);
    const pausada = dialogo.getByLabel(/^12:00 a 13:00/);
    await expect(pausada).toBeDisabled();
    await expect(dialogo.getByText('Pausada: Lluvia')).toBeVisible();
    await capturas(page, 'turnos-pausada');
  });

  test('el administrador reserva para un cliente que elige y la portería presenta turnos en la pantalla de camiones', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const cupo = await cupoNuevo();
    const porteria = await Porteria.crear(admin);
    const patente = `E2E${String(randomInt(1000)).padStart(3, '0')}OA`;
    const { camion } = await porteria.ingreso({
      codempre: 1,
      unineg: GRANOS,
      patcha: patente,
      pataco: 'ACO000',
      cargateorica: 28000,
      nomchofer: 'Chofer turno E2E',
      dni: '40000001',
    });
    camiones.push(camion);
    await porteria.revocar(admin);

    // The administrator books for the client it chooses, seeing each hour's places.
    await ingresar(page, 'admin');
    await abrirTurnos(page);
    await page.getByLabel('Unidad de Negocio').selectOption({ label: 'Granos' });
    await page.getByRole('button', { name: 'Reservar turno' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Reservar turno' });
    await dialogo.getByLabel('Cliente').selectOption('1');
    await dialogo.getByLabel('Cupo').selectOption(String(cupo));
    await dialogo.getByLabel('Día').selectOption(DIA);
    await expect(dialogo.getByLabel(/^11:00 a 12:00/)).toBeEnabled();
    await expect(dialogo.getByText(/\d+ lugar/).first()).toBeVisible();
    await sinViolacionesGraves(page, 'reservar turno administrador');
    await capturas(page, 'turnos-reservar-administrador');
    await dialogo.getByLabel(/^11:00 a 12:00/).check();
    await dialogo.getByRole('button', { name: 'Reservar', exact: true }).click();
    await expect(page.getByText(/^Turno reservado: [A-Z0-9]{8}$/)).toBeVisible();

    // The trucks screen: 'Presentar turno' on the truck, by keyboard; the server's refusals
    // (a code of nobody, a plate without a booking today) under the field.
    await page.getByRole('navigation').getByRole('link', { name: 'Camiones' }).click();
    await page.getByLabel('Cliente').selectOption('1');
    await page.getByLabel('Tipo despacho').selectOption({ label: 'Granos' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByLabel('Buscar').fill(patente);
    await filaDeCamion(page, camion).getByRole('button', { name: 'Presentar turno' }).click();
    const modal = page.getByRole('dialog', { name: 'Presentar turno' });
    const codigo = modal.getByRole('textbox', { name: 'Código de turno' });
    await codigo.fill('zzzz-zzzz');
    await codigo.press('Enter');
    await expect(modal.getByText(MENSAJES_TURNOS.turnoNoEncontrado)).toBeVisible();
    await expect(codigo).toBeFocused();
    await modal.getByLabel('Patente').check();
    const leida = modal.getByRole('textbox', { name: 'Patente' });
    await leida.fill(patente);
    await leida.press('Enter');
    await expect(modal.getByText(MENSAJES_TURNOS.sinTurnoParaPatente(patente))).toBeVisible();
    await sinViolacionesGraves(page, 'presentar turno');
    await capturas(page, 'camiones-presentar-turno');
  });
});
