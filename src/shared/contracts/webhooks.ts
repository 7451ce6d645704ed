/**
 * Webhooks (issue 25): the endpoints the administrator registers, their delivery log, and the
 * events the portal posts to them (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`; body `{ type, timestamp, data }`).
 */
import { z } from 'zod';
import { codempre, entero, fechaLocal, id } from './comun';
import { brutoRespuesta, camionOperado } from './operaciones';
import { turno } from './turnos';

/** What an endpoint may subscribe to. */
export const EVENTOS_WEBHOOK = [
  'camion.ingresado',
  'camion.estado',
  'camion.finalizado',
  'cupo.creado',
  'cupo.vinculado',
  'cupo.eliminado',
  'turno.reservado',
  'turno.cambiado',
  'turno.ausente',
  'stock.movimiento',
] as const;
export type EventoWebhook = (typeof EVENTOS_WEBHOOK)[number];

/** The secret's prefix (Standard Webhooks): `whsec_` and the key's bytes in base64. */
export const PREFIJO_SECRETO = 'whsec_';

export const crearWebhookBody = z.strictObject({
  /** http:// or https://; its host must not be internal (loopback, private, link-local). */
  url: z.string().trim().min(1).max(2000),
  eventos: z.array(z.enum(EVENTOS_WEBHOOK)).min(1).max(EVENTOS_WEBHOOK.length),
  /** A client company: the endpoint gets only that company's events. Null or absent: all. */
  codempre: codempre.nullable().optional(),
});
export type CrearWebhookBody = z.input<typeof crearWebhookBody>;

/** The secret in clear: shown once, here, never again. */
export const webhookCreado = z.object({ id: z.number().int(), secreto: z.string() });

export const webhookAdministrado = z.object({
  id: z.number().int(),
  url: z.string(),
  eventos: z.array(z.enum(EVENTOS_WEBHOOK)),
  codempre: z.number().int().nullable(),
  nomempre: z.string().nullable(),
  activo: z.boolean(),
  /** Why it is inactive: by the administrator, or by a 410 answer. */
  motivoInactivo: z.string().nullable(),
  creado: fechaLocal,
  pendientes: z.number().int(),
  fallidas: z.number().int(),
  /** The endpoint's last try (terminal's wall time); null: none yet. */
  ultimoIntento: fechaLocal.nullable(),
  /** That try's HTTP status; null: none yet, or no answer (refused, timed out). */
  ultimoHttp: z.number().int().nullable(),
});
export type WebhookAdministrado = z.infer<typeof webhookAdministrado>;
export const listaWebhooks = z.array(webhookAdministrado);

export const idWebhookBody = z.strictObject({ id });
export type IdWebhookBody = z.input<typeof idWebhookBody>;

export const activarWebhookBody = z.strictObject({ id, activo: z.boolean() });
export type ActivarWebhookBody = z.input<typeof activarWebhookBody>;

export const MAXIMO_ENTREGAS_POR_PAGINA = 200;

export const entregasWebhookBody = z.strictObject({
  id,
  /** Keyset pagination: the deliveries older than this one (the previous page's `siguiente`). */
  antesDe: entero(1, Number.MAX_SAFE_INTEGER).optional(),
  limite: entero(1, MAXIMO_ENTREGAS_POR_PAGINA).default(50),
});
export type EntregasWebhookBody = z.input<typeof entregasWebhookBody>;

/** One event to one endpoint: the outbox row and its last try. */
export const entregaWebhook = z.object({
  /** The outbox row's id. */
  entrega: z.number().int(),
  /** `webhook-id` of every try of this delivery: 'msg_' and the outbox row's id. */
  idMensaje: z.string(),
  evento: z.string(),
  estado: z.enum(['pendiente', 'enviado', 'fallido']),
  intentos: z.number().int(),
  /** The last try's HTTP status; null: none yet, or no answer (refused, timed out). */
  http: z.number().int().nullable(),
  ultimoError: z.string().nullable(),
  /** When the last try was (terminal's wall time). */
  ultimoIntento: fechaLocal.nullable(),
  proximoIntento: fechaLocal.nullable(),
  creado: fechaLocal,
  enviado: fechaLocal.nullable(),
});
export type EntregaWebhook = z.infer<typeof entregaWebhook>;

export const paginaEntregas = z.object({
  filas: z.array(entregaWebhook),
  /** Pass it as `antesDe` for the next page; null when this is the last. */
  siguiente: z.number().int().nullable(),
});
export type PaginaEntregas = z.infer<typeof paginaEntregas>;

export const reenviarEntregaBody = z.strictObject({ id, entrega: id });
export type ReenviarEntregaBody = z.input<typeof reenviarEntregaBody>;

// ---------------------------------------------------------------------------------------------
// The events as a receiver gets them (OpenAPI `webhooks`).

/** A truck's status change: in Playa con orden, Operando, back to Playa sin orden. */
const estadoCamionEvento = z.object({
  camion: z.number().int(),
  codempre: z.number().int(),
  unineg: z.number().int(),
  codestado: z.number().int(),
  nomestado: z.string(),
  /** The status it had before. */
  anterior: z.number().int(),
});

const cupoEvento = z.object({
  cupo: z.number().int(),
  codempre: z.number().int(),
  unineg: z.number().int(),
});

const vinculoEvento = cupoEvento.extend({
  camion: z.number().int(),
  /** Tonnes linked. */
  cantidad: z.number(),
});

const movimientoEvento = z.object({
  codempre: z.number().int(),
  unineg: z.number().int(),
  codpro: z.number().int(),
  tipo: z.enum(['apertura', 'ajuste', 'recepcion', 'despacho']),
  /** Signed tonnes. */
  toneladas: z.number(),
  cupo: z.number().int().nullable(),
  ticket: z.number().int().nullable(),
});

/** The `data` of each event. */
export const DATOS_EVENTO = {
  'camion.ingresado': camionOperado,
  'camion.estado': estadoCamionEvento,
  'camion.finalizado': brutoRespuesta,
  'cupo.creado': cupoEvento,
  'cupo.vinculado': vinculoEvento,
  'cupo.eliminado': cupoEvento,
  'turno.reservado': turno,
  'turno.cambiado': turno,
  'turno.ausente': turno,
  'stock.movimiento': movimientoEvento,
} satisfies Record<EventoWebhook, z.ZodType>;

export type DatosEvento<E extends EventoWebhook> = z.infer<(typeof DATOS_EVENTO)[E]>;

/** What the events' summaries say in the API document. */
export const RESUMEN_EVENTO: Record<EventoWebhook, string> = {
  'camion.ingresado': 'Un camión ingresó a la playa',
  'camion.estado': 'Un camión cambió de estado (con orden, operando, sin orden otra vez)',
  'camion.finalizado':
    'Un camión terminó su pesaje bruto: con su ticket y los movimientos de stock',
  'cupo.creado': 'Se creó un cupo',
  'cupo.vinculado': 'Un cupo quedó vinculado a un camión',
  'cupo.eliminado': 'Se eliminó un cupo',
  'turno.reservado': 'Se reservó un turno',
  'turno.cambiado': 'Un turno cambió de día u hora, o se canceló',
  'turno.ausente': 'Un turno pasó sin que el camión se presentara',
  'stock.movimiento': 'Un movimiento en el stock de un cliente',
};

/** The body of every POST: the Standard Webhooks envelope. */
export const cuerpoEvento = <E extends z.ZodType>(tipo: string, datos: E) =>
  z.object({
    type: z.literal(tipo),
    /** When the change was written to the outbox, on the terminal's clock: ISO 8601 in UTC. */
    timestamp: z.string(),
    data: datos,
  });
