import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_CUPOS: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/cupos',
    cuerpo: { uniNeg: 1, codEmpre: 1 },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, admin: 200 },
  },
];
