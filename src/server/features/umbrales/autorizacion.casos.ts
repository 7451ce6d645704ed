import { deAdministrador } from '../../test/administracion';
import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_UMBRALES: CasoAutorizacion[] = [
  {
    ruta: 'GET /api/camiones/umbrales-espera',
    esperado: { anonimo: 401, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
  {
    ruta: 'POST /api/administracion/umbrales-espera',
    cuerpo: {
      unineg: 2,
      sinOrdenAviso: 60,
      sinOrdenLimite: 120,
      conOrdenAviso: 90,
      conOrdenLimite: 180,
    },
    esperado: deAdministrador(200),
  },
];
