import { deAdministrador, nombreNuevo } from '../../test/administracion';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { crearToken } from './servicio';

export const CASOS_TOKENS: CasoAutorizacion[] = [
  { ruta: 'GET /api/administracion/tokens', esperado: deAdministrador(200) },
  {
    ruta: 'POST /api/administracion/tokens/crear',
    cuerpo: () => ({ nombre: nombreNuevo('balanza') }),
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/administracion/tokens/revocar',
    cuerpo: async ({ db }: ContextoCaso) => {
      const nombre = nombreNuevo('revocable');
      await crearToken(db, 'terminal', nombre, { actor: 'prueba' });
      return { nombre };
    },
    esperado: deAdministrador(200),
  },
];
