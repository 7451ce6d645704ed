import { crear as crearEmpresa } from '../empresas/servicio';
import { deAdministrador, nombreNuevo } from '../../test/administracion';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { crear } from './servicio';

const PRUEBA = { actor: 'prueba' };
let ultimo = 700_000 + Math.floor(Math.random() * 100_000) * 10;

/** A product no call has used before: every call changes its own. */
async function productoNuevo({ db }: ContextoCaso) {
  return crear(db, PRUEBA, { codpro: ++ultimo, nompro: nombreNuevo('Producto matriz') });
}

export const CASOS_PRODUCTOS: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/productos/productos-clientes',
    cuerpo: { cliente: 1, unineg: 1 },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 403, admin: 200 },
  },
  { ruta: 'GET /api/administracion/productos', esperado: deAdministrador(200) },
  {
    ruta: 'POST /api/administracion/productos/crear',
    cuerpo: () => ({ codpro: ++ultimo, nompro: nombreNuevo('Producto matriz') }),
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/administracion/productos/renombrar',
    cuerpo: async (c: ContextoCaso) => ({
      codpro: (await productoNuevo(c)).codpro,
      nompro: nombreNuevo('Renombrado'),
    }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/productos/activo',
    cuerpo: async (c: ContextoCaso) => ({ codpro: (await productoNuevo(c)).codpro, activo: false }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/productos/eliminar',
    cuerpo: async (c: ContextoCaso) => ({ codpro: (await productoNuevo(c)).codpro }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/productos/cliente',
    cuerpo: { codempre: 1, unineg: 1 },
    esperado: deAdministrador(200),
  },
  {
    // A company of its own: the demo's products per client stay as the other rows expect them.
    ruta: 'POST /api/administracion/productos/cliente/guardar',
    cuerpo: async ({ db }: ContextoCaso) => {
      const { codempre } = await crearEmpresa(db, PRUEBA, {
        codempre: ++ultimo,
        nomempre: 'Empresa de la matriz de productos',
        unidades: [1],
      });
      return { codempre, unineg: 1, productos: [1, 2] };
    },
    esperado: deAdministrador(200),
  },
];
