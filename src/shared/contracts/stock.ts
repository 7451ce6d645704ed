import { z } from 'zod';
import { codempre, id } from './comun';

/** POST /api/empresa/stock (spec section 7, design section 6). */
export const stockBody = z.strictObject({ codempre, unineg: id });
export type StockBody = z.input<typeof stockBody>;

/** A product's balance: tonnes with 3 decimals (to the kilogram), negative if it ran short. */
export const lineaStock = z.object({
  codpro: z.number().int(),
  nompro: z.string(),
  toneladas: z.number(),
});
export type LineaStock = z.infer<typeof lineaStock>;

export const stockRespuesta = z.array(lineaStock);
