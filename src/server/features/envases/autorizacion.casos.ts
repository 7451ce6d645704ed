import { deAdministrador, nombreNuevo } from '../../test/administracion';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { crear } from './servicio';

/** A container of company 1 no call has used before: every call changes its own. */
async function envaseNuevo({ db }: ContextoCaso) {
  return crear(db, { actor: 'prueba' }, { codempre: 1, nombre: nombreNuevo('Bolsa'), peso: 25 });
}

export const CASOS_ENVASES: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/envases/envases-clientes',
    // Containers are the company's, whatever the unit.
    cuerpo: { cliente: 1 },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 200, admin: 200 },
  },
  {
    ruta: 'POST /api/administracion/envases',
    cuerpo: { codempre: 1 },
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/envases/crear',
    cuerpo: () => ({ codempre: 1, nombre: nombreNuevo('Bolsa'), peso: 50 }),
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/administracion/envases/editar',
    cuerpo: async (c: ContextoCaso) => ({
      ctrl: (await envaseNuevo(c)).ctrl,
      nombre: nombreNuevo('Bolsa editada'),
      peso: 30.5,
    }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/envases/activo',
    cuerpo: async (c: ContextoCaso) => ({ ctrl: (await envaseNuevo(c)).ctrl, activo: false }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/administracion/envases/eliminar',
    cuerpo: async (c: ContextoCaso) => ({ ctrl: (await envaseNuevo(c)).ctrl }),
    esperado: deAdministrador(200),
  },
];
