import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_CLIENTES: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/clientes/clientes-empresas',
    cuerpo: { codempre: 1 },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, admin: 200 },
  },
];
