import { deAdministrador } from '../../test/administracion';
import type { CasoAutorizacion } from '../../test/autorizacion';

export const CASOS_TERMINAL: CasoAutorizacion[] = [
  {
    // Printed on the ticket any signed-in user may print.
    ruta: 'GET /api/terminal',
    esperado: { anonimo: 401, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
  {
    ruta: 'POST /api/administracion/terminal',
    cuerpo: { direccion: 'Av. de la Costanera 1500, Puerto San Martín, Santa Fe' },
    esperado: deAdministrador(200),
  },
];
