import { deAdministrador } from '../../test/administracion';
import type { CasoAutorizacion } from '../../test/autorizacion';

const todos = (status: number) => ({
  anonimo: status,
  clienteA: status,
  clienteB: status,
  sinUnidad: status,
  admin: status,
});

export const CASOS_AUTH: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/auth/request-coordenadas',
    cuerpo: { userName: 'cliente1' },
    esperado: todos(200),
  },
  {
    // Public, but without a pending challenge cookie there is nothing to answer.
    ruta: 'POST /api/auth/comparar-coordenadas',
    cuerpo: {
      solicitadas: [
        { letra: 'A', posicion: 1 },
        { letra: 'B', posicion: 2 },
      ],
      ingresadas: { coordenada1: 1234, coordenada2: 5678 },
      tarjeta: 123456,
    },
    esperado: todos(401),
  },
  { ruta: 'GET /api/auth/verifyuser', esperado: todos(200) },
  { ruta: 'POST /api/user/logout', cuerpo: {}, sesionPropia: true, esperado: todos(200) },
  {
    ruta: 'POST /api/auth/reautenticacion/desafio',
    cuerpo: {},
    esperado: deAdministrador(200),
  },
  {
    // Without the challenge of step 1 there is nothing to answer.
    ruta: 'POST /api/auth/reautenticacion',
    cuerpo: {
      solicitadas: [
        { letra: 'A', posicion: 1 },
        { letra: 'B', posicion: 2 },
      ],
      ingresadas: { coordenada1: 1234, coordenada2: 5678 },
      tarjeta: 123456,
    },
    esperado: deAdministrador(401),
  },
];
