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
