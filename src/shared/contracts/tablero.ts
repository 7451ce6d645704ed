/**
 * The dashboard ('Tablero', issue 16): the terminal at a glance, for a business unit and a range
 * of the terminal's days. An administrator sees every client (or one, with `codempre`); a client
 * user only their own company, whatever `codempre` they send (the server decides, not the body).
 *
 * Every figure comes from rollups kept in the same transaction as the change that moves them
 * (trucks entered and finished per hour, each finished truck's turnaround and weights, tons and
 * quotas per hour), checked against a recomputation by `npm run cli -- tablero verificar`.
 */
import { z } from 'zod';
import { codempre, dia, entero, fechaLocal, id } from './comun';

/** The widest range a call takes: ten years of days. */
export const DIAS_MAXIMOS = 3_660;
/** Hour by hour only up to a month; wider ranges answer day by day. */
export const DIAS_MAXIMOS_POR_HORA = 31;

/**
 * The body of every dashboard call. `desde` and `hasta` are days of the terminal's calendar, both
 * included; `desde` after `hasta` or a range over DIAS_MAXIMOS is a 400 with a Spanish message.
 */
export const tableroBody = z.strictObject({
  unineg: id,
  /** Administrator: one client, or absent for all. A client user: ignored, always their own. */
  codempre: codempre.optional(),
  desde: dia,
  hasta: dia,
});
export type TableroBody = z.input<typeof tableroBody>;

/** Minutes, one decimal; null when no truck of the group has the stage recorded. */
const minutos = z.number().nullable();
const percentiles = z.object({ p50: minutos, p90: minutos });

/** POST /api/tablero/camiones: trucks entered and finished, per hour and per day. */
export const tableroCamionesRespuesta = z.object({
  /** Trucks per hour the unit declared it can handle; null until an administrator sets it. */
  capacidadHora: z.number().int().nullable(),
  /**
   * Hour by hour (only hours with a truck; the screen fills the rest with zeros), for ranges up
   * to DIAS_MAXIMOS_POR_HORA days; empty and `porHora: false` for wider ones.
   */
  porHora: z.boolean(),
  horas: z.array(
    z.object({
      /** The hour's start on the terminal's clock. */
      hora: fechaLocal,
      ingresados: z.number().int(),
      finalizados: z.number().int(),
    }),
  ),
  /** Every day of the range, in order, zeros included. */
  dias: z.array(
    z.object({
      dia,
      ingresados: z.number().int(),
      finalizados: z.number().int(),
      /** The busiest hour's finished trucks that day (against `capacidadHora`). */
      maximoHora: z.number().int(),
    }),
  ),
});
export type TableroCamionesRespuesta = z.infer<typeof tableroCamionesRespuesta>;

/** Turnaround of the trucks finished in a group (a day, or the whole range). */
const recorrido = z.object({
  /** Trucks finished. */
  camiones: z.number().int(),
  /** Entry → finished. */
  total: percentiles,
  /** Waiting without an order ('Playa sin orden'). */
  sinOrden: percentiles,
  /** Waiting with an order ('Playa con orden'). */
  conOrden: percentiles,
  /** Operating (tare → gross weighing). */
  operando: percentiles,
});

/** A truck over its unit's wait thresholds right now. */
export const camionDemorado = z.object({
  ctrl: z.number().int(),
  codempre: z.number().int(),
  nomempre: z.string(),
  patcha: z.string(),
  codestado: z.number().int(),
  nomestado: z.string(),
  estadoDesde: fechaLocal,
  minutos: z.number().int(),
  nivel: z.enum(['demorado', 'excedido']),
});

/**
 * POST /api/tablero/recorridos: turnaround median and 90th percentile (linear interpolation,
 * as PostgreSQL's percentile_cont) per day of finishing and for the range, split into stages;
 * and the trucks over the wait thresholds now (in the unit, whatever the range).
 */
export const tableroRecorridosRespuesta = z.object({
  rango: recorrido,
  dias: z.array(recorrido.extend({ dia })),
  demorados: z.array(camionDemorado),
});
export type TableroRecorridosRespuesta = z.infer<typeof tableroRecorridosRespuesta>;

/** POST /api/tablero/toneladas: tons dispatched per product per day (days with none absent). */
export const tableroToneladasRespuesta = z.object({
  productos: z.array(z.object({ codpro: z.number().int(), nompro: z.string() })),
  dias: z.array(
    z.object({
      dia,
      codpro: z.number().int(),
      /** Tons dispatched (positive), 3 decimals. */
      toneladas: z.number(),
    }),
  ),
});
export type TableroToneladasRespuesta = z.infer<typeof tableroToneladasRespuesta>;

