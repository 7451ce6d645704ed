import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_SALUD: CasoAutorizacion[] = [
  {
    ruta: 'GET /api/health',
    esperado: { anonimo: 200, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
  {
    // Ready once the listening connection is up: the matrix's app has long been started.
    ruta: 'GET /api/health/ready',
    esperado: { anonimo: 200, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
];
