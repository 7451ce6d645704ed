import { sql, type SQL } from 'drizzle-orm';
import {
  camionEnPlaya,
  type CamionEnPlaya,
  type CupoAsignado,
  type Ticket,
} from '../../../shared/contracts/camiones';
import { ESTADOS_CAMION } from '../../../shared/estados';
import type { DbOTx, Tx } from '../../db/client';
import { comoJsonDe, fechaLocal, listaEnteros, type JsonDe } from '../../db/sql';
import type { CamionBloqueado, CupoBloqueado } from './rules';

export interface FiltrosPlaya {
  codempre: number;
  unineg: number;
  /** 0: every status of the yard. */
  estado: number;
  /** Finished trucks stay listed this long after finishing (config.finishedTruckHours). */
  horasFinalizados: number;
}

/**
 * The yard of a client and unit as the JSON text of the response, built by PostgreSQL with the
 * contract's fields (`comoJsonDe`): at harvest peak it is 5,000 rows, and json_agg in the
 * database costs a fraction of decoding the rows in Node and serializing them again
 * (docs/rendimiento.md). The tests check every row against the contract.
 */
export async function camionesEnPlayaJson(
  db: DbOTx,
  f: FiltrosPlaya,
): Promise<JsonDe<CamionEnPlaya[]>> {
  const consulta = consultaCamionesEnPlaya(f);
  const { rows } = await db.execute<{ json: string }>(consulta.sql);
  return consulta.leer(rows);
}

/** The query itself, apart so that the benchmark can EXPLAIN ANALYZE exactly this SQL. */
export function consultaCamionesEnPlaya(f: FiltrosPlaya) {
  const { finalizado } = ESTADOS_CAMION;
  // Statuses 1-3 are the yard itself; finished trucks only while recent. Both conditions match
  // camiones_estado_idx, so the finished history of past harvests is never read.
  const estados =
    f.estado === 0
      ? sql`(c.codestado in (1, 2, 3)
             or (c.codestado = ${finalizado}
                 and c.finalizado_en > now() - make_interval(hours => ${f.horasFinalizados})))`
      : f.estado === finalizado
        ? sql`c.codestado = ${finalizado}
              and c.finalizado_en > now() - make_interval(hours => ${f.horasFinalizados})`
        : sql`c.codestado = ${f.estado}`;
  return comoJsonDe<CamionEnPlaya>(
    camionEnPlaya,
    filasDePlaya(sql`c.codempre = ${f.codempre} and c.unineg = ${f.unineg} and ${estados}`),
    // Newest entry first (ingplaya is the wall-time text: it sorts as time does).
    sql`c.ingplaya desc, c.ctrl desc`,
  );
}

/**
 * Some trucks by ctrl, as the yard's list shows them: what the live yard sends when they change
 * (features/en-vivo). The same rows and contract as the list, so a change looks the same.
 */
export async function camionesPorCtrl(db: DbOTx, ctrls: number[]): Promise<CamionEnPlaya[]> {
  const consulta = comoJsonDe<CamionEnPlaya>(
    camionEnPlaya,
    filasDePlaya(sql`c.ctrl = any(${listaEnteros(ctrls)})`),
    sql`c.ctrl`,
  );
  const { rows } = await db.execute<{ json: string }>(consulta.sql);
  return JSON.parse(consulta.leer(rows)) as CamionEnPlaya[];
}

/** The rows of the yard's list for the trucks `c` that `donde` selects, in the contract's shape. */
function filasDePlaya(donde: SQL) {
  return sql`
      with playa as (
        select c.ctrl, c.codempre, c.patcha, c.pataco, c.cargateorica, c.nomchofer, c.dni,
               c.ingplaya, c.codestado, c.estado_desde
        from camiones c
        where ${donde}
      ),
      asignados as (
        select q.camion_ctrl, string_agg(q.ctrl::text, ', ' order by q.ctrl) as cupo_camion
        from cupos q
        where q.camion_ctrl in (select ctrl from playa)
        group by q.camion_ctrl
      )
      select p.ctrl, e.nomempre as txtempresa, p.patcha, p.pataco, p.cargateorica, p.nomchofer,
             p.dni, ${fechaLocal(sql`p.ingplaya`)} as ingplaya, p.codestado, ec.nomestado,
             ${fechaLocal(sql`p.estado_desde`)} as estado_desde, a.cupo_camion,
             to_char(tu.fecha, 'YYYY-MM-DD') as turno_fecha, tu.hora::int as turno_hora,
             tu.clasificacion as turno_llegada
      from playa p
      join empresas e on e.codempre = p.codempre
      join estados_camion ec on ec.codestado = p.codestado
      left join asignados a on a.camion_ctrl = p.ctrl
      -- The truck's turn (issue 24), through turnos_camion_idx (migration 0027): the last
      -- booking the gate linked to it.
      left join lateral (
        select t.fecha, t.hora, t.clasificacion from turnos t
        where t.camion_ctrl = p.ctrl order by t.id desc limit 1
      ) tu on true`;
}

/** A truck's owner and status, to check who may see it. */
export async function buscarCamion(db: DbOTx, ctrl: number): Promise<CamionBloqueado | undefined> {
  const { rows } = await db.execute<CamionBloqueado & Record<string, unknown>>(sql`
    select ctrl, codempre, unineg, codestado from camiones where ctrl = ${ctrl}`);
  return rows[0];
}