/** POST /api/tablero/cupos: dispatch quotas per day (every day of the range, zeros included). */
export const tableroCuposRespuesta = z.object({
  dias: z.array(
    z.object({
      dia,
      /** Quotas created that day. */
      pedidos: z.number().int(),
      /** Quotas whose truck finished that day (consumed). */
      usados: z.number().int(),
      /** Quotas deleted that day without having been used. */
      eliminados: z.number().int(),
    }),
  ),
});
export type TableroCuposRespuesta = z.infer<typeof tableroCuposRespuesta>;

/** At most this many deviations are listed (newest first); `total` counts them all. */
export const DESVIOS_MAXIMOS = 500;

/**
 * POST /api/tablero/desvios: finished trucks whose net weight exceeds their quotas' maximum load,
 * or falls short of it by more than the unit's tolerance (percent; no shortfall is listed while
 * the unit has none).
 */
export const tableroDesviosRespuesta = z.object({
  toleranciaFaltante: z.number().nullable(),
  total: z.number().int(),
  desvios: z.array(
    z.object({
      camion: z.number().int(),
      codempre: z.number().int(),
      nomempre: z.string(),
      patcha: z.string(),
      finalizadoEn: fechaLocal,
      ticket: z.number().int(),
      tara: z.number().int(),
      bruto: z.number().int(),
      /** Kilograms: bruto - tara. */
      neto: z.number().int(),
      /** Kilograms the truck's quotas allowed (bulk: kilos; containers: units × container weight). */
      maximo: z.number().int(),
      /** neto - maximo, kilograms: positive over, negative short. */
      diferencia: z.number().int(),
      /** diferencia / maximo, percent with one decimal. */
      porcentaje: z.number(),
      tipo: z.enum(['exceso', 'faltante']),
    }),
  ),
});
export type TableroDesviosRespuesta = z.infer<typeof tableroDesviosRespuesta>;

/** Bookings of a group (an hour, a day): booked against the unit's capacity, and what came. */
const cifrasTurnos = {
  /** Places of the unit's calendars (the date's exception, else the weekday's template). */
  capacidad: z.number().int(),
  /** Bookings not cancelled: still booked, arrived or no-show. */
  reservados: z.number().int(),
  /** Bookings whose truck checked in ('presente'). */
  presentes: z.number().int(),
  /** Bookings marked as no-show ('ausente'). */
  ausentes: z.number().int(),
};

/**
 * POST /api/tablero/turnos (issue 24): booked vs capacity vs arrived per hour and per day, and
 * punctuality per company. The capacity is the unit's whole (a client's bookings are set against
 * the places of the unit they book in); bookings are the filtered company's, or every client's.
 */
export const tableroTurnosRespuesta = z.object({
  /** As in /api/tablero/camiones: hour by hour only up to DIAS_MAXIMOS_POR_HORA days. */
  porHora: z.boolean(),
  /** Hours with capacity or bookings (the screen fills the rest with zeros), in order. */
  horas: z.array(z.object({ hora: fechaLocal, ...cifrasTurnos })),
  /** Every day of the range, in order, zeros included. */
  dias: z.array(z.object({ dia, ...cifrasTurnos })),
  /** Companies with a booking not cancelled in the range, by name. */
  empresas: z.array(
    z.object({
      codempre: z.number().int(),
      nomempre: z.string(),
      reservados: z.number().int(),
      /** Arrived within the band ± the unit's tolerance. */
      aTiempo: z.number().int(),
      temprano: z.number().int(),
      tarde: z.number().int(),
      ausentes: z.number().int(),
      /**
       * aTiempo over the bookings already settled (arrived or no-show), percent with one
       * decimal; null while none is.
       */
      puntualidad: z.number().nullable(),
    }),
  ),
});
export type TableroTurnosRespuesta = z.infer<typeof tableroTurnosRespuesta>;

/** A unit's dashboard settings, as administrators set them and every user of the unit reads them. */
export const parametrosTablero = z.object({
  unineg: z.number().int(),
  /** Trucks per hour; null: not declared. */
  capacidadHora: z.number().int().nullable(),
  /** Percent below the maximum load a net weight may fall before it is listed; null: none. */
  toleranciaFaltante: z.number().nullable(),
});
export type ParametrosTablero = z.infer<typeof parametrosTablero>;

/** POST /api/administracion/tablero-parametros: a unit's settings, replaced (audited). */
export const guardarParametrosTableroBody = z.strictObject({
  unineg: id,
  capacidadHora: entero(1, 10_000).nullable(),
  toleranciaFaltante: z.number().min(0).max(100).nullable(),
});
export type GuardarParametrosTableroBody = z.input<typeof guardarParametrosTableroBody>;
