/**
 * E-mail notices (issue 25) against a real SMTP server the test starts (smtp-server on
 * 127.0.0.1, port 0): one message per event per opted-in user, none without consent, the ticket
 * attached as a PDF that reads as the ticket; the SMTP server down for a while → everything
 * delivered once it is back, nothing twice (the injected clock moves past the retries; no real
 * waiting). Also the address change confirmed by its link, and the admin and CLI paths.
 */
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MENSAJES_AVISOS as M } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ejecutarCli, LIMITE_CON_CLI } from '../../test/cli';
import { textoDelPdf } from '../../test/pdf';
import { ingresar, post, get } from '../../test/sesion';
import { camionHasta } from '../operaciones/datos-prueba';
import { crearToken } from '../tokens/servicio';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { calendarioAbierto, diaDesdeHoy } from '../turnos/datos-prueba';
import * as turnos from '../turnos/servicio';
import { PdfsRecientes, REINTENTOS_CORREO } from './correo';
import type { DatosTicket } from './repository-correo';

const recibidos: ParsedMail[] = [];
let aceptar = true;
function servidorSmtp() {
  return new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    disabledCommands: ['AUTH'],
    logger: false,
    // Going down, it drops the portal's pooled connection at once (421), as a server that stops
    // does, instead of giving it the default 30 s to leave by itself.
    closeTimeout: 100,
    onData(flujo, _sesion, listo) {
      simpleParser(flujo).then(
        (m) => {
          if (!aceptar) return listo(new Error('Servicio no disponible'));
          recibidos.push(m);
          listo();
        },
        (e: Error) => listo(e),
      );
    },
  });
}
let smtp = servidorSmtp();
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
const puerto = (smtp.server.address() as { port: number }).port;

let ahora = '2026-03-10T10:00:00';
function avanzar(segundos: number) {
  const d = new Date(`${ahora}Z`);
  d.setUTCSeconds(d.getUTCSeconds() + segundos);
  ahora = d.toISOString().slice(0, 19);
}

const t = usarAppDePrueba({
  entorno: {
    SMTP_URL: `smtp://127.0.0.1:${puerto}`,
    SMTP_REMITENTE: 'avisos@terminal.example',
    PUBLIC_URL: 'https://acopio.example',
  },
  reloj: () => ahora,
  avisos: { arrancar: false },
});

let admin: string;
let cliente1: string;
let token: string;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  token = await crearToken(t.db, 'terminal', 'balanza-correo', { actor: 'prueba' });
  for (const [usuario, correo] of [
    ['cliente1', 'uno@cliente.example'],
    ['cliente2', 'dos@cliente.example'],
  ] as const) {
    const r = await post(t.app, '/api/administracion/usuarios/correo', { usuario, correo }, admin);
    expect(r.statusCode, r.body).toBe(200);
  }
});

afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
});

beforeEach(() => {
  recibidos.length = 0;
  aceptar = true;
});

/** A truck of company 1 at the scale, finished by the gross weighing through the gate API. */
async function finalizarCamion(): Promise<number> {
  const { camion } = await camionHasta(t.db, 3);
  const r = await post(
    t.app,
    '/api/operaciones/bruto',
    { camion, kg: 44000, balanza: 'Balanza 2' },
    undefined,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(r.statusCode, r.body).toBe(200);
  return camion;
}

const pendientes = async () =>
  (await t.db.execute(sql`select 1 from avisos where estado = 'pendiente'`)).rows.length;

describe('consentimiento', () => {
  it('sin haberlo pedido nadie recibe nada', async () => {
    await finalizarCamion();
    expect(await pendientes()).toBe(0);
    expect(await t.app.avisos.procesar()).toBe(0);
    expect(recibidos).toHaveLength(0);
  });

  it('camión finalizado: un correo al usuario que lo pidió, con el ticket en PDF; ninguno a los demás', async () => {
    const r = await post(t.app, '/api/cuenta/avisos', { avisos: ['camion.finalizado'] }, cliente1);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      correo: 'uno@cliente.example',
      avisos: ['camion.finalizado'],
      correoActivo: true,
    });
    const camion = await finalizarCamion();
    expect(await t.app.avisos.procesar()).toBe(1);
    expect(recibidos).toHaveLength(1);
    const m = recibidos[0]!;
    expect(m.to && 'text' in m.to ? m.to.text : '').toBe('uno@cliente.example');
    expect(m.from?.text).toBe('avisos@terminal.example');
    expect(m.subject).toMatch(/camión AB123CD finalizado, ticket N° \d+/);
    expect(m.text).toContain('neto 30000 kg');
    expect(m.html).toContain('<p>');
    const { rows } = await t.db.execute<{ ticket: number; nombre: string }>(sql`
      select t.ctrl as ticket, e.nomempre as nombre from tickets t, empresas e
      where t.camion_ctrl = ${camion} and e.codempre = 0`);
    const { ticket, nombre } = rows[0]!;
    expect(m.subject).toContain(nombre);
    expect(m.attachments).toHaveLength(1);
    const adjunto = m.attachments[0]!;
    expect(adjunto.filename).toBe(`ticket-${ticket}.pdf`);
    expect(adjunto.contentType).toBe('application/pdf');
    const texto = await textoDelPdf(adjunto.content);
    expect(texto).toContain(`Ticket de pesaje N° ${ticket}`);
    expect(texto).toContain('AB123CD');
    expect(texto).toMatch(/Neto:?\s*30\.000 kg/);
    // Never a session, a token or a card value in a mail.
    const todo = `${m.text}${m.html}`;
    expect(todo).not.toContain(cliente1.split('=')[1]!);
    expect(todo).not.toContain(token);
    // Delivered once: another round sends nothing.
    expect(await t.app.avisos.procesar()).toBe(0);
    expect(recibidos).toHaveLength(1);
  });

  it('quien deja de quererlo antes del envío no lo recibe', async () => {
    await finalizarCamion();
    await post(t.app, '/api/cuenta/avisos', { avisos: [] }, cliente1);
    await t.app.avisos.procesar();
    expect(recibidos).toHaveLength(0);
    const { rows } = await t.db.execute<{ e: string }>(sql`
      select ultimo_error as e from avisos order by id desc limit 1`);
    expect(rows[0]!.e).toBe(M.yaNoQuiere);
    await post(t.app, '/api/cuenta/avisos', { avisos: ['camion.finalizado'] }, cliente1);
  });
});

