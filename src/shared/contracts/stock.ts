import { z } from 'zod';
import { codempre, dia, entero, fechaLocal, id } from './comun';

/** POST /api/empresa/stock (spec section 7, design section 6). */
export const stockBody = z.strictObject({ codempre, unineg: id });
export type StockBody = z.input<typeof stockBody>;

/**
 * A product's balance: tonnes with 3 decimals (to the kilogram), negative if it ran short.
 * `comprometidas` and `disponibles` (issue 16) are additions to the spec's shape: the tonnes of
 * the product promised to open dispatch quotas (not deleted, not yet loaded: unlinked, or linked
 * to a truck that has not finished) and what is left, `toneladas - comprometidas`.
 */
export const lineaStock = z.object({
  codpro: z.number().int(),
  nompro: z.string(),
  toneladas: z.number(),
  comprometidas: z.number(),
  disponibles: z.number(),
});
export type LineaStock = z.infer<typeof lineaStock>;

export const stockRespuesta = z.array(lineaStock);

/** The widest range of days the history takes: ten years (as the dashboard). */
export const DIAS_MAXIMOS_HISTORIAL = 3_660;
/** The largest page of movements (the Excel export reads with it). */
export const MAXIMO_MOVIMIENTOS_POR_PAGINA = 500;

/** Why the history refuses a range (400). */
export const MENSAJES_HISTORIAL = {
  diaInexistente: (campo: string) => `${campo}: no es un día del calendario`,
  fechasInvertidas: 'La fecha desde no puede ser posterior a la fecha hasta',
  rangoExcesivo: `El rango no puede superar los ${DIAS_MAXIMOS_HISTORIAL.toLocaleString('es-AR')} días`,
} as const;

/** A product of a client in a unit, over a range of the terminal's days (both included). */
const rangoDeProducto = {
  codempre,
  unineg: id,
  codpro: id,
  /** From this day, inclusive (terminal's calendar). */
  desde: dia,
  /** Up to this day, inclusive. */
  hasta: dia,
};

/**
 * POST /api/empresa/stock/movimientos (issue 16): a product's ledger, newest first by the
 * movements' dates (issue 20; the recording order breaks ties), a page at a time. Keyset
 * pagination on (fecha, id): pass `siguiente` as `antesDe` for the next, older, page.
 */
export const movimientosStockBody = z.strictObject({
  ...rangoDeProducto,
  antesDe: entero(1, Number.MAX_SAFE_INTEGER).optional(),
  limite: entero(1, MAXIMO_MOVIMIENTOS_POR_PAGINA).default(100),
});
export type MovimientosStockBody = z.input<typeof movimientosStockBody>;

export const tipoMovimiento = z.enum(['apertura', 'ajuste', 'recepcion', 'despacho']);

export const movimientoStock = z.object({
  id: z.number().int(),
  /** The movement's instant on the terminal's clock (the scale's, for a ticket). */
  fecha: fechaLocal,
  tipo: tipoMovimiento,
  /** The weighing ticket of a reception or dispatch; null for an opening or adjustment. */
  ticket: z.number().int().nullable(),
  /** The truck's plate (chasis) of that ticket. */
  patente: z.string().nullable(),
  /** The quota the truck carried. */
  cupo: z.number().int().nullable(),
  /** Why an opening balance or adjustment was made. */
  observacion: z.string().nullable(),
  /** Signed tonnes: receptions and positive adjustments add, dispatches subtract. */
  toneladas: z.number(),
  /** The product's balance right after this movement: everything dated up to it. */
  saldo: z.number(),
});
export type MovimientoStock = z.infer<typeof movimientoStock>;

export const paginaMovimientosStock = z.object({
  movimientos: z.array(movimientoStock),
  /** Pass it as `antesDe` for the next page; null when this is the last. */
  siguiente: z.number().int().nullable(),
});
export type PaginaMovimientosStock = z.infer<typeof paginaMovimientosStock>;

/** POST /api/empresa/stock/saldos (issue 16): the balance over the range, for the chart. */
export const saldosStockBody = z.strictObject(rangoDeProducto);
export type SaldosStockBody = z.input<typeof saldosStockBody>;

export const saldosStockRespuesta = z.object({
  /** The balance when the range opens: everything dated before `desde`. */
  saldoInicial: z.number(),
  /**
   * Every day of the range, in order: its closing balance, everything dated up to its end
   * (the balance after its newest movement); a day without movements carries the previous
   * day's.
   */
  saldos: z.array(z.object({ dia, saldo: z.number() })),
});
export type SaldosStockRespuesta = z.infer<typeof saldosStockRespuesta>;
