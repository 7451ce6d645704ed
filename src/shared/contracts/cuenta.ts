/**
 * 'Mi cuenta' (issue 14), for every signed-in user: their own sessions, sign-ins and card.
 * Only the user's own rows, whoever asks.
 */
import { z } from 'zod';
import { fechaLocal } from './comun';

export const sesionPropia = z.object({
  /** An opaque id of the session (never its token). */
  id: z.string(),
  iniciada: fechaLocal,
  ultimaActividad: fechaLocal,
  /** The browser's User-Agent as it signed in. */
  navegador: z.string(),
  ip: z.string().nullable(),
  /** The session this very request comes with. */
  actual: z.boolean(),
});
export type SesionPropia = z.infer<typeof sesionPropia>;

export const ingresoPropio = z.object({
  fecha: fechaLocal,
  ip: z.string().nullable(),
  resultado: z.enum(['ingreso', 'fallido', 'bloqueo']),
});
export type IngresoPropio = z.infer<typeof ingresoPropio>;

export const miCuenta = z.object({
  usuario: z.string(),
  codempre: z.number().int(),
  nomempre: z.string(),
  tarjeta: z.object({ ctrl: z.number().int(), emitida: fechaLocal }).nullable(),
  sesiones: z.array(sesionPropia),
  /** The last sign-ins, failed attempts and locks of this user name, newest first. */
  ingresos: z.array(ingresoPropio),
});
export type MiCuenta = z.infer<typeof miCuenta>;

export const cerrarSesionPropiaBody = z.strictObject({
  sesion: z.string().regex(/^[0-9a-f]{16}$/, 'no es una sesión'),
});
export const sesionesPropiasCerradas = z.object({ cerradas: z.number().int() });
