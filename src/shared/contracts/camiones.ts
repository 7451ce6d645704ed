import { z } from 'zod';
import { codempre, entero, fechaLocal, id } from './comun';

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
