/**
 * Links and unlinks racing on real PostgreSQL: the row locks, not luck, decide the outcome. No
 * timing is involved: the requests are all in flight at once and the assertions hold for any
 * order the database serializes them in.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_CAMIONES as M } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { crearCamion, crearCamionConCupo, crearCupo } from './datos-prueba';

// 50 transactions at once, each holding its truck's lock while it waits for the quota's.
const t = usarAppDePrueba({ entorno: { DB_POOL_MAX: '60' } });
let cliente1: string;
let admin: string;

beforeAll(async () => {
  cliente1 = await ingresar(t.app, 'cliente1');
  admin = await ingresar(t.app, 'admin');
});

const vincular = (cookie: string, ctrl: number, codcamion: number) =>
  post(t.app, '/api/camiones/vincular-camion-cupo', { ctrl, codcamion, cantidad: 30000 }, cookie);
const desasignar = (cookie: string, ctrl: number, codcamion: number) =>
  post(t.app, '/api/camiones/desasignar-cupo-camion', { ctrl, codcamion }, cookie);

/** Sessions of this test's database waiting for a row lock. */
async function esperandoCandado() {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`);
  return rows[0]!.n;
}

async function estadoYCupos(camion: number) {
  const { rows } = await t.db.execute<{ codestado: number; cupos: number[] }>(sql`
    select c.codestado,
           coalesce(array_agg(q.ctrl order by q.ctrl) filter (where q.ctrl is not null), '{}') as cupos
    from camiones c left join cupos q on q.camion_ctrl = c.ctrl
    where c.ctrl = ${camion} group by c.codestado`);
  return rows[0]!;
}

describe('concurrencia de vincular y desasignar', () => {
  it('50 vínculos simultáneos de un cupo a 50 camiones: uno gana, 49 reciben 409', async () => {
    const camiones: number[] = [];
    for (let i = 0; i < 50; i++) camiones.push(await crearCamion(t.db));
    const cupo = await crearCupo(t.db);

    // The test holds the quota's lock until all 50 are queued behind it: the most contended
    // start there is, reached by watching PostgreSQL, not by waiting some time.
    const bloqueo = await t.base.pool.connect();
    let respuestas;
    try {
      await bloqueo.query('begin');
      await bloqueo.query('select 1 from cupos where ctrl = $1 for update', [cupo]);
      const enCurso = Promise.all(
        camiones.map((c, i) => vincular(i % 2 ? admin : cliente1, cupo, c)),
      );
      let terminaron = false;
      void enCurso.finally(() => (terminaron = true));
      while (!terminaron && (await esperandoCandado()) < camiones.length) {
        await new Promise(setImmediate);
      }
      await bloqueo.query('rollback');
      respuestas = await enCurso;
    } finally {
      bloqueo.release();
    }

    const exitos = respuestas.filter((r) => r.statusCode === 201);
    const rechazos = respuestas.filter((r) => r.statusCode !== 201);
    expect(exitos).toHaveLength(1);
    expect(rechazos).toHaveLength(49);
    for (const r of rechazos) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ msj: M.cupoYaAsignado });
    }
    const ganador = camiones[respuestas.indexOf(exitos[0]!)]!;

    const { rows: vinculos } = await t.db.execute<{ camion_ctrl: number }>(
      sql`select camion_ctrl from cupos where ctrl = ${cupo}`,
    );
    expect(vinculos).toEqual([{ camion_ctrl: ganador }]);
    const { rows: estados } = await t.db.execute<{ codestado: number; n: number }>(sql`
      select codestado, count(*) as n from camiones
      where ctrl = any(${`{${camiones.join(',')}}`}::int[]) group by codestado order by codestado`);
    expect(estados).toEqual([
      { codestado: 1, n: 49 },
      { codestado: 2, n: 1 },
    ]);
    const { rows: auditados } = await t.db.execute<{ n: number }>(sql`
      select count(*) as n from auditoria where tabla = 'cupos' and fila_id = ${String(cupo)}`);
    expect(auditados[0]!.n).toBe(1);
  });

  it('vincular un cupo y desasignar otro a la vez en un camión: siempre queda el nuevo, en Playa con orden', async () => {
    for (let i = 0; i < 15; i++) {
      const { camion, cupo: viejo } = await crearCamionConCupo(t.db);
      const nuevo = await crearCupo(t.db);
      const [v, d] = await Promise.all([
        vincular(cliente1, nuevo, camion),
        desasignar(admin, viejo, camion),
      ]);
      expect([v.statusCode, d.statusCode]).toEqual([201, 201]);
      expect(await estadoYCupos(camion)).toEqual({ codestado: 2, cupos: [nuevo] });
    }
  });

  it('desasignar los dos cupos de un camión a la vez lo deja en Playa sin orden', async () => {
    for (let i = 0; i < 15; i++) {
      const { camion, cupo: a } = await crearCamionConCupo(t.db);
      const b = await crearCupo(t.db, { camion });
      const respuestas = await Promise.all([
        desasignar(cliente1, a, camion),
        desasignar(admin, b, camion),
      ]);
      expect(respuestas.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(await estadoYCupos(camion)).toEqual({ codestado: 1, cupos: [] });
    }
  });

  it('vincular y desasignar el mismo cupo a la vez: el resultado es uno de los dos órdenes posibles', async () => {
    for (let i = 0; i < 15; i++) {
      const { camion, cupo } = await crearCamionConCupo(t.db);
      const otro = await crearCamion(t.db);
      const [d, v] = await Promise.all([
        desasignar(cliente1, cupo, camion),
        vincular(admin, cupo, otro),
      ]);
      expect(d.statusCode).toBe(201);
      const primero = await estadoYCupos(camion);
      const segundo = await estadoYCupos(otro);
      expect(primero).toEqual({ codestado: 1, cupos: [] });
      // Unlink first: the quota moves to the other truck. Link first: it was still taken (409).
      if (v.statusCode === 201) expect(segundo).toEqual({ codestado: 2, cupos: [cupo] });
      else {
        expect(v.statusCode).toBe(409);
        expect(segundo).toEqual({ codestado: 1, cupos: [] });
      }
    }
  });
});
