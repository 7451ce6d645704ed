import { deAdministrador, nombreNuevo } from '../../test/administracion';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { crearDespacho, crearUnidad } from './servicio';

const PRUEBA = { actor: 'prueba' };

/** A fresh unit for each call, so no role's change alters another's answer. */
const unidadNueva = ({ db }: ContextoCaso) =>
  crearUnidad(db, PRUEBA, { unineg: nombreNuevo('Unidad') });

/** A fresh dispatch type of a fresh unit. */
async function despachoNuevo(c: ContextoCaso) {
  const u = await unidadNueva(c);
  return crearDespacho(c.db, PRUEBA, { unineg: u.ctrl, nomdespacho: 'Granel', envase: 'N' });
}

export const CASOS_UNIDADES: CasoAutorizacion[] = [
  { ruta: 'GET /api/administracion/unidades', esperado: deAdministrador(200) },
  {
    ruta: 'POST /api/administracion/unidades/crear',
    cuerpo: () => ({ unineg: nombreNuevo('Unidad') }),
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/administracion/unidades/renombrar',
    cuerpo: async (c: ContextoCaso) => ({
      ctrl: (await unidadNueva(c)).ctrl,
      unineg: nombreNuevo('Renombrada'),
    }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/unidades/activo',
    cuerpo: async (c: ContextoCaso) => ({ ctrl: (await unidadNueva(c)).ctrl, activo: false }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/unidades/eliminar',
    cuerpo: async (c: ContextoCaso) => ({ ctrl: (await unidadNueva(c)).ctrl }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/despachos/crear',
    cuerpo: async (c: ContextoCaso) => ({
      unineg: (await unidadNueva(c)).ctrl,
      nomdespacho: 'Embolsado',
      envase: 'S',
    }),
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/administracion/despachos/renombrar',
    cuerpo: async (c: ContextoCaso) => ({
      coddespacho: (await despachoNuevo(c)).coddespacho,
      nomdespacho: 'Granel fino',
    }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/despachos/activo',
    cuerpo: async (c: ContextoCaso) => ({
      coddespacho: (await despachoNuevo(c)).coddespacho,
      activo: false,
    }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/despachos/eliminar',
    cuerpo: async (c: ContextoCaso) => ({ coddespacho: (await despachoNuevo(c)).coddespacho }),
    esperado: deAdministrador(200),
  },
];
