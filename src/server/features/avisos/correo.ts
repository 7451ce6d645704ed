/**
 * The e-mail channel (issue 25): nodemailer over SMTP_URL. Each notice is written when it is
 * sent, from what the database holds then: the user's address and choice (someone who stopped
 * wanting it, or has no address any more, gets nothing: the row fails with that reason), the
 * truck's closed ticket (as a PDF attachment), the terminal's name.
 */
import { createHash, randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { MENSAJES_AVISOS as M } from '../../../shared/textos';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RelojTerminal } from '../../reloj-terminal';
import { datos as datosTerminal } from '../terminal/servicio';
import { ErrorDefinitivo, type AvisoPorEntregar, type Canal } from './canal';
import { mensaje, type Mensaje } from './mensajes';
import * as repo from './repository-correo';
import type { DatosTicket } from './repository-correo';
import { ticketPdf } from './ticket-pdf';

/** After a failure: 30 s, 2 min, 10 min, 30 min, 2 h, 6 h; then 'fallido' (about 9 h in all). */
export const REINTENTOS_CORREO = [30, 120, 600, 1800, 7200, 21600] as const;

/** SMTP: no byte from the server for this long ends the try. */
const SOCKET_MS = 20_000;
/**
 * The longest a send is taken to last (connect 10 s, greeting 10 s, then the dialogue, each
 * silence at most SOCKET_MS): the worker's lease on the row is longer still.
 */
const DURACION_MAXIMA_MS = 60_000;

/**
 * E-mails composed and sent at once by a process: composing one (the ticket's PDF) is the
 * process's own CPU, on the thread that answers the gate; the rest of the worker's places wait on
 * receivers.
 */
export const CORREOS_A_LA_VEZ = 4;

/** A confirmation link is good for a day (terminal's clock). */
export const HORAS_ENLACE = 24;

