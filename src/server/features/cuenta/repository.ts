import { sql } from 'drizzle-orm';
import type { IngresoPropio, SesionPropia } from '../../../shared/contracts/cuenta';
import type { DbOTx } from '../../db/client';
import { fechaLocal } from '../../db/sql';

/** A session's public id: the first 16 hex digits of its token's hash, never the token. */
const idDeSesion = sql`left(s.token_hash, 16)`;

/** The user's sessions alive now, the newest first; `actual` marks the one of `hashActual`. */
export async function sesionesDe(
  db: DbOTx,
  usuarioId: number,
  hashActual: string,
  minutosInactividad: number,
): Promise<SesionPropia[]> {
  const { rows } = await db.execute<SesionPropia & Record<string, unknown>>(sql`
    select ${idDeSesion} as id, ${fechaLocal(sql`s.creada_en`)} as iniciada,
           ${fechaLocal(sql`s.ultima_actividad_en`)} as "ultimaActividad",
           coalesce(s.user_agent, '') as navegador, s.ip,
           s.token_hash = ${hashActual} as actual
    from sesiones s
    where s.usuario_id = ${usuarioId} and s.expira_en > now()
      and s.ultima_actividad_en > now() - make_interval(mins => ${minutosInactividad})
    order by s.creada_en desc`);
  return rows;
}

/** The last sign-ins, failed attempts and locks of a user name, from the audit trail. */
export async function ingresosDe(
  db: DbOTx,
  usuario: string,
  cuantos: number,
): Promise<IngresoPropio[]> {
  const { rows } = await db.execute<IngresoPropio & Record<string, unknown>>(sql`
    select ${fechaLocal(sql`a.fecha`)} as fecha, a.ip,
           case a.accion when 'ingreso' then 'ingreso'
                         when 'usuario_bloqueado' then 'bloqueo' else 'fallido' end as resultado
    from auditoria a
    where a.actor = ${usuario}
      and a.accion in ('ingreso', 'ingreso_fallido', 'usuario_bloqueado')
    order by a.id desc
    limit ${cuantos}`);
  return rows;
}

/** Closes the user's session with that public id; how many (0 or 1). */
export async function borrarSesionPropia(db: DbOTx, usuarioId: number, id: string) {
  const r = await db.execute(sql`
    delete from sesiones s where s.usuario_id = ${usuarioId} and ${idDeSesion} = ${id}`);
  return r.rowCount ?? 0;
}

/** Closes every session of the user but `hashActual`; how many. */
export async function borrarOtrasSesiones(db: DbOTx, usuarioId: number, hashActual: string) {
  const r = await db.execute(sql`
    delete from sesiones where usuario_id = ${usuarioId} and token_hash <> ${hashActual}`);
  return r.rowCount ?? 0;
}
