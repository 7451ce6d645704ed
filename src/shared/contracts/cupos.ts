import { z } from 'zod';
import { codempre, fechaLocal, id } from './comun';

/** POST /api/cupos: the unassigned quotas of a client and business unit (spec section 7). */
export const cuposBody = z.object({ uniNeg: id, codEmpre: codempre });

export const cupoDisponible = z.object({
  ctrl: z.number().int(),
  fechagen: fechaLocal,
  nomdespacho: z.string(),
  nombreenvase: z.string(),
  mezcla: z.string(),
  cantidad: z.number(),
  obs: z.string().nullable(),
});
export type CupoDisponible = z.infer<typeof cupoDisponible>;

export const cuposRespuesta = z.object({ resultado: z.array(cupoDisponible) });
export type CuposRespuesta = z.infer<typeof cuposRespuesta>;

/** What the lists show for a quota without containers (bulk). */
export const SIN_ENVASE = 'Sin envase';