/** `ahora` (terminal's wall time) plus `horas`, as wall time. */
export function sumarHoras(ahora: string, horas: number): string {
  const d = new Date(`${ahora}Z`);
  d.setUTCHours(d.getUTCHours() + horas);
  return d.toISOString().slice(0, 19);
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const fecha = (f: string) => f.replace('T', ' ');
const franja = (d: { fecha: string; hora: number }) =>
  `${d.fecha.split('-').reverse().join('/')} de ${String(d.hora).padStart(2, '0')}:00 a ${String(d.hora + 1).padStart(2, '0')}:00`;

interface DatosTurno {
  codigo: string;
  fecha: string;
  hora: number;
  unidad: string;
  antes?: { fecha: string; hora: number };
}

/** The terminal's name is read again after this long (it changes once in years). */
const NOMBRE_VIGENTE_MS = 10_000;

/** The terminal's name for the e-mails: one read every NOMBRE_VIGENTE_MS, not one per e-mail. */
function nombreDeTerminal(): (db: Db) => Promise<string> {
  let guardado: { nombre: Promise<string>; hasta: number } | undefined;
  return (db) => {
    const ahora = performance.now();
    if (!guardado || guardado.hasta <= ahora) {
      guardado = {
        nombre: datosTerminal(db).then(
          (d) => d.nombre,
          () => 'Portal Acopio',
        ),
        hasta: ahora + NOMBRE_VIGENTE_MS,
      };
    }
    return guardado.nombre;
  };
}

/** Tickets' PDFs kept for the other recipients of the same truck (the last ones built). */
const PDFS_GUARDADOS = 64;

/**
 * The PDFs of the last tickets sent, by everything they are made of: every recipient of a
 * finished truck (a company's users and the terminal's) gets the same attachment, built once
 * (about 2 ms of CPU each, on the thread that answers the gate). The key is the ticket's data as
 * read for this recipient, so a ticket corrected in between gets a new PDF; recipients sent at
 * the same time share the one being built.
 */
export class PdfsRecientes {
  private readonly guardados = new Map<string, Promise<Buffer>>();

  constructor(private readonly maximo = PDFS_GUARDADOS) {}

  de(terminal: string, t: DatosTicket): Promise<Buffer> {
    const clave = JSON.stringify([terminal, t]);
    let pdf = this.guardados.get(clave);
    if (pdf) {
      // The most recent at the end: the oldest is the one dropped.
      this.guardados.delete(clave);
    } else {
      pdf = ticketPdf(terminal, t);
      pdf.catch(() => this.guardados.delete(clave));
      if (this.guardados.size >= this.maximo) {
        this.guardados.delete(this.guardados.keys().next().value!);
      }
    }
    this.guardados.set(clave, pdf);
    return pdf;
  }

  get cuantos(): number {
    return this.guardados.size;
  }
}

export function crearCanalCorreo(
  correo: NonNullable<Config['correo']>,
  reloj: RelojTerminal,
  origen: string,
): Canal {
  const transporte = nodemailer.createTransport({
    url: correo.url,
    // A few connections kept open and reused, one per e-mail sent at once (the channel's
    // limit, so no message waits in the pool's queue beyond the worker's lease).
    pool: true,
    maxConnections: CORREOS_A_LA_VEZ,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: SOCKET_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);

  const pdfs = new PdfsRecientes();
  const nombreTerminal = nombreDeTerminal();

  async function componer(aviso: AvisoPorEntregar, db: Db, terminal: string): Promise<Mensaje> {
    const d = aviso.datos as Record<string, unknown>;
    switch (aviso.evento) {
      case 'camion.finalizado': {
        const t = await repo.datosTicket(db, Number(d.camion));
        if (!t) throw new ErrorDefinitivo('El camión no tiene un ticket cerrado.');
        return mensaje(
          terminal,
          `camión ${t.patcha} finalizado, ticket N° ${t.ticket}`,
          [
            `El camión ${t.patcha} de ${t.nomempre} terminó su pesaje en ${t.nomunineg}.`,
            `Ticket N° ${t.ticket}: tara ${t.tara} kg, bruto ${t.bruto} kg, neto ${t.bruto - t.tara} kg (${fecha(t.fechabruto)}).`,
            'El ticket va adjunto en PDF.',
          ],
          [
            {
              nombre: `ticket-${t.ticket}.pdf`,
              contenido: await pdfs.de(terminal, t),
              tipo: 'application/pdf',
            },
          ],
        );
      }
      case 'turno.reservado':
      case 'turno.cambiado':
      case 'turno.ausente': {
        const x = d as unknown as DatosTurno;
        const lineas = {
          'turno.reservado': [
            `Se reservó el turno ${x.codigo} en ${x.unidad} para el ${franja(x)}.`,
          ],
          'turno.cambiado': [
            `El turno ${x.codigo} en ${x.unidad} pasó ${x.antes ? `del ${franja(x.antes)} ` : ''}al ${franja(x)}.`,
          ],
          'turno.ausente': [
            `El turno ${x.codigo} en ${x.unidad} del ${franja(x)} quedó como «No se presentó».`,
          ],
        }[aviso.evento];
        const asunto = {
          'turno.reservado': `turno ${x.codigo} reservado`,
          'turno.cambiado': `turno ${x.codigo} cambiado`,
          'turno.ausente': `turno ${x.codigo}: no se presentó`,
        }[aviso.evento];
        return mensaje(terminal, asunto, lineas);
      }
      case 'franja.pausada': {
        const x = d as { unidad: string; fecha: string; horas: number[]; motivo: string };
        const horas = x.horas.map((h) => `${String(h).padStart(2, '0')}:00`).join(', ');
        return mensaje(terminal, `turnos pausados en ${x.unidad}`, [
          `La terminal pausó los turnos de ${x.unidad} el ${x.fecha.split('-').reverse().join('/')} (${horas}).`,
          `Motivo: ${x.motivo}`,
        ]);
      }
      case 'encuesta.recordatorio': {
        const x = d as { titulo: string };
        return mensaje(terminal, 'una encuesta espera su respuesta', [
          `La encuesta «${x.titulo}» espera su respuesta: la encuentra al ingresar al portal.`,
        ]);
      }
      default:
        throw new ErrorDefinitivo(`Aviso desconocido: ${aviso.evento}`);
    }
  }

  return {
    nombre: 'correo',
    reintentos: REINTENTOS_CORREO,
    duracionMaximaMs: DURACION_MAXIMA_MS,
    concurrencia: CORREOS_A_LA_VEZ,
    cerrar: () => transporte.close(),
    async entregar(aviso, db) {
      const u = await repo.usuarioCorreo(db, aviso.destino);
      if (!u?.activo) throw new ErrorDefinitivo(M.usuarioInactivo);
      const terminal = await nombreTerminal(db);
      let para: string;
      let m: Mensaje;
      if (aviso.evento === 'correo.confirmar') {
        const pendiente = await repo.confirmacion(db, aviso.destino);
        if (!pendiente) throw new ErrorDefinitivo('No hay un cambio de correo pendiente.');
        // A fresh token for each try; only its hash is kept, with its expiry.
        const token = randomBytes(32).toString('base64url');
        await repo.guardarToken(
          db,
          aviso.destino,
          hashToken(token),
          sumarHoras(reloj(), HORAS_ENLACE),
        );
        para = pendiente.correo;
        m = mensaje(terminal, 'confirme su dirección de correo', [
          `Pidió que los avisos de ${u.usuario} lleguen a esta dirección.`,
          `Para confirmarla abra este enlace (vale ${HORAS_ENLACE} horas): ${origen}/cuenta/correo?token=${token}`,
          'Si no lo pidió, ignore este correo.',
        ]);
      } else {
        if (!u.correo) throw new ErrorDefinitivo(M.sinCorreo);
        if (!u.avisos.includes(aviso.evento)) throw new ErrorDefinitivo(M.yaNoQuiere);
        para = u.correo;
        m = await componer(aviso, db, terminal);
      }
      await transporte.sendMail({
        from: correo.remitente,
        to: para,
        subject: m.asunto,
        text: m.texto,
        html: m.html,
        attachments: m.adjuntos?.map((a) => ({
          filename: a.nombre,
          content: a.contenido,
          contentType: a.tipo,
        })),
        headers: { 'X-Acopio-Aviso': String(aviso.id) },
      });
    },
  };
}
