import { sql } from 'drizzle-orm';
import type { Alcance } from '../../acceso';
import type { DbOTx } from '../../db/client';
import { listaEnteros } from '../../db/sql';

/** One row of eventos_playa: which truck changed, of which company and unit. */
export interface EventoPlaya {
  id: number;
  codempre: number;
  unineg: number;
  camion_ctrl: number;
}

export async function eventosPorId(db: DbOTx, ids: number[]): Promise<EventoPlaya[]> {
  const { rows } = await db.execute<EventoPlaya & Record<string, unknown>>(sql`
    select id, codempre, unineg, camion_ctrl from eventos_playa
    where id = any(${listaEnteros(ids)}) order by id`);
  return rows;
}

/**
 * The events after `desde` that `alcance` may see, oldest first, at most `limite`: what a
 * reconnecting screen missed ('terminal': what a process missed while it could not listen). The
 * same tenancy as `puedeVer`, in SQL.
 */
export async function eventosVisiblesTras(
  db: DbOTx,
  alcance: Alcance,
  desde: number,
  limite: number,
): Promise<EventoPlaya[]> {
  const visibles =
    alcance === 'terminal'
      ? sql`true`
      : sql`${alcance.esAdministrador ? sql`true` : sql`codempre = ${alcance.codempre}`}
            and unineg = any(${listaEnteros(alcance.uniNegs.map((u) => u.ctrl))})`;
  const { rows } = await db.execute<EventoPlaya & Record<string, unknown>>(sql`
    select id, codempre, unineg, camion_ctrl from eventos_playa
    where id > ${desde} and ${visibles}
    order by id limit ${limite}`);
  return rows;
}

/** The oldest event kept and the newest (0 and 0 when there is none yet). */
export async function extremosDeEventos(db: DbOTx): Promise<{ primero: number; ultimo: number }> {
  const { rows } = await db.execute<{ primero: number; ultimo: number }>(sql`
    select coalesce(min(id), 0)::bigint as primero,
           (select case when is_called then last_value else 0 end from eventos_playa_id_seq)
             as ultimo
    from eventos_playa`);
  return rows[0]!;
}

/** Events older than `horas` go: a screen that missed that much reloads its list anyway. */
export async function purgarEventos(db: DbOTx, horas: number): Promise<number> {
  const { rowCount } = await db.execute(sql`
    delete from eventos_playa where creado_en < now() - make_interval(hours => ${horas})`);
  return rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The streams open in every process (flujos_en_vivo): the per-user limit across processes.

/** Arbitrary but fixed: the first key of the per-user advisory lock that orders openings. */
const LLAVE_FLUJOS = 730_214_002;

/**
 * Takes a place for a new stream of `usuarioId` if it holds fewer than `maximo` that are alive
 * (a heartbeat within `vigenciaSegundos`), in any process; returns false otherwise. Call it in a
 * transaction: the user's lock makes two openings at once count one after the other.
 */
export async function ocuparLugar(
  tx: DbOTx,
  lugar: { id: string; usuarioId: number; proceso: string },
  maximo: number,
  vigenciaSegundos: number,
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LLAVE_FLUJOS}, ${lugar.usuarioId})`);
  // Rows of a process that died without closing them stop counting once their heartbeat is old.
  await tx.execute(sql`
    delete from flujos_en_vivo
    where usuario_id = ${lugar.usuarioId}
      and latido_en < now() - make_interval(secs => ${vigenciaSegundos})`);
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into flujos_en_vivo (id, usuario_id, proceso)
    select ${lugar.id}, ${lugar.usuarioId}, ${lugar.proceso}
    where (select count(*) from flujos_en_vivo where usuario_id = ${lugar.usuarioId}) < ${maximo}
    returning id`);
  return rows.length > 0;
}

export async function liberarLugar(db: DbOTx, id: string): Promise<void> {
  await db.execute(sql`delete from flujos_en_vivo where id = ${id}`);
}

/** A process's heartbeat: its places are still held. */
export async function latirLugares(db: DbOTx, proceso: string): Promise<void> {
  await db.execute(sql`update flujos_en_vivo set latido_en = now() where proceso = ${proceso}`);
}

/** A process that stops gives its places back; stale ones of any process go too. */
export async function liberarLugaresDe(
  db: DbOTx,
  proceso: string,
  vigenciaSegundos: number,
): Promise<void> {
  await db.execute(sql`
    delete from flujos_en_vivo
    where proceso = ${proceso} or latido_en < now() - make_interval(secs => ${vigenciaSegundos})`);
}
