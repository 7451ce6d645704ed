import { z } from 'zod';
import { codempre, dia, entero, fechaLocal, id } from './comun';

/** POST /api/camiones/camiones-playa (spec section 7, design section 4). */
export const camionesPlayaBody = z.strictObject({
  filtros: z.strictObject({
    codempre,
    unineg: id,
    /** 0 Todos, 1-4 one status (spec section 2); 0 when absent (spec section 3). */
    estado: entero(0, 4).default(0),
  }),
});
export type CamionesPlayaBody = z.input<typeof camionesPlayaBody>;

export const camionEnPlaya = z.object({
  ctrl: z.number().int(),
  txtempresa: z.string(),
  patcha: z.string(),
  pataco: z.string().nullable(),
  /** Kilograms declared at the gate. */
  cargateorica: z.number(),
  nomchofer: z.string(),
  dni: z.string(),
  ingplaya: fechaLocal,
  codestado: z.number().int(),
  nomestado: z.string(),
  /** When the truck entered its current status: its wait ('Espera') counts from here. */
  estado_desde: fechaLocal,
  /** The ctrl of the quotas linked to the truck, joined with ', '; null without any. */
  cupo_camion: z.string().nullable(),
  /**
   * The truck's turn (issue 24), when a booking is linked to it at the gate: its day and band
   * (10: 10:00-11:00), and how it came against the band ± the unit's tolerance. Null without.
   */
  turno_fecha: dia.nullable(),
  turno_hora: z.number().int().nullable(),
  turno_llegada: z.enum(['a_tiempo', 'temprano', 'tarde']).nullable(),
});
export type CamionEnPlaya = z.infer<typeof camionEnPlaya>;

export const camionesPlayaRespuesta = z.array(camionEnPlaya);

/**
 * A quota amount: kilos for bulk, units for containers. Positive, at most 3 decimals (what the
 * database keeps), as a number or a numeric string.
 */
export const cantidadCupo = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .positive()
      .max(99_999_999_999)
      .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, {
        message: 'admite hasta 3 decimales',
      }),
  );

/** POST /api/camiones/vincular-camion-cupo: `ctrl` is the quota. */
export const vincularCamionCupoBody = z.strictObject({
  ctrl: id,
  codcamion: id,
  cantidad: cantidadCupo,
});
export type VincularCamionCupoBody = z.input<typeof vincularCamionCupoBody>;

export const vincularCamionCupoRespuesta = z.object({ actualizado: z.literal(1) });
export type VincularCamionCupoRespuesta = z.infer<typeof vincularCamionCupoRespuesta>;

/** POST /api/camiones/cupos-asignados. */
export const cuposAsignadosBody = z.strictObject({ codcamion: id });

export const cupoAsignado = z.object({
  ctrl: z.number().int(),
  /** The amount linked to this truck: its 'Carga máxima'. */
  cantidad: z.number(),
  fechagen: fechaLocal,
  mezcla: z.string(),
  /** The dispatch type's name, shown under 'Tipo despacho'. */
  tipo: z.string(),
  obs: z.string().nullable(),
});
export type CupoAsignado = z.infer<typeof cupoAsignado>;

export const cuposAsignadosRespuesta = z.array(cupoAsignado);

/** POST /api/camiones/desasignar-cupo-camion: `ctrl` is the quota. */
export const desasignarCupoCamionBody = z.strictObject({ ctrl: id, codcamion: id });
export type DesasignarCupoCamionBody = z.input<typeof desasignarCupoCamionBody>;

export const desasignarCupoCamionRespuesta = z.object({
  resultado: z.array(z.object({ result: z.literal(1) })),
});
export type DesasignarCupoCamionRespuesta = z.infer<typeof desasignarCupoCamionRespuesta>;

/** POST /api/camiones/tickets: `camion` is the truck's ctrl. */
export const ticketsBody = z.strictObject({ camion: id });

/** A weighing ticket (spec section 3); weights in kg, null until the gross weighing. */
export const ticket = z.object({
  ctrl: z.number().int(),
  nomempre: z.string(),
  nomchofer: z.string(),
  camion: z.number().int(),
  patcha: z.string(),
  pataco: z.string().nullable(),
  tara: z.number(),
  fechatara: fechaLocal,
  baltara: z.string(),
  bruto: z.number().nullable(),
  fechabruto: fechaLocal.nullable(),
  balbruto: z.string().nullable(),
  neto: z.number().nullable(),
  mezcla: z.string(),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketsRespuesta = z.array(ticket);

/**
 * Wait thresholds per business unit (issue 15): past `aviso` minutes in 'Playa sin orden' or
 * 'Playa con orden' a truck is late ('Demorado', amber), past `limite` over the limit
 * ('Excedido', red). Administrators set them; every signed-in user reads its units' ones.
 */

/** Minutes: a whole number from 1 to a month. */
export const MINUTOS_MAXIMOS = 43_200;
const minutos = entero(1, MINUTOS_MAXIMOS);

export const umbralEspera = z.object({
  unineg: z.number().int(),
  sinOrdenAviso: z.number().int(),
  sinOrdenLimite: z.number().int(),
  conOrdenAviso: z.number().int(),
  conOrdenLimite: z.number().int(),
});
export type UmbralEspera = z.infer<typeof umbralEspera>;

/** GET /api/camiones/umbrales-espera. */
export const umbralesEsperaRespuesta = z.object({
  /**
   * The terminal's clock now, as the waits' `estado_desde`: the screen counts the wait with it,
   * whatever its own clock or time zone says.
   */
  ahora: fechaLocal,
  /** The thresholds of the units the user holds (all for an administrator); a unit without any is absent. */
  umbrales: z.array(umbralEspera),
});
export type UmbralesEsperaRespuesta = z.infer<typeof umbralesEsperaRespuesta>;

/** POST /api/administracion/umbrales-espera: a unit's four thresholds, replaced. */
export const guardarUmbralEsperaBody = z.strictObject({
  unineg: id,
  sinOrdenAviso: minutos,
  sinOrdenLimite: minutos,
  conOrdenAviso: minutos,
  conOrdenLimite: minutos,
});
export type GuardarUmbralEsperaBody = z.input<typeof guardarUmbralEsperaBody>;