/**
 * Link and unlink lock the truck first and the quota second, always in this order, so two
 * operations never wait on each other in a cycle (no deadlock).
 */
export async function bloquearCamion(tx: Tx, ctrl: number): Promise<CamionBloqueado | undefined> {
  const { rows } = await tx.execute<CamionBloqueado & Record<string, unknown>>(sql`
    select ctrl, codempre, unineg, codestado from camiones where ctrl = ${ctrl} for update`);
  return rows[0];
}

export async function bloquearCupo(tx: Tx, ctrl: number): Promise<CupoBloqueado | undefined> {
  const { rows } = await tx.execute<CupoBloqueado & Record<string, unknown>>(sql`
    select ctrl, codempre, unineg, cantidad, camion_ctrl, cantidad_asignada,
           eliminado_en is not null as eliminado
    from cupos where ctrl = ${ctrl} for update`);
  return rows[0];
}

/** `fecha`: when it was linked, if the caller knows (the gate's clock); else now. */
export async function asignarCupo(
  tx: Tx,
  cupo: number,
  camion: number,
  cantidad: number,
  usuarioId: number | null,
  fecha?: string,
) {
  await tx.execute(sql`
    update cupos set camion_ctrl = ${camion}, cantidad_asignada = ${cantidad},
                     asignado_en = coalesce(${fecha ?? null}::timestamptz, now()),
                     asignado_por = ${usuarioId}
    where ctrl = ${cupo}`);
}

export async function liberarCupo(tx: Tx, cupo: number) {
  await tx.execute(sql`
    update cupos set camion_ctrl = null, cantidad_asignada = null,
                     asignado_en = null, asignado_por = null
    where ctrl = ${cupo}`);
}

export async function contarCuposDelCamion(tx: Tx, camion: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*) as n from cupos where camion_ctrl = ${camion}`,
  );
  return rows[0]!.n;
}

/**
 * A new status, since `fecha` when the caller knows it (else now). A truck that stays in its
 * status (a second quota linked) keeps the instant it entered it.
 */
export async function cambiarEstadoCamion(
  tx: Tx,
  camion: number,
  codestado: number,
  fecha?: string,
) {
  await tx.execute(sql`
    update camiones
    set estado_desde = case when codestado <> ${codestado}
                            then coalesce(${fecha ?? null}::timestamptz, now()) else estado_desde end,
        codestado = ${codestado}, actualizado_en = now()
    where ctrl = ${camion}`);
}

/** The quotas linked to a truck; `cantidad` is the amount linked, its 'Carga máxima'. */
export async function cuposDelCamion(db: DbOTx, camion: number): Promise<CupoAsignado[]> {
  const { rows } = await db.execute<CupoAsignado & Record<string, unknown>>(sql`
    select q.ctrl, q.cantidad_asignada as cantidad, ${fechaLocal(sql`q.fechagen`)} as fechagen,
           q.mezcla, d.nomdespacho as tipo, q.obs
    from cupos q
    join tipos_despacho d on d.coddespacho = q.coddespacho
    where q.camion_ctrl = ${camion}
    order by q.asignado_en, q.ctrl`);
  return rows;
}

/**
 * The weighing tickets of a truck, oldest first. `mezcla` is the blend of the quotas the truck
 * carries (joined with ' + ' in the rare truck that carries more than one).
 */
export async function ticketsDelCamion(db: DbOTx, camion: number): Promise<Ticket[]> {
  const { rows } = await db.execute<Ticket & Record<string, unknown>>(sql`
    select t.ctrl, e.nomempre, c.nomchofer, c.ctrl as camion, c.patcha, c.pataco,
           t.tara, ${fechaLocal(sql`t.fechatara`)} as fechatara, t.baltara,
           t.bruto, ${fechaLocal(sql`t.fechabruto`)} as fechabruto, t.balbruto,
           t.bruto - t.tara as neto,
           coalesce((select string_agg(q.mezcla, ' + ' order by q.ctrl)
                     from cupos q where q.camion_ctrl = c.ctrl), '') as mezcla
    from tickets t
    join camiones c on c.ctrl = t.camion_ctrl
    join empresas e on e.codempre = c.codempre
    where t.camion_ctrl = ${camion}
    order by t.fechatara, t.ctrl`);
  return rows;
}

/**
 * How many trucks of each unit are in the yard in each status (the metrics' gauge, read at every
 * scrape): the yard's own condition, one group-by over the trucks it matches.
 */
export async function camionesPorUnidadYEstado(db: DbOTx, horasFinalizados: number) {
  const { rows } = await db.execute<{ unineg: number; codestado: number; cantidad: number }>(
    consultaCamionesPorUnidadYEstado(horasFinalizados),
  );
  return rows;
}

/** The query itself, apart so that the benchmark can EXPLAIN ANALYZE exactly this SQL. */
export function consultaCamionesPorUnidadYEstado(horasFinalizados: number): SQL {
  const { finalizado } = ESTADOS_CAMION;
  return sql`
    select c.unineg, c.codestado, count(*)::int as cantidad
    from camiones c
    where c.codestado in (1, 2, 3)
       or (c.codestado = ${finalizado}
           and c.finalizado_en > now() - make_interval(hours => ${horasFinalizados}))
    group by c.unineg, c.codestado`;
}
