import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_STOCK: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/empresa/stock',
    cuerpo: { codempre: 1, unineg: 1 },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 403, admin: 200 },
  },
];
