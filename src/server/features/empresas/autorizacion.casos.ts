import { deAdministrador } from '../../test/administracion';
import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_EMPRESAS: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/clientes/clientes-empresas',
    cuerpo: { codempre: 1 },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 200, admin: 200 },
  },
  { ruta: 'GET /api/administracion/empresas', esperado: deAdministrador(200) },
  {
    ruta: 'POST /api/administracion/empresas/crear',
    cuerpo: () => ({
      codempre: 100_000 + Math.floor(Math.random() * 1_000_000),
      nomempre: 'Empresa de la matriz S.A.',
      unidades: [1],
    }),
    esperado: deAdministrador(201),
  },
  {
    // Company 5 works in Granos and none of its users holds Subproductos.
    ruta: 'POST /api/administracion/empresas/unidades',
    cuerpo: { codempre: 5, unidades: [1, 2] },
    esperado: deAdministrador(200),
  },
];
