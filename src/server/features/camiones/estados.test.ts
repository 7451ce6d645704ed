/**
 * When each truck entered each status (camiones.estado_desde and camion_estados, migration
 * 0008): the wait of the live yard and the turnaround stages of the dashboard read them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { ACTOR_PRUEBA, ingresoDePrueba } from '../operaciones/datos-prueba';
import { registrarBruto, registrarIngreso, registrarTara } from '../operaciones/servicio';
import { crearCupo } from './datos-prueba';

const t = usarAppDePrueba();

interface Paso extends Record<string, unknown> {
  codestado: number;
  desde: string;
}

async function historial(camion: number): Promise<Paso[]> {
  const { rows } = await t.db.execute<Paso>(sql`
    select codestado, to_char(desde at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as desde
    from camion_estados where camion_ctrl = ${camion} order by id`);
  return rows;
}

async function estadoDesde(camion: number) {
  const { rows } = await t.db.execute<{ desde: string; reciente: boolean }>(sql`
    select to_char(estado_desde at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as desde,
           estado_desde > now() - interval '1 minute' as reciente
    from camiones where ctrl = ${camion}`);
  return rows[0]!;
}

describe('desde cuándo está cada camión en su estado', () => {
  it('la portería y la balanza lo fijan con la hora que informan', async () => {
    const cupo = await crearCupo(t.db);
    const { camion } = await t.db.transaction((tx) =>
      registrarIngreso(tx, ACTOR_PRUEBA, {
        ...ingresoDePrueba({ cupo }),
        fecha: '2026-11-23T08:00:00Z',
      }),
    );
    await t.db.transaction((tx) =>
      registrarTara(tx, ACTOR_PRUEBA, {
        camion,
        kg: 14_000,
        balanza: 'B1',
        fecha: '2026-11-23T08:40:00Z',
      }),
    );
    await t.db.transaction((tx) =>
      registrarBruto(tx, ACTOR_PRUEBA, {
        camion,
        kg: 44_000,
        balanza: 'B2',
        fecha: '2026-11-23T09:15:00Z',
      }),
    );
    expect(await historial(camion)).toEqual([
      { codestado: 1, desde: '2026-11-23T08:00:00Z' },
      { codestado: 2, desde: '2026-11-23T08:00:00Z' },
      { codestado: 3, desde: '2026-11-23T08:40:00Z' },
      { codestado: 4, desde: '2026-11-23T09:15:00Z' },
    ]);
    expect((await estadoDesde(camion)).desde).toBe('2026-11-23T09:15:00Z');
  });

  it('asignar y desasignar en la pantalla cambian el estado desde ahora; un segundo cupo no lo mueve', async () => {
    const cookie = await ingresar(t.app, 'cliente1');
    const { camion } = await t.db.transaction((tx) =>
      registrarIngreso(tx, ACTOR_PRUEBA, { ...ingresoDePrueba(), fecha: '2026-11-23T07:00:00Z' }),
    );
    const [a, b] = [await crearCupo(t.db), await crearCupo(t.db)];
    const vincular = (ctrl: number) =>
      post(
        t.app,
        '/api/camiones/vincular-camion-cupo',
        { ctrl, codcamion: camion, cantidad: 30000 },
        cookie,
      );
    expect((await vincular(a)).statusCode).toBe(201);
    const conOrden = await estadoDesde(camion);
    expect(conOrden.reciente).toBe(true);
    expect((await vincular(b)).statusCode).toBe(201);
    expect((await estadoDesde(camion)).desde).toBe(conOrden.desde);
    for (const ctrl of [a, b]) {
      const r = await post(
        t.app,
        '/api/camiones/desasignar-cupo-camion',
        { ctrl, codcamion: camion },
        cookie,
      );
      expect(r.statusCode).toBe(201);
    }
    expect((await historial(camion)).map((p) => p.codestado)).toEqual([1, 2, 1]);
    expect((await estadoDesde(camion)).reciente).toBe(true);
  });

  it('en la demostración cada camión tiene su historia en orden, y termina en su estado de hoy', async () => {
    const { rows } = await t.db.execute<{ incoherentes: number; sin_historia: number }>(sql`
      select
        (select count(*) from camiones c where c.codestado <>
           (select e.codestado from camion_estados e where e.camion_ctrl = c.ctrl order by e.id desc limit 1)
         or c.estado_desde <>
           (select e.desde from camion_estados e where e.camion_ctrl = c.ctrl order by e.id desc limit 1)) as incoherentes,
        (select count(*) from camion_estados a join camion_estados b
           on b.camion_ctrl = a.camion_ctrl and b.id > a.id and b.desde < a.desde) +
        (select count(*) from camiones c
           where not exists (select 1 from camion_estados e where e.camion_ctrl = c.ctrl)) as sin_historia`);
    expect(rows[0]).toEqual({ incoherentes: 0, sin_historia: 0 });
  });

  it('la migración reconstruye la historia de los camiones anteriores con lo que la base ya tenía', async () => {
    const archivo = fileURLToPath(
      new URL('../../db/migrations/0008_historial_de_estados.sql', import.meta.url),
    );
    const [reconstruirDesde, reconstruirHistoria] = readFileSync(archivo, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim());
    // As before the migration: no history, and every truck's estado_desde unknown.
    await t.db.execute(sql`update camiones set estado_desde = '2000-01-01'`);
    await t.db.execute(sql`delete from camion_estados`);
    await t.db.execute(sql.raw(reconstruirDesde!));
    await t.db.execute(sql.raw(reconstruirHistoria!));
    const { rows } = await t.db.execute<{ mal: number; finalizados_bien: boolean }>(sql`
      select
        (select count(*) from camiones c where c.estado_desde = '2000-01-01'
           or c.codestado <> (select e.codestado from camion_estados e where e.camion_ctrl = c.ctrl
                              order by e.desde desc, e.codestado desc limit 1)) as mal,
        (select bool_and(c.estado_desde = c.finalizado_en) from camiones c where c.codestado = 4)
          as finalizados_bien`);
    expect(rows[0]).toEqual({ mal: 0, finalizados_bien: true });
  });
});
