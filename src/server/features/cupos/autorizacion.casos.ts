import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { insertarCupoDePrueba, ordenDePrueba } from './datos-prueba';

export const CASOS_CUPOS: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/cupos',
    cuerpo: { uniNeg: 1, codEmpre: 1 },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 403, admin: 200 },
  },
  {
    // Another company's quota answers exactly as a missing one.
    ruta: 'POST /api/cupo/detalle',
    cuerpo: async ({ db }: ContextoCaso) => ({ codorden: await insertarCupoDePrueba(db) }),
    esperado: { anonimo: 401, clienteA: 200, clienteB: 404, sinUnidad: 404, admin: 200 },
  },
  {
    ruta: 'POST /api/cupos/crear',
    cuerpo: ordenDePrueba(),
    esperado: { anonimo: 401, clienteA: 201, clienteB: 403, sinUnidad: 403, admin: 201 },
  },
  {
    ruta: 'POST /api/cupos/editar',
    cuerpo: async ({ db }: ContextoCaso) => ordenDePrueba({ ctrl: await insertarCupoDePrueba(db) }),
    esperado: { anonimo: 401, clienteA: 201, clienteB: 404, sinUnidad: 404, admin: 201 },
  },
  {
    ruta: 'POST /api/cupos/eliminar',
    cuerpo: async ({ db }: ContextoCaso) => ({ codorden: await insertarCupoDePrueba(db) }),
    esperado: { anonimo: 401, clienteA: 200, clienteB: 404, sinUnidad: 404, admin: 200 },
  },
  {
    // Subproductos with a quota of its own: other rows rely on company 1's Granos quotas.
    ruta: 'POST /api/cupos/limpiar',
    cuerpo: async ({ db }: ContextoCaso) => {
      await insertarCupoDePrueba(db, { unineg: 2 });
      return { codEmpre: 1, uniNeg: 2 };
    },
    // The same-company user holds Subproductos: this one is its own to clean.
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 200, admin: 200 },
  },
  {
    // cliente2 works only in Granos (unit 1).
    ruta: 'POST /api/cupos/despachos',
    cuerpo: { coddespacho: 2 },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 200, admin: 200 },
  },
];
