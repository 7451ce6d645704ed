/**
 * The yard operations API (beyond the spec): what the terminal's gate and weighbridge software
 * records about a truck, with a service token. Weights in kilograms.
 */
import { z } from 'zod';
import { cantidadCupo, ticket } from './camiones';
import { entero, fechaLocal, id, texto } from './comun';

/** Heavier than any road truck (a 9-axle B-train carries 75 t): a scale reading above is a fault. */
export const KG_MAXIMO = 150_000;

/**
 * When it happened, as the scale's clock says: '2026-11-21T14:03:22' in the terminal's wall time,
 * or with an offset ('…-03:00', '…Z'). Absent: the moment the portal receives it.
 */
const fecha = z.iso
  .datetime({ offset: true, local: true })
  .optional()
  .describe(
    "Hora del hecho: '2026-11-21T14:03:22' (hora de la terminal) o con zona ('…-03:00'). Sin ella, la hora de llegada.",
  );

/** A plate as read at the gate: letters and digits, spaces and dashes dropped, upper case. */
const patente = z
  .string()
  .transform((s) => s.toUpperCase().replace(/[\s.-]/g, ''))
  .pipe(z.string().regex(/^[A-Z0-9]{5,10}$/, 'debe tener de 5 a 10 letras y números'));

/** National id (DNI) or a foreign document: digits and letters, dots and spaces dropped. */
const documento = z
  .string()
  .transform((s) => s.toUpperCase().replace(/[\s.-]/g, ''))
  .pipe(z.string().regex(/^[A-Z0-9]{6,12}$/, 'debe tener de 6 a 12 letras y números'));

const kg = entero(1, KG_MAXIMO).describe('Kilogramos que marca la balanza');
const balanza = texto(20).pipe(z.string().min(1)).describe('Identificación de la balanza');

/** POST /api/operaciones/ingreso: a truck enters the yard. */
export const ingresoBody = z.strictObject({
  codempre: entero(1),
  unineg: id,
  patcha: patente,
  pataco: patente.nullable().optional(),
  cargateorica: entero(0, KG_MAXIMO).describe('Carga teórica declarada, en kg'),
  nomchofer: texto(100).pipe(z.string().min(1)),
  dni: documento,
  cupo: id.optional().describe('El cupo (codorden) con que llega: el camión entra con orden'),
  fecha,
});
export type IngresoBody = z.input<typeof ingresoBody>;

/** POST /api/operaciones/vincular: the driver presents the order after entering. */
export const vincularBody = z.strictObject({
  camion: id,
  cupo: id,
  cantidad: cantidadCupo.optional().describe('Cantidad asignada; sin ella, la del cupo entero'),
});
export type VincularBody = z.input<typeof vincularBody>;

/** POST /api/operaciones/tara and /bruto: a weighing of the truck. */
export const pesajeBody = z.strictObject({ camion: id, kg, balanza, fecha });
export type PesajeBody = z.input<typeof pesajeBody>;

/** POST /api/operaciones/egreso: the truck leaves the yard. */
export const egresoBody = z.strictObject({ camion: id, fecha });
export type EgresoBody = z.input<typeof egresoBody>;

/** Optional on every operation: a retry with the same key answers as the first time. */
export const cabecerasOperacion = z
  .object({
    'idempotency-key': z
      .string()
      .regex(/^[\x21-\x7e]{1,100}$/, 'de 1 a 100 caracteres ASCII visibles')
      .optional()
      .describe('Clave única del pedido (p. ej. un UUID): reintentarlo no registra nada dos veces'),
  })
  .loose();

/** What every operation answers: the truck as it is after it. */
export const camionOperado = z.object({
  camion: z.number().int(),
  codempre: z.number().int(),
  unineg: z.number().int(),
  patcha: z.string(),
  codestado: z.number().int(),
  nomestado: z.string(),
  ingplaya: fechaLocal,
  egreso: fechaLocal.nullable(),
  /** The quotas linked to the truck (their ctrl). */
  cupos: z.array(z.number().int()),
  /** Its weighing ticket, once the tare is recorded. */
  ticket: ticket.nullable(),
});
export type CamionOperado = z.infer<typeof camionOperado>;

/** A ledger line written by the gross weighing (design section 6): signed tonnes. */
export const movimientoStock = z.object({
  cupo: z.number().int(),
  codpro: z.number().int(),
  nompro: z.string(),
  toneladas: z.number(),
});

export const brutoRespuesta = camionOperado.extend({ movimientos: z.array(movimientoStock) });
export type BrutoRespuesta = z.infer<typeof brutoRespuesta>;
