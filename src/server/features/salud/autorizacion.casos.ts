import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_SALUD: CasoAutorizacion[] = [
  {
    ruta: 'GET /api/health',
    esperado: { anonimo: 200, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
];
