/**
 * The live yard (issue 15): GET /api/camiones/eventos is a Server-Sent Events stream of the
 * changes of the trucks the signed-in user may see (their company and units; an administrator,
 * every client). The screens apply each change to the list they show; they never fetch the
 * whole list again for one change.
 */
import { z } from 'zod';
import type { RespuestaArchivo } from './comun';
import { camionEnPlaya } from './camiones';

/**
 * Where a stream resumes: the id of the last event the browser saw. EventSource sends it in the
 * Last-Event-ID header when it reconnects by itself; `desde` carries it when a new stream takes
 * over from another (another tab of the same browser), since EventSource cannot set headers.
 */
export const eventosConsulta = z.strictObject({
  desde: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** `event: camion`: a truck changed (entered, changed status, got or lost a quota, finished). */
export const eventoCamion = z.object({
  codempre: z.number().int(),
  unineg: z.number().int(),
  /** The truck as the yard's list shows it now. */
  camion: camionEnPlaya,
});
export type EventoCamion = z.infer<typeof eventoCamion>;

/**
 * `event: turno` (issue 24): a band's bookings changed (booked, changed, cancelled, checked in,
 * marked as a no-show) or a band was paused or resumed. It names the band, never a booking: the
 * screen reads its counts again. A client gets only its own company's; a pause (codempre null)
 * reaches administrators only. Not replayed after a reconnection: the screen reloads on `listo`.
 */
export const eventoTurno = z.object({
  /** The company whose booking changed; null: a pause or resumption (administrators only). */
  codempre: z.number().int().nullable(),
  unineg: z.number().int(),
  fecha: z.string(),
  /** null: the whole day. */
  hora: z.number().int().nullable(),
});
export type EventoTurno = z.infer<typeof eventoTurno>;
/** The PostgreSQL channel a turn event is announced on (pg_notify in the booking's transaction). */
export const CANAL_TURNOS = 'acopio_turnos';

/** The event types of the stream, as the browser tells them apart. */
export const TIPOS_DE_EVENTO = {
  camion: 'camion',
  turno: 'turno',
  /** The stream is live and caught up: what was missed since `desde` was sent before this. */
  listo: 'listo',
  /** Too much was missed to replay (or too long ago): the screen loads its list again. */
  recargar: 'recargar',
} as const;

export const flujoEventosPlaya = {
  description:
    'Flujo de eventos (text/event-stream). Cada evento lleva su id (para Last-Event-ID). Tipos: ' +
    '`camion` (datos: { codempre, unineg, camion } con el camión como lo muestra la lista de ' +
    'playa), `turno` (datos: { codempre, unineg, fecha, hora }: cambiaron los turnos de esa ' +
    'franja; sin id, no se repite al reconectar), `listo` (el flujo está al día; lo perdido desde Last-Event-ID o `desde` ya se ' +
    'envió) y `recargar` (se perdió demasiado: vuelva a pedir la lista). Un comentario ' +
    '`: latido` cada 25 segundos mantiene viva la conexión; el flujo se cierra cuando la sesión ' +
    'termina.',
  content: {
    'text/event-stream': { schema: z.string() },
  },
} as const satisfies RespuestaArchivo;

/** What the browser gets of the stream through the route map: it is read with EventSource. */
export const flujo = z.custom<never>();
