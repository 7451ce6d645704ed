/**
 * E-mail notices (issue 25) in Chromium against the real portal and a real SMTP server
 * (correo.ts, started by global-setup.ts; the portal's SMTP_URL points at it). A client user of a
 * company of this spec's own (its card emitted by the administrator) sets an address in 'Mi
 * cuenta'; the confirmation message arrives; its link, opened in another browser
 * without a session, confirms the address (and a second time says it was used); back in 'Mi
 * cuenta' the user opts in to 'camión finalizado'; a truck of its company is weighed through the
 * gate API, and the message with the ticket attached arrives, the PDF reading as that truck's
 * ticket. Every step waits for its condition.
 */
import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { ParsedMail } from 'mailparser';
import { MENSAJES_AVISOS, TEXTOS_CORREO as T } from '../src/shared/textos';
import type { ValoresTarjeta } from '../src/server/features/auth/tarjetas';
import { mensajesPara } from './correo';
import { Api, borrarDatosDePrueba, urlPortal } from './datos';
import { expect, ingresar, test } from './fixtures';
import { textoDelPdf } from './pdf';
import { capturas, sinViolacionesGraves } from './revision-pantalla';

test.use({ reducedMotion: 'reduce' });

const GRANOS = 1;
/** A company of its own: its truck, quota and stock go away with it (borrarDatosDePrueba). */
const CODEMPRE = 9025;
const NOMBRE = 'Zeta Avisos por Correo E2E S.A.';
const USUARIO = `correo${randomInt(100_000, 999_999)}`;

/** The one message to `para` whose subject matches, once it has arrived. */
async function mensajeQueLlega(para: string, asunto: RegExp): Promise<ParsedMail> {
  let encontrados: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        encontrados = (await mensajesPara(para)).filter((m) => asunto.test(m.subject ?? ''));
        return encontrados.length;
      },
      { message: `el correo «${String(asunto)}» a ${para}`, timeout: 20_000 },
    )
    .toBe(1);
  return encontrados[0]!;
}

