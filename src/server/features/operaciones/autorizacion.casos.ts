import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { crearCamion, crearCupo } from '../camiones/datos-prueba';
import { camionHasta, ingresoDePrueba } from './datos-prueba';

/** Only a service token: every user session is turned away as if it were nobody. */
const soloServicio = (servicio: number) => ({
  anonimo: 401,
  clienteA: 401,
  clienteB: 401,
  sinUnidad: 401,
  admin: 401,
  servicio,
});

export const CASOS_OPERACIONES: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/operaciones/ingreso',
    cuerpo: ingresoDePrueba(),
    esperado: soloServicio(201),
  },
  {
    ruta: 'POST /api/operaciones/vincular',
    cuerpo: async ({ db }: ContextoCaso) => ({
      camion: await crearCamion(db),
      cupo: await crearCupo(db),
    }),
    esperado: soloServicio(200),
  },
  {
    ruta: 'POST /api/operaciones/tara',
    cuerpo: async ({ db }: ContextoCaso) => ({
      camion: (await camionHasta(db, 2)).camion,
      kg: 14_500,
      balanza: 'Balanza 1',
    }),
    esperado: soloServicio(201),
  },
  {
    ruta: 'POST /api/operaciones/bruto',
    cuerpo: async ({ db }: ContextoCaso) => ({
      camion: (await camionHasta(db, 3)).camion,
      kg: 43_800,
      balanza: 'Balanza 2',
    }),
    esperado: soloServicio(200),
  },
  {
    ruta: 'POST /api/operaciones/egreso',
    cuerpo: async ({ db }: ContextoCaso) => ({ camion: (await camionHasta(db, 4)).camion }),
    esperado: soloServicio(200),
  },
];
