/**
 * Turns at harvest volume for the benchmark (issue 24): on top of the harvest-peak data set
 * (demo/volumen.ts, companies from 1001), a unit's general calendar with every hour of every
 * weekday open and `reservas` bookings over the `dias` days from today, spread over `empresas`
 * companies and the 24 bands of each day. Set-based SQL on quotas the data set already has (free
 * ones of the unit), so no quota, rollup or balance changes: the scenarios before and after read
 * what they read without it. The calendar goes through the service; the bookings, written one by
 * one, would take minutes.
 */
import { sql } from 'drizzle-orm';
import { CLI } from '../../cli/actor';
import type { Db, DbOTx } from '../../db/client';
import * as turnos from './servicio';

/** The turn codes' alphabet (turnos_codigo_ck). */
const ALFABETO = 'ACEFGHJKLMNPQRTUVWXY34679';

/** An 8-character code from a number, unique per number below 25^8 (not drawn: a fixture). */
const codigoSql = (n: ReturnType<typeof sql>) => sql`(
  select string_agg(substr(${ALFABETO}, 1 + ((${n} / (25 ^ k)::bigint) % 25)::int, 1), '' order by k)
  from generate_series(0, 7) k)`;

/** The yard's bookings' codes are those of DESDE_PLAYA + the truck's ctrl (the rest's are below). */
const DESDE_PLAYA = 10_000_000;

/** The unit's quotas without a truck or a live booking, numbered from 1 (k). */
export const libres = (unineg: number) => sql`
  select q.ctrl, q.codempre, row_number() over (order by q.ctrl) as k
  from cupos q
  where q.unineg = ${unineg} and q.eliminado_en is null and q.camion_ctrl is null
    and not exists (select 1 from turnos t
                    where t.cupo_ctrl = q.ctrl and t.estado in ('reservado', 'presente'))`;

export interface TamanosTurnos {
  unineg: number;
  empresas: number;
  /** The first of the companies (1001 in the harvest data set). */
  primeraEmpresa?: number;
  reservas: number;
  dias: number;
  /** Places per band: every band takes its share of `reservas` with room to spare. */
  capacidad: number;
}

export async function generarTurnos(db: Db, n: TamanosTurnos): Promise<{ calendario: number }> {
  const franjas = [];
  for (let diaSemana = 1; diaSemana <= 7; diaSemana++) {
    for (let hora = 0; hora < 24; hora++) franjas.push({ diaSemana, hora, capacidad: n.capacidad });
  }
  await turnos.guardarPlantilla(db, CLI, { unineg: n.unineg, franjas });
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from turnos_calendarios where unineg = ${n.unineg} and coddespacho is null`);
  const calendario = rows[0]!.id;
  // The i-th free quota of the unit books day i % dias, band i / dias % 24 for company
  // 1001 + i % empresas (a fixture: the booking's company need not be its quota's here, since
  // availability and fair share read the booking's), so every band of every day gets
  // reservas / (dias × 24) bookings.
  await db.execute(sql`
    with elegidos as (
      select i, l.ctrl
      from generate_series(0, ${n.reservas - 1}) i
      join (${libres(n.unineg)}) l on l.k = i + 1
    )
    insert into turnos (codigo, cupo_ctrl, codempre, unineg, calendario_id, fecha, hora)
    select ${codigoSql(sql`(1000000 + i)::bigint`)}, ctrl, ${n.primeraEmpresa ?? 1001} + i % ${n.empresas}, ${n.unineg},
           ${calendario}, current_date + (i % ${n.dias}), (i / ${n.dias}) % 24
    from elegidos`);
  await db.execute(sql`analyze turnos`);
  return { calendario };
}

/**
 * Every truck of the unit's yard with an order (statuses 2 to 4) linked to a booking that came
 * ('presente': on time, early or late in turn), as the gate leaves them: what the yard's list
 * reads for each truck's turn. The bookings take free quotas of the unit (any company: only
 * camion_ctrl is read); `quitarTurnosDePlaya` takes them away again.
 */
export async function turnosEnPlaya(
  db: DbOTx,
  unineg: number,
  calendario: number,
): Promise<number> {
  const { rowCount } = await db.execute(sql`
    with camiones_con_orden as (
      select ctrl, ingplaya, row_number() over (order by ctrl) as k
      from camiones where unineg = ${unineg} and codestado in (2, 3, 4)
    ),
    libres as (${libres(unineg)})
    insert into turnos (codigo, cupo_ctrl, codempre, unineg, calendario_id, fecha, hora, estado,
                        llegada, clasificacion, camion_ctrl)
    select ${codigoSql(sql`(${DESDE_PLAYA} + c.ctrl)::bigint`)}, l.ctrl, l.codempre,
           ${unineg}, ${calendario}, c.ingplaya::date, extract(hour from c.ingplaya)::int,
           'presente', c.ingplaya,
           (array['a_tiempo', 'a_tiempo', 'temprano', 'tarde'])[1 + c.k % 4], c.ctrl
    from camiones_con_orden c join libres l using (k)`);
  await db.execute(sql`analyze turnos`);
  return rowCount ?? 0;
}

export async function quitarTurnosDePlaya(db: DbOTx, unineg: number): Promise<void> {
  // Only these bookings have a truck in the benchmark (no gate checks anyone in there).
  await db.execute(sql`
    delete from turnos where unineg = ${unineg} and camion_ctrl is not null`);
}
