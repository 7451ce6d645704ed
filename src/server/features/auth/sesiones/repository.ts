/**
 * The SQL of sessions. They live in PostgreSQL so that any instance can serve any request
 * (design section 9). Only the SHA-256 of a session's token is stored: a database dump holds no
 * usable session.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { UnidadNegocio } from '../../../../shared/contracts/comun';
import { CODEMPRE_ADMINISTRADOR } from '../../../../shared/estados';
import type { Db, DbOTx } from '../../../db/client';
import {
  fechaLocal,
  listaTextos,
  sentenciaPreparada,
  unidadNegocioJson,
  type Valor,
} from '../../../db/sql';

/** How long a step-up is worth (acceso.ts, `exigirReautenticacion`). */
export const MINUTOS_REAUTENTICACION = 5;

/** Any user by name, active or not, with its row locked: the administration acts on it. */
export async function usuarioPorNombre(
  tx: DbOTx,
  usuario: string,
): Promise<{ id: number; usuario: string; codempre: number; activo: boolean } | undefined> {
  const { rows } = await tx.execute<{
    id: number;
    usuario: string;
    codempre: number;
    activo: boolean;
  }>(sql`select id, usuario, codempre, activo from usuarios where usuario = ${usuario} for update`);
  return rows[0];
}

/**
 * JSON array `[{ ctrl, unineg }]` of the units of user row `u` (all of them for administrators),
 * an inactive one marked `inactiva`: its data is still the user's to see.
 */
export const unidadesDeUsuarioSql = (u: SQL) => sql`
  coalesce((
    select json_agg(${unidadNegocioJson(sql`un`)} order by un.ctrl)
    from unidades_negocio un
    where ${u}.codempre = ${CODEMPRE_ADMINISTRADOR}
       or exists (select 1 from usuario_unidades uu where uu.usuario_id = ${u}.id and uu.unineg = un.ctrl)
  ), '[]'::json)`;

export async function unidadesDeUsuario(db: DbOTx, usuarioId: number): Promise<UnidadNegocio[]> {
  const { rows } = await db.execute<{ unidades: UnidadNegocio[] }>(
    sql`select ${unidadesDeUsuarioSql(sql`u`)} as unidades from usuarios u where u.id = ${usuarioId}`,
  );
  return rows[0]?.unidades ?? [];
}

export interface NuevaSesion {
  hash: string;
  usuarioId: number;
  horasAbsolutas: number;
  ip: string | null;
  userAgent: string;
}

export async function insertarSesion(db: DbOTx, s: NuevaSesion): Promise<void> {
  await db.execute(sql`
    insert into sesiones (token_hash, usuario_id, expira_en, ip, user_agent)
    values (${s.hash}, ${s.usuarioId}, now() + make_interval(hours => ${s.horasAbsolutas}),
            ${s.ip}, ${s.userAgent.slice(0, 300)})`);
}

export async function borrarSesion(db: DbOTx, hash: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`delete from sesiones where token_hash = ${hash} returning token_hash`,
  );
  return rows.length > 0;
}

/** Closes every session of one user, or of everyone; returns how many closed. */
export async function borrarSesionesDe(db: DbOTx, usuarioId: number | 'todos'): Promise<number> {
  const { rows } = await db.execute(sql`
    delete from sesiones ${usuarioId === 'todos' ? sql`` : sql`where usuario_id = ${usuarioId}`}
    returning token_hash`);
  return rows.length;
}

export interface FilaSesion extends Record<string, unknown> {
  usuario_id: number;
  usuario: string;
  codempre: number;
  unidades: UnidadNegocio[];
  /**
   * Milliseconds, on the database's clock, until the session expires, until it has been idle
   * too long, until its activity must be recorded again (≤ 0: now), and until its step-up ends
   * (≤ 0: none). Differences, so that the process's clock can count them down without trusting
   * the two clocks to agree.
   */
  expira_ms: number;
  inactiva_ms: number;
  tocar_ms: number;
  reautenticada_ms: number;
}

