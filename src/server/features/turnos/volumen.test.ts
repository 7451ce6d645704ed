/**
 * The benchmark's turns (volumen.ts) on the demo data: bookings spread over the days and bands
 * without overfilling any, and every yard truck with an order linked to one, shown by the yard's
 * list, then taken away.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { usarAppDePrueba } from '../../test/app';
import { camionesEnPlayaPorCtrl } from '../camiones/servicio';
import { generarTurnos, quitarTurnosDePlaya, turnosEnPlaya } from './volumen';

const t = usarAppDePrueba();

it('reparte los turnos en días y franjas, vincula los camiones con orden y los quita', async () => {
  // The demo has turns of its own in Granos: count only the generated ones.
  const { rows: previos } = await t.db.execute<{ id: number }>(
    sql`select coalesce(max(id), 0)::int as id from turnos`,
  );
  const { calendario } = await generarTurnos(t.db, {
    unineg: 1,
    empresas: 2,
    primeraEmpresa: 1,
    reservas: 12,
    dias: 1,
    capacidad: 1,
  });
  const { rows } = await t.db.execute<{ n: number; franjas: number; maximo: number }>(sql`
    select count(*)::int as n, count(distinct (fecha, hora))::int as franjas,
           max(por)::int as maximo
    from (select fecha, hora, count(*) over (partition by fecha, hora) as por from turnos
          where calendario_id = ${calendario} and id > ${previos[0]!.id}) x`);
  expect(rows[0]).toEqual({ n: 12, franjas: 12, maximo: 1 });

  // The demo's own trucks checked in with a turn leave first: each truck then has the bench's.
  await quitarTurnosDePlaya(t.db, 1);
  const vinculados = await turnosEnPlaya(t.db, 1, calendario);
  const { rows: conOrden } = await t.db.execute<{ ctrl: number }>(sql`
    select ctrl from camiones where unineg = 1 and codestado in (2, 3, 4) order by ctrl`);
  // One for each truck with an order, while the unit's free quotas last (the demo has few).
  expect(vinculados).toBeGreaterThan(0);
  expect(vinculados).toBeLessThanOrEqual(conOrden.length);
  const filas = await camionesEnPlayaPorCtrl(
    t.db,
    conOrden.map((c) => c.ctrl),
  );
  expect(filas.filter((f) => f.turno_hora !== null && f.turno_llegada !== null)).toHaveLength(
    vinculados,
  );

  await quitarTurnosDePlaya(t.db, 1);
  const despues = await camionesEnPlayaPorCtrl(
    t.db,
    conOrden.map((c) => c.ctrl),
  );
  expect(despues.every((f) => f.turno_hora === null)).toBe(true);
});
