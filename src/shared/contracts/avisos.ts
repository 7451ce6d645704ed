/**
 * Notices (issue 25): the outbox of e-mails and webhooks, as the administration reads it
 * (Administración → Avisos), and the kinds of notice a user may choose by e-mail.
 */
import { z } from 'zod';
import { FORMA_TOKEN_CORREO } from '../correo';
import { entero, fechaLocal, id } from './comun';

/** How a notice travels. */
export const CANALES_AVISO = ['correo', 'webhook'] as const;
export type CanalAviso = (typeof CANALES_AVISO)[number];

/** Where a notice is: waiting (also between retries), delivered, or given up after the last try. */
export const ESTADOS_AVISO = ['pendiente', 'enviado', 'fallido'] as const;
export type EstadoAviso = (typeof ESTADOS_AVISO)[number];

/** The notices a user may choose to receive by e-mail ('Mi cuenta'); none by default. */
export const AVISOS_CORREO = [
  'camion.finalizado',
  'turno.reservado',
  'turno.cambiado',
  'turno.ausente',
  'franja.pausada',
  'encuesta.recordatorio',
] as const;
export type AvisoCorreo = (typeof AVISOS_CORREO)[number];

export const MAXIMO_AVISOS_POR_PAGINA = 200;

export const avisosBody = z.strictObject({
  estado: z.enum(ESTADOS_AVISO).optional(),
  /** Keyset pagination: the rows older than this id (the previous page's `siguiente`). */
  antesDe: entero(1, Number.MAX_SAFE_INTEGER).optional(),
  limite: entero(1, MAXIMO_AVISOS_POR_PAGINA).default(50),
});
export type AvisosBody = z.input<typeof avisosBody>;

export const filaAviso = z.object({
  id: z.number().int(),
  canal: z.enum(CANALES_AVISO),
  /** The receiver: a user's id ('correo') or an endpoint's id ('webhook'). */
  destino: z.number().int(),
  /** The receiver as people know it (the user's name, the endpoint's URL), when it still exists. */
  destinoNombre: z.string().nullable(),
  evento: z.string(),
  estado: z.enum(ESTADOS_AVISO),
  intentos: z.number().int(),
  /** When the next try is due (terminal's wall time); null: as soon as a worker is free. */
  proximoIntento: fechaLocal.nullable(),
  ultimoError: z.string().nullable(),
  creado: fechaLocal,
  enviado: fechaLocal.nullable(),
});
export type FilaAviso = z.infer<typeof filaAviso>;

export const paginaAvisos = z.object({
  filas: z.array(filaAviso),
  /** Pass it as `antesDe` for the next page; null when this is the last. */
  siguiente: z.number().int().nullable(),
  /** How many notices are in each state, all channels. */
  cuentas: z.object({ pendiente: z.number(), enviado: z.number(), fallido: z.number() }),
  /** E-mail is configured (SMTP_URL): without it, e-mail notices fail at once. */
  correoActivo: z.boolean(),
});
export type PaginaAvisos = z.infer<typeof paginaAvisos>;

export const reenviarAvisoBody = z.strictObject({ id });
export type ReenviarAvisoBody = z.input<typeof reenviarAvisoBody>;

// ---------------------------------------------------------------------------------------------
// E-mail: a user's address and the notices they chose ('Mi cuenta'; the administration sets it)

export const direccionCorreo = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const preferenciasCorreo = z.object({
  /** The confirmed address notices go to; null: none. */
  correo: z.string().nullable(),
  /** A new address waiting for its link to be opened, if any. */
  correoPendiente: z.string().nullable(),
  avisos: z.array(z.enum(AVISOS_CORREO)),
  /** E-mail is configured on this portal (SMTP_URL); without it nothing is sent. */
  correoActivo: z.boolean(),
});
export type PreferenciasCorreo = z.infer<typeof preferenciasCorreo>;

export const guardarAvisosBody = z.strictObject({
  avisos: z.array(z.enum(AVISOS_CORREO)).max(AVISOS_CORREO.length),
});
export type GuardarAvisosBody = z.input<typeof guardarAvisosBody>;

export const cambiarCorreoBody = z.strictObject({ correo: direccionCorreo });
export type CambiarCorreoBody = z.input<typeof cambiarCorreoBody>;

export const confirmarCorreoBody = z.strictObject({
  token: z.string().regex(FORMA_TOKEN_CORREO),
});
export type ConfirmarCorreoBody = z.input<typeof confirmarCorreoBody>;

export const correoUsuarioBody = z.strictObject({
  usuario: z.string().trim().toLowerCase().min(1).max(50),
  /** null: without address (no e-mail notices). */
  correo: direccionCorreo.nullable(),
});
export type CorreoUsuarioBody = z.input<typeof correoUsuarioBody>;
export const correoConfirmado = z.object({ correo: z.string() });