describe('el PDF del ticket', () => {
  const ticket = (n: number, tara = 14000): DatosTicket => ({
    camion: n,
    patcha: 'AB123CD',
    codempre: 1,
    nomempre: 'Empresa',
    nomunineg: 'Planta',
    ticket: 1000 + n,
    tara,
    fechatara: '2026-03-10T09:00:00',
    baltara: 'B1',
    bruto: 44000,
    fechabruto: '2026-03-10T09:30:00',
    balbruto: 'B2',
  });

  it('uno por ticket para todos sus destinatarios; otro si el ticket cambió; guarda los últimos', async () => {
    const pdfs = new PdfsRecientes(2);
    const a = pdfs.de('Terminal', ticket(1));
    // The same ticket for another recipient, even while the first is being built: the same PDF.
    expect(pdfs.de('Terminal', ticket(1))).toBe(a);
    expect(await textoDelPdf(await a)).toContain('Ticket de pesaje N° 1001');
    // Corrected in between, or under another terminal's name: a new one.
    const corregido = pdfs.de('Terminal', ticket(1, 15000));
    expect(corregido).not.toBe(a);
    expect(await textoDelPdf(await corregido)).toContain('15.000 kg');
    expect(pdfs.de('Otra', ticket(1, 15000))).not.toBe(corregido);
    // At most two kept: the oldest went.
    expect(pdfs.cuantos).toBe(2);
    expect(pdfs.de('Terminal', ticket(1))).not.toBe(a);
  });
});

