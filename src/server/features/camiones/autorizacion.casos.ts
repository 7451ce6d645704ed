import { deAdministrador } from '../../test/administracion';
import { sql } from 'drizzle-orm';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { crearCamion, crearCamionConCupo, crearCupo } from './datos-prueba';

/** A demo truck of client A (company 1, Granos) in the given status. */
async function camionDemo({ db }: ContextoCaso, codestado: number) {
  const { rows } = await db.execute<{ ctrl: number }>(sql`
    select min(ctrl) as ctrl from camiones where codempre = 1 and unineg = 1 and codestado = ${codestado}`);
  return rows[0]!.ctrl;
}

export const CASOS_CAMIONES: CasoAutorizacion[] = [
  {
    ruta: 'POST /api/camiones/camiones-playa',
    cuerpo: { filtros: { codempre: 1, unineg: 1, estado: 0 } },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 403, admin: 200 },
  },
  {
    ruta: 'POST /api/camiones/cupos-asignados',
    cuerpo: async (c: ContextoCaso) => ({ codcamion: await camionDemo(c, 2) }),
    esperado: { anonimo: 401, clienteA: 200, clienteB: 404, sinUnidad: 404, admin: 200 },
  },
  {
    ruta: 'POST /api/camiones/tickets',
    cuerpo: async (c: ContextoCaso) => ({ camion: await camionDemo(c, 4) }),
    esperado: { anonimo: 401, clienteA: 200, clienteB: 404, sinUnidad: 404, admin: 200 },
  },
  {
    ruta: 'POST /api/camiones/vincular-camion-cupo',
    cuerpo: async ({ db }: ContextoCaso) => ({
      ctrl: await crearCupo(db, { cantidad: 28000 }),
      codcamion: await crearCamion(db),
      cantidad: 28000,
    }),
    esperado: { anonimo: 401, clienteA: 201, clienteB: 404, sinUnidad: 404, admin: 201 },
  },
  {
    ruta: 'POST /api/camiones/desasignar-cupo-camion',
    cuerpo: async ({ db }: ContextoCaso) => {
      const { camion, cupo } = await crearCamionConCupo(db);
      return { ctrl: cupo, codcamion: camion };
    },
    esperado: { anonimo: 401, clienteA: 201, clienteB: 404, sinUnidad: 404, admin: 201 },
  },
  // The wait thresholds (umbrales/).
  {
    ruta: 'GET /api/camiones/umbrales-espera',
    esperado: { anonimo: 401, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 200 },
  },
  {
    ruta: 'POST /api/administracion/umbrales-espera',
    cuerpo: {
      unineg: 2,
      sinOrdenAviso: 60,
      sinOrdenLimite: 120,
      conOrdenAviso: 90,
      conOrdenLimite: 180,
    },
    esperado: deAdministrador(200),
  },
];