/** A session `s` of user `u` that still counts: not expired, not idle too long, user active. */
const sesionViva = (minutosInactividad: Valor<number>) => sql`
  s.expira_en > now()
  and s.ultima_actividad_en > now() - make_interval(mins => ${minutosInactividad})
  and u.activo`;

const milisegundosHasta = (instante: SQL) =>
  sql`(extract(epoch from ${instante} - now()) * 1000)::float8`;

/** The session's user, if the session is alive: the SQL of `buscarSesion` (also the bench's floor). */
export const consultaSesion = (hash: Valor<string>, minutosInactividad: Valor<number>) =>
  sql`
    select s.usuario_id, u.usuario, u.codempre,
           ${unidadesDeUsuarioSql(sql`u`)} as unidades,
           ${milisegundosHasta(sql`s.expira_en`)} as expira_ms,
           ${milisegundosHasta(sql`s.ultima_actividad_en + make_interval(mins => ${minutosInactividad})`)} as inactiva_ms,
           ${milisegundosHasta(sql`s.ultima_actividad_en + interval '1 minute'`)} as tocar_ms,
           coalesce(${milisegundosHasta(sql`s.reautenticada_en + make_interval(mins => ${MINUTOS_REAUTENTICACION})`)}, 0) as reautenticada_ms
    from sesiones s
    join usuarios u on u.id = s.usuario_id
    where s.token_hash = ${hash} and ${sesionViva(minutosInactividad)}`;

const sentenciaSesion = sentenciaPreparada<
  { hash: string; minutosInactividad: number },
  FilaSesion
>('acopio_buscar_sesion', (p) => consultaSesion(p.hash, p.minutosInactividad));

/**
 * The session's user, if the session is alive (not expired, not idle too long, user active).
 * It runs on every request with a session, so it is a named prepared statement: each pool
 * connection parses it once and PostgreSQL keeps its plan, instead of planning it again each time
 * (planning took 0.16 ms, longer than running it: docs/rendimiento.md). It still reads the
 * database on every request, so a session closed or a user changed by any process counts at once.
 */
export async function buscarSesion(
  db: Db,
  hash: string,
  minutosInactividad: number,
): Promise<FilaSesion | undefined> {
  const filas = await sentenciaSesion(db, { hash, minutosInactividad });
  return filas[0];
}

/** Of these session hashes, the ones still alive, with their user's rights as they are now. */
export async function sesionesVivas(
  db: DbOTx,
  hashes: string[],
  minutosInactividad: number,
): Promise<FilaSesionViva[]> {
  const { rows } = await db.execute<FilaSesionViva>(sql`
    select s.token_hash, s.usuario_id, u.usuario, u.codempre,
           ${unidadesDeUsuarioSql(sql`u`)} as unidades
    from sesiones s
    join usuarios u on u.id = s.usuario_id
    where s.token_hash = any(${listaTextos(hashes)}) and ${sesionViva(minutosInactividad)}`);
  return rows;
}

export interface FilaSesionViva extends Record<string, unknown> {
  token_hash: string;
  usuario_id: number;
  usuario: string;
  codempre: number;
  unidades: UnidadNegocio[];
}

export async function tocarSesion(db: DbOTx, hash: string): Promise<void> {
  await db.execute(sql`update sesiones set ultima_actividad_en = now() where token_hash = ${hash}`);
}

/** The session just confirmed its user's card: the sensitive acts are open for `minutos`. */
export async function marcarReautenticada(db: DbOTx, hash: string, minutos: number) {
  const { rows } = await db.execute<{ hasta: string }>(sql`
    update sesiones set reautenticada_en = now() where token_hash = ${hash}
    returning ${fechaLocal(sql`now() + make_interval(mins => ${minutos})`)} as hasta`);
  return rows[0]!.hasta;
}
/** Expired sessions, and those idle too long. Returns how many went. */
export async function borrarSesionesVencidas(
  db: DbOTx,
  minutosInactividad: number,
): Promise<number> {
  const sesiones = await db.execute(sql`
    delete from sesiones
    where expira_en <= now()
       or ultima_actividad_en <= now() - make_interval(mins => ${minutosInactividad})`);
  return sesiones.rowCount ?? 0;
}