describe('el servidor SMTP caído un rato', () => {
  it('todo llega una vez que vuelve, nada dos veces', async () => {
    await new Promise<void>((r) => smtp.close(() => r()));
    const camiones = [await finalizarCamion(), await finalizarCamion(), await finalizarCamion()];
    expect(await t.app.avisos.procesar()).toBe(3);
    // Every try so far failed; the rows wait on the schedule.
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from avisos where estado = 'pendiente' and intentos = 1`);
    expect(rows[0]!.n).toBe(3);
    avanzar(REINTENTOS_CORREO[0]);
    expect(await t.app.avisos.procesar()).toBe(3);
    // Back, on the same port.
    smtp = servidorSmtp();
    await new Promise<void>((r) => smtp.listen(puerto, '127.0.0.1', r));
    expect(await t.app.avisos.procesar()).toBe(0);
    avanzar(REINTENTOS_CORREO[1]);
    expect(await t.app.avisos.procesar()).toBe(3);
    expect(recibidos).toHaveLength(3);
    const asuntos = recibidos.map((m) => m.subject);
    expect(new Set(asuntos).size).toBe(3);
    avanzar(24 * 3600);
    expect(await t.app.avisos.procesar()).toBe(0);
    expect(recibidos).toHaveLength(3);
    expect(await pendientes()).toBe(0);
    expect(camiones).toHaveLength(3);
  });
});

describe('turnos', () => {
  it('reservar y cambiar: un correo por hecho a quien lo pidió, ninguno a quien no', async () => {
    await post(
      t.app,
      '/api/cuenta/avisos',
      { avisos: ['turno.reservado', 'turno.cambiado'] },
      cliente1,
    );
    await calendarioAbierto(t.db, 1, 10);
    const fecha = await diaDesdeHoy(t.db, 3);
    // The booking rules read the terminal's clock: today at 08:00 for this test.
    const reloj = () => `${new Date().toISOString().slice(0, 10)}T08:00:00`;
    const cupo = await insertarCupoDePrueba(t.db);
    const turno = await turnos.reservar(
      t.db,
      reloj,
      'terminal',
      { actor: 'prueba' },
      { cupo, fecha, hora: 10 },
    );
    await turnos.cambiar(
      t.db,
      reloj,
      'terminal',
      { actor: 'prueba' },
      { turno: turno.id, fecha, hora: 11 },
    );
    await t.app.avisos.procesar();
    expect(recibidos.map((m) => m.subject?.replace(/^.*: /, ''))).toEqual([
      `turno ${turno.codigo} reservado`,
      `turno ${turno.codigo} cambiado`,
    ]);
    expect(recibidos[1]!.text).toContain('de 10:00 a 11:00');
    expect(recibidos[1]!.text).toContain('al ');
    for (const m of recibidos)
      expect(m.to && 'text' in m.to ? m.to.text : '').toBe('uno@cliente.example');
  });
});

describe('cambiar la dirección en Mi cuenta', () => {
  it('se confirma con el enlace enviado a la nueva; vencido o usado, no', async () => {
    const r = await post(
      t.app,
      '/api/cuenta/correo',
      { correo: 'Nuevo@Cliente.example' },
      cliente1,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      correo: 'uno@cliente.example',
      correoPendiente: 'nuevo@cliente.example',
    });
    await t.app.avisos.procesar();
    expect(recibidos).toHaveLength(1);
    const m = recibidos[0]!;
    expect(m.to && 'text' in m.to ? m.to.text : '').toBe('nuevo@cliente.example');
    const enlace = /https:\/\/acopio\.example\/cuenta\/correo\?token=([A-Za-z0-9_-]{43})/.exec(
      m.text ?? '',
    );
    expect(enlace).not.toBeNull();
    const tokenEnlace = enlace![1]!;
    // Only its hash is kept.
    const { rows } = await t.db.execute<{ h: string }>(
      sql`select token_hash as h from correo_confirmaciones`,
    );
    expect(rows.map((x) => x.h)).not.toContain(tokenEnlace);
    const ok = await post(t.app, '/api/cuenta/correo/confirmar', { token: tokenEnlace });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get(t.app, '/api/cuenta/avisos', cliente1)).json()).toMatchObject({
      correo: 'nuevo@cliente.example',
      correoPendiente: null,
    });
    const otraVez = await post(t.app, '/api/cuenta/correo/confirmar', { token: tokenEnlace });
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json()).toEqual({ msj: M.enlaceInvalido });

    // A link past its 24 hours on the terminal's clock.
    recibidos.length = 0;
    await post(t.app, '/api/cuenta/correo', { correo: 'otro@cliente.example' }, cliente1);
    await t.app.avisos.procesar();
    const viejo = /token=([A-Za-z0-9_-]{43})/.exec(recibidos[0]!.text ?? '')![1]!;
    avanzar(24 * 3600 + 1);
    const vencido = await post(t.app, '/api/cuenta/correo/confirmar', { token: viejo });
    expect(vencido.statusCode).toBe(409);
    expect(vencido.json()).toEqual({ msj: M.enlaceVencido });
  });
});

describe('la consola', { timeout: LIMITE_CON_CLI }, () => {
  it('usuarios correo fija y quita la dirección; una dirección inválida se rechaza con su motivo', async () => {
    const fija = await ejecutarCli(t.url, [
      'usuarios',
      'correo',
      'cliente2',
      'Tres@Cliente.example',
    ]);
    expect(fija.codigo, fija.salida).toBe(0);
    expect(fija.stdout).toContain("Correo de 'cliente2': tres@cliente.example.");
    const mala = await ejecutarCli(t.url, ['usuarios', 'correo', 'cliente2', 'no-es-un-correo']);
    expect(mala.codigo).not.toBe(0);
    expect(mala.salida).toContain(M.correoInvalido);
    const quita = await ejecutarCli(t.url, ['usuarios', 'correo', 'cliente2', 'ninguna']);
    expect(quita.codigo, quita.salida).toBe(0);
    const { rows } = await t.db.execute<{ correo: string | null }>(sql`
      select correo from usuarios where usuario = 'cliente2'`);
    expect(rows[0]!.correo).toBeNull();
  });
});
