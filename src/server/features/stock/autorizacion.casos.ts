import type { CasoAutorizacion } from '../../test/autorizacion';

/** Client A's Granos (company 1, unit 1), Soja, over a range of the terminal's days. */
const HISTORIAL = { codempre: 1, unineg: 1, codpro: 1, desde: '2026-01-01', hasta: '2026-12-31' };
/** Same tenancy as the stock list: the client, its units; the administrator any. */
const COMO_STOCK = { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 403, admin: 200 };

export const CASOS_STOCK: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/empresa/stock',
    cuerpo: { codempre: 1, unineg: 1 },
    esperado: COMO_STOCK,
  },
  {
    ruta: 'POST /api/empresa/stock/movimientos',
    cuerpo: { ...HISTORIAL, limite: 10 },
    esperado: COMO_STOCK,
  },
  { ruta: 'POST /api/empresa/stock/saldos', cuerpo: HISTORIAL, esperado: COMO_STOCK },
];
