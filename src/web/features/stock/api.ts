import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { claves } from '../../lib/claves';

/** The stock of the selection; loaded only when both values are set (spec section 5). */
export const stockQuery = (codempre: number | undefined, unineg: number | undefined) =>
  queryOptions({
    queryKey: claves.stock(codempre, unineg),
    queryFn:
      codempre !== undefined && unineg !== undefined
        ? () => api.post('/api/empresa/stock', { codempre, unineg })
        : skipToken,
    // The scale moves stock all day: every visit asks again.
    staleTime: 0,
  });

/** A product of a client in a unit, over a range of days: what the history shows. */
export interface RangoHistorial {
  codempre: number;
  unineg: number;
  codpro: number;
  /** Days of the terminal's calendar, both included ('2026-11-24'). */
  desde: string;
  hasta: string;
}

/** Movements per page on screen. */
export const POR_PAGINA = 100;

/**
 * Under the stock list's key: a truck that finishes reloads the list and the histories of that
 * client and unit together (useStockEnVivo invalidates the prefix).
 */
const claveHistorial = (r: RangoHistorial, que: 'movimientos' | 'saldos') =>
  [...claves.stock(r.codempre, r.unineg), que, r.codpro, r.desde, r.hasta] as const;

/** A page of the ledger: `antesDe` is the previous page's `siguiente` (keyset pagination). */
export const paginaMovimientos = (r: RangoHistorial, antesDe?: number, limite = POR_PAGINA) =>
  api.post('/api/empresa/stock/movimientos', {
    ...r,
    ...(antesDe === undefined ? {} : { antesDe }),
    limite,
  });

/** The ledger of the range, newest first, one page after another ('Más antiguos'). */
export const movimientosQuery = (r: RangoHistorial) =>
  infiniteQueryOptions({
    queryKey: claveHistorial(r, 'movimientos'),
    queryFn: ({ pageParam }) => paginaMovimientos(r, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (ultima) => ultima.siguiente ?? undefined,
    staleTime: 0,
  });

/** The balance at the end of each day of the range, for the chart. */
export const saldosQuery = (r: RangoHistorial) =>
  queryOptions({
    queryKey: claveHistorial(r, 'saldos'),
    queryFn: () => api.post('/api/empresa/stock/saldos', r),
    staleTime: 0,
  });