test.describe('avisos por correo', () => {
  let tarjeta: ValoresTarjeta;

  test.beforeAll(async () => {
    // As the administration screens make them: the company, its product, the user and its card.
    const admin = await Api.abrir('admin');
    await admin.crearEmpresa(CODEMPRE, NOMBRE, [GRANOS]);
    await admin.productosDeCliente(CODEMPRE, GRANOS, [1]);
    await admin.post('/api/administracion/usuarios/crear', {
      usuario: USUARIO,
      codempre: CODEMPRE,
      unidades: [GRANOS],
    });
    await admin.reautenticar();
    const emitida = await admin.post('/api/administracion/tarjetas/emitir', { usuario: USUARIO });
    tarjeta = emitida.celdas as ValoresTarjeta;
    await admin.cerrar();
  });

  test.afterAll(async () => {
    await borrarDatosDePrueba({ empresas: [CODEMPRE] });
  });

  test('confirmo mi correo por el enlace, elijo camión finalizado y llega el ticket en PDF', async ({
    page,
    browser,
    api,
    porteria,
  }, testInfo) => {
    // Many steps (two browsers, axe twice, a truck through the gate, the PDF): the ceiling only.
    test.setTimeout(120_000);
    const correo = `logistica.${randomInt(1e6)}@cereales-e2e.example`;
    await ingresar(page, USUARIO, tarjeta);
    await page.getByRole('button', { name: USUARIO }).click();
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    const seccion = page.getByRole('region', { name: T.titulo });
    await expect(seccion.getByTestId('correo-actual')).toHaveText(T.sinDireccion);

    // A new address: the link goes to it, the screen says so.
    await seccion.getByLabel(T.direccion, { exact: true }).fill(correo);
    await seccion.getByRole('button', { name: T.enviarEnlace }).click();
    await expect(seccion.getByText(T.enlaceEnviado(correo))).toBeVisible();
    await sinViolacionesGraves(page, 'Mi cuenta, correo pendiente');
    await capturas(page, 'cuenta-correo-pendiente');

    const confirmacion = await mensajeQueLlega(correo, /confirme su dirección de correo/);
    const enlace = /(\S+\/cuenta\/correo\?token=[A-Za-z0-9_-]{43})/.exec(
      confirmacion.text ?? '',
    )?.[1];
    expect(enlace, confirmacion.text).toBeDefined();
    expect(new URL(enlace!).origin).toBe(urlPortal());

    // Opened where nobody is signed in (a phone's mail program): it confirms all the same.
    const otro = await browser.newContext({
      baseURL: urlPortal(),
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      reducedMotion: 'reduce',
    });
    try {
      const enlacePagina = await otro.newPage();
      await enlacePagina.goto(enlace!);
      await expect(enlacePagina.getByText(T.confirmadaDetalle(correo))).toBeVisible();
      // The token leaves the address bar at once.
      await expect(enlacePagina).toHaveURL(/\/cuenta\/correo$/);
      await expect(enlacePagina.getByRole('link', { name: T.irAlIngreso })).toBeVisible();
      await sinViolacionesGraves(enlacePagina, 'confirmación de correo');
      await capturas(enlacePagina, 'confirmar-correo');
      // A link works once.
      await enlacePagina.goto(enlace!);
      await expect(enlacePagina.getByText(MENSAJES_AVISOS.enlaceInvalido)).toBeVisible();
    } finally {
      await otro.close();
    }

    // Back in 'Mi cuenta': the address is confirmed; opt in to the finished truck.
    await page.reload();
    await expect(seccion.getByTestId('correo-actual')).toHaveText(`${correo}${T.confirmada}`);
    await expect(seccion.getByText(T.enlaceEnviado(correo))).toHaveCount(0);
    const finalizado = seccion.getByRole('checkbox', { name: T.nombres['camion.finalizado'] });
    await expect(finalizado).not.toBeChecked();
    await finalizado.check();
    await seccion.getByRole('button', { name: T.guardar }).click();
    await expect(page.getByText(T.guardados)).toBeVisible();
    await page.reload();
    await expect(finalizado).toBeChecked();
    await capturas(page, 'cuenta-correo');

    // A truck of the company, with a quota, goes through the gate and both weighings.
    const cupo = await api.crearCupo({
      codempre: CODEMPRE,
      unineg: GRANOS,
      coddespacho: 1,
      cantidad: 25_000,
      codpro: 1,
    });
    const patcha = `EM${randomInt(100_000, 999_999)}`;
    const { camion } = await porteria.ingreso({
      codempre: CODEMPRE,
      unineg: GRANOS,
      patcha,
      cargateorica: 28_000,
      nomchofer: 'Chofer Correo E2E',
      dni: '30111222',
      cupo,
    });
    await porteria.tara({ camion, kg: 14_200, balanza: 'B1' });
    const { ticket } = await porteria.bruto({ camion, kg: 41_750, balanza: 'B2' });

    const aviso = await mensajeQueLlega(correo, new RegExp(`camión ${patcha} finalizado`));
    expect(aviso.subject).toContain(`ticket N° ${ticket!.ctrl}`);
    expect(aviso.text).toContain('neto 27550 kg');
    expect(aviso.html).toContain(patcha);
    expect(aviso.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`ticket-${ticket!.ctrl}.pdf`, 'application/pdf'],
    ]);
    const pdf = testInfo.outputPath('ticket.pdf');
    await writeFile(pdf, aviso.attachments[0]!.content);
    const texto = (await textoDelPdf(pdf)).replace(/\s+/g, ' ');
    for (const esperado of [
      `Ticket de pesaje N° ${ticket!.ctrl}`,
      `Patente: ${patcha}`,
      `Camión: ${camion}`,
      `(${CODEMPRE})`,
      'Tara: 14.200 kg',
      'Bruto: 41.750 kg',
      'Neto: 27.550 kg',
    ]) {
      expect(texto).toContain(esperado);
    }
  });
});
