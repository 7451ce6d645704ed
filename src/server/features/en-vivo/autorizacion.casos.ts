import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_EN_VIVO: CasoAutorizacion[] = [
  {
    // Any signed-in user may open the stream; what it carries is only what they may see
    // (en-vivo.test.ts proves client B never receives client A's trucks).
    ruta: 'GET /api/camiones/eventos',
    tipo: 'text/event-stream',
    esperado: { anonimo: 401, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
];
