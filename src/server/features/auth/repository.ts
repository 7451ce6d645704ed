import { sql, type SQL } from 'drizzle-orm';
import type { UnidadNegocio } from '../../../shared/contracts/comun';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import type { Db, DbOTx } from '../../db/client';
import { tarjetaCeldas, tarjetas } from '../../db/schema';
import {
  fechaLocal,
  listaTextos,
  sentenciaPreparada,
  unidadNegocioJson,
  type Valor,
} from '../../db/sql';
import { CELDAS, hmacCelda, nuevoNumeroTarjeta, type ValoresTarjeta } from './tarjetas';

export const MINUTOS_DESAFIO = 10;
/** Failures in a row that lock a name from one address (or its step-up), and for how long. */
export const FALLOS_PARA_BLOQUEO = 5;
export const MINUTOS_BLOQUEO = 15;
/** Failures of a name from all addresses within an hour that lock it from all of them. */
export const FALLOS_POR_HORA_DEL_USUARIO = 50;
/** How long a step-up is worth (acceso.ts, `exigirReautenticacion`). */
export const MINUTOS_REAUTENTICACION = 5;

export interface UsuarioConTarjeta {
  id: number;
  usuario: string;
  codempre: number;
  tarjeta: number | null;
  /** Cells answered at the last successful sign-in with this card. */
  celdas_recientes: string[];
}

export async function buscarUsuarioConTarjeta(
  db: DbOTx,
  usuario: string,
): Promise<UsuarioConTarjeta | undefined> {
  const { rows } = await db.execute<UsuarioConTarjeta & Record<string, unknown>>(sql`
    select u.id, u.usuario, u.codempre, t.ctrl as tarjeta,
           coalesce(t.celdas_recientes, '{}') as celdas_recientes
    from usuarios u
    left join tarjetas t on t.usuario_id = u.id and t.revocada_en is null
    where u.usuario = ${usuario} and u.activo`);
  return rows[0];
}

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
 * What an answer is counted against (schema.ts, loginFallos): a sign-in, by its client address
 * and under the name's ceiling; or the step-up of a session, apart, so that nobody else's
 * failures can lock it.
 */
export type Origen = { proposito: 'ingreso'; ip: string } | { proposito: 'reautenticacion' };

/** The failure rows that lock an answer of that origin, in the order they are locked. */
const filasQueBloquean = (origen: Origen) =>
  origen.proposito === 'ingreso'
    ? sql`((ambito = 'direccion' and ip = ${origen.ip}) or ambito = 'usuario')`
    : sql`ambito = 'reautenticacion'`;

/** Until when the name is locked for answers of that origin ('HH:MM', local); null if not. */
export async function bloqueadoHastaPara(
  db: DbOTx,
  usuario: string,
  origen: Origen,
): Promise<string | null> {
  const { rows } = await db.execute<{ hasta: string | null }>(sql`
    select to_char(max(bloqueado_hasta), 'HH24:MI') as hasta from login_fallos
    where usuario = ${usuario} and ${filasQueBloquean(origen)} and bloqueado_hasta > now()`);
  return rows[0]?.hasta ?? null;
}

export interface Desafio extends Record<string, unknown> {
  usuario: string;
  nonce: string;
  tarjeta_ctrl: number;
  celda1: string;
  celda2: string;
}

/**
 * The user name's pending challenge, or a new one when there is none, it expired, or it was for
 * a card that has since been replaced. One statement, so two requests at the same moment cannot
 * give two different challenges. The cells come from the caller: the card's pending cells, so a
 * new challenge asks the same two until they are answered.
 */
export async function desafioVigente(db: DbOTx, nuevo: Desafio): Promise<Desafio> {
  // A request racing another for the same new name may see neither row in its snapshot;
  // the next statement sees the winner's.
  for (;;) {
    const desafio = await intentarDesafio(db, nuevo);
    if (desafio) return desafio;
  }
}

async function intentarDesafio(db: DbOTx, nuevo: Desafio): Promise<Desafio | undefined> {
  const { rows } = await db.execute<Desafio>(sql`
    with nuevo as (
      insert into login_desafios (usuario, nonce, tarjeta_ctrl, celda1, celda2, expira_en)
      values (${nuevo.usuario}, ${nuevo.nonce}, ${nuevo.tarjeta_ctrl}, ${nuevo.celda1}, ${nuevo.celda2},
              now() + make_interval(mins => ${MINUTOS_DESAFIO}))
      on conflict (usuario) do update
        set nonce = excluded.nonce, tarjeta_ctrl = excluded.tarjeta_ctrl,
            celda1 = excluded.celda1, celda2 = excluded.celda2,
            creado_en = now(), expira_en = excluded.expira_en
        where login_desafios.expira_en <= now()
           or login_desafios.tarjeta_ctrl <> excluded.tarjeta_ctrl
      returning usuario, nonce, tarjeta_ctrl, celda1, celda2
    )
    select * from nuevo
    union all
    select usuario, nonce, tarjeta_ctrl, celda1, celda2 from login_desafios
    where usuario = ${nuevo.usuario} and not exists (select 1 from nuevo)`);
  return rows[0];
}

export async function buscarDesafio(
  db: DbOTx,
  usuario: string,
  nonce: string,
): Promise<Desafio | undefined> {
  const { rows } = await db.execute<Desafio>(sql`
    select usuario, nonce, tarjeta_ctrl, celda1, celda2 from login_desafios
    where usuario = ${usuario} and nonce = ${nonce} and expira_en > now()`);
  return rows[0];
}

/**
 * The cells answered correctly: no longer pending, and a shoulder-surfer who saw this sign-in
 * must not get the same cells asked next time.
 */
export async function recordarCeldas(db: DbOTx, tarjeta: number, celdas: [string, string]) {
  await db.execute(sql`
    update tarjetas set celdas_recientes = array[${celdas[0]}, ${celdas[1]}]::varchar[],
                        celdas_pendientes = null
    where ctrl = ${tarjeta}`);
}

/**
 * The card's pending cells, or `nuevas` when none are pending (which then become pending). One
 * statement, so two requests at the same moment agree.
 */
export async function celdasPendientes(
  db: DbOTx,
  tarjeta: number,
  nuevas: [string, string],
): Promise<[string, string]> {
  const { rows } = await db.execute<{ celdas: [string, string] }>(sql`
    update tarjetas
    set celdas_pendientes = coalesce(celdas_pendientes, array[${nuevas[0]}, ${nuevas[1]}]::varchar[])
    where ctrl = ${tarjeta}
    returning celdas_pendientes as celdas`);
  return rows[0]?.celdas ?? nuevas;
}

/**
 * Takes the challenge that was answered: false when another request answered it first, so one
 * challenge opens at most one session.
 */
export async function consumirDesafio(db: DbOTx, usuario: string, nonce: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    delete from login_desafios where usuario = ${usuario} and nonce = ${nonce} returning usuario`);
  return rows.length > 0;
}

export async function hmacsDeCeldas(
  db: DbOTx,
  tarjeta: number,
  celdas: [string, string],
): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ celda: string; hmac: string }>(sql`
    select celda, hmac from tarjeta_celdas
    where tarjeta_ctrl = ${tarjeta} and celda in (${celdas[0]}, ${celdas[1]})`);
  return new Map(rows.map((r) => [r.celda, r.hmac]));
}

export interface Fallo {
  fallos: number;
  /** The lock this failure set, 'aaaa-mm-ddThh:mm:ss' local; null if none. */
  hasta: string | null;
}

/**
 * Counts a failure in a row of the name from one address ('direccion', `ip`) or of its step-up
 * ('reautenticacion', ip ''), and decides the lock in the same statement: the fifth locks for 15
 * minutes, and a lock that ran out starts the count again. The row stays locked until the
 * caller's transaction ends, so concurrent failures are counted one after another. Undefined
 * when already locked: the attempt is refused, not counted (a burst of requests cannot buy more
 * than five guesses).
 */
export async function registrarFallo(
  db: DbOTx,
  usuario: string,
  ambito: 'direccion' | 'reautenticacion',
  ip: string,
): Promise<Fallo | undefined> {
  const reinicia = sql`f.bloqueado_hasta <= now()`;
  const { rows } = await db.execute<Fallo & Record<string, unknown>>(sql`
    insert into login_fallos as f (usuario, ambito, ip, fallos)
    values (${usuario}, ${ambito}, ${ip}, 1)
    on conflict (usuario, ambito, ip) do update set
      fallos = case when ${reinicia} then 1 else f.fallos + 1 end,
      primer_fallo_en = case when ${reinicia} then now() else f.primer_fallo_en end,
      ultimo_fallo_en = now(),
      bloqueado_hasta = case
        when (case when ${reinicia} then 1 else f.fallos + 1 end) >= ${FALLOS_PARA_BLOQUEO}
        then now() + make_interval(mins => ${MINUTOS_BLOQUEO})
        else null end
      where f.bloqueado_hasta is null or ${reinicia}
    returning fallos, ${fechaLocal(sql`bloqueado_hasta`)} as hasta`);
  return rows[0];
}

/**
 * Counts a sign-in failure of the name from any address ('usuario'), in hours that start at a
 * failure: the 50th within its hour locks the name from every address until that hour ends, and
 * the next failure after it starts a new hour. Undefined when already locked (as above).
 */
export async function registrarFalloDelUsuario(
  db: DbOTx,
  usuario: string,
): Promise<Fallo | undefined> {
  const reinicia = sql`f.primer_fallo_en <= now() - interval '1 hour'`;
  const { rows } = await db.execute<Fallo & Record<string, unknown>>(sql`
    insert into login_fallos as f (usuario, ambito, ip, fallos)
    values (${usuario}, 'usuario', '', 1)
    on conflict (usuario, ambito, ip) do update set
      fallos = case when ${reinicia} then 1 else f.fallos + 1 end,
      primer_fallo_en = case when ${reinicia} then now() else f.primer_fallo_en end,
      ultimo_fallo_en = now(),
      bloqueado_hasta = case
        when not ${reinicia} and f.fallos + 1 >= ${FALLOS_POR_HORA_DEL_USUARIO}
        then f.primer_fallo_en + interval '1 hour'
        else null end
      where f.bloqueado_hasta is null or f.bloqueado_hasta <= now()
    returning fallos, ${fechaLocal(sql`bloqueado_hasta`)} as hasta`);
  return rows[0];
}

/**
 * Until when ('HH:MM') the name is locked for answers of that origin, null if it is not, taking
 * its failure rows (the address's
 * before the name's, as a failure takes them) so that a failure being counted at the same moment
 * is waited for and seen: a correct answer cannot slip in beside the fifth failure.
 */
export async function bloqueadoParaIngresar(
  tx: DbOTx,
  usuario: string,
  origen: Origen,
): Promise<string | null> {
  const { rows } = await tx.execute<{ bloqueado: boolean; hasta: string }>(sql`
    select bloqueado_hasta > now() as bloqueado, to_char(bloqueado_hasta, 'HH24:MI') as hasta
    from login_fallos
    where usuario = ${usuario} and ${filasQueBloquean(origen)}
    order by ambito
    for update`);
  // Two locks at once (the address's and the name's hour): the name's, listed last, lasts longer.
  return rows.filter((r) => r.bloqueado).at(-1)?.hasta ?? null;
}

/** A correct answer: the count of its address (or of the step-up) goes; the name's hour stays. */
export async function borrarFallos(db: DbOTx, usuario: string, origen: Origen): Promise<void> {
  await db.execute(sql`
    delete from login_fallos
    where usuario = ${usuario} and ${
      origen.proposito === 'ingreso'
        ? sql`ambito = 'direccion' and ip = ${origen.ip}`
        : sql`ambito = 'reautenticacion'`
    }`);
}

/**
 * What there is of a name's failures in the rows `filas` (aliased f): the failures in a row that
 * still count, from every address and the step-up (the name's hour repeats them), the last lock
 * in force, and each lock in force with its address.
 */
const estadoDe = (filas: SQL) => sql`
  select coalesce(sum(f.fallos) filter (where f.ambito <> 'usuario'
                    and (f.bloqueado_hasta is null or f.bloqueado_hasta > now())), 0)::int as fallos,
         ${fechaLocal(sql`max(f.bloqueado_hasta) filter (where f.bloqueado_hasta > now())`)}
           as "bloqueadoHasta",
         coalesce(json_agg(json_build_object('ambito', f.ambito, 'ip', f.ip,
                                             'hasta', ${fechaLocal(sql`f.bloqueado_hasta`)})
                           order by f.ambito, f.ip)
                  filter (where f.bloqueado_hasta > now()), '[]') as bloqueos
  from ${filas}`;

/** `estadoDe` the failures of every user name that has some (the administration's list). */
export async function estadosDeFallos(
  db: DbOTx,
): Promise<Map<string, Pick<EstadoDeFallos, 'fallos' | 'bloqueadoHasta'>>> {
  const { rows } = await db.execute<
    { usuario: string } & Pick<EstadoDeFallos, 'fallos' | 'bloqueadoHasta'>
  >(sql`
    select n.usuario, e.fallos, e."bloqueadoHasta"
    from (select distinct usuario from login_fallos) n
    cross join lateral (${estadoDe(sql`login_fallos f where f.usuario = n.usuario`)}) e`);
  return new Map(rows.map(({ usuario, ...estado }) => [usuario, estado]));
}

export interface EstadoDeFallos {
  fallos: number;
  bloqueadoHasta: string | null;
  bloqueos: { ambito: string; ip: string; hasta: string }[];
}

/**
 * The unlock of a name: every count and lock of it goes, from every address, its hour and its
 * step-up. Returns what there was. The rows are taken in the order a failure takes them (the
 * address's before the name's), so an unlock and a failure at the same moment never deadlock.
 */
export async function quitarBloqueo(db: DbOTx, usuario: string): Promise<EstadoDeFallos> {
  const { rows } = await db.execute<EstadoDeFallos & Record<string, unknown>>(sql`
    with tomadas as (
      select usuario, ambito, ip from login_fallos where usuario = ${usuario}
      order by ambito, ip for update
    ), borradas as (
      delete from login_fallos l using tomadas t
      where l.usuario = t.usuario and l.ambito = t.ambito and l.ip = t.ip
      returning l.*
    )
    ${estadoDe(sql`borradas f`)}`);
  return rows[0]!;
}

/**
 * Expired sessions and challenges (a challenge's cells stay pending on its card: removing it
 * re-rolls nothing). Returns how many of each went.
 */
export async function limpiarVencidos(
  db: DbOTx,
  minutosInactividad: number,
): Promise<{ sesiones: number; desafios: number }> {
  const sesiones = await db.execute(sql`
    delete from sesiones
    where expira_en <= now()
       or ultima_actividad_en <= now() - make_interval(mins => ${minutosInactividad})`);
  const desafios = await db.execute(sql`delete from login_desafios where expira_en <= now()`);
  return { sesiones: sesiones.rowCount ?? 0, desafios: desafios.rowCount ?? 0 };
}

/**
 * Failure counts not locked whose last failure is a day old: a count is of consecutive
 * failures, and one from last month must not add to today's. Rows a sign-in holds right now are
 * skipped (they are not old), so the purge never waits for, nor deadlocks with, a failure.
 */
export async function borrarFallosViejos(db: DbOTx): Promise<number> {
  const r = await db.execute(sql`
    delete from login_fallos
    where (usuario, ambito, ip) in (
      select usuario, ambito, ip from login_fallos
      where (bloqueado_hasta is null or bloqueado_hasta <= now())
        and ultimo_fallo_en < now() - interval '1 day'
      for update skip locked)`);
  return r.rowCount ?? 0;
}

/**
 * Issues a new card for the user and revokes the previous one, in the caller's transaction.
 * Returns its number; the values the caller holds are the only copy in clear.
 */
export async function insertarTarjeta(
  tx: DbOTx,
  secreto: string,
  usuarioId: number,
  valores: ValoresTarjeta,
): Promise<number> {
  await tx.execute(sql`
    update tarjetas set revocada_en = now() where usuario_id = ${usuarioId} and revocada_en is null`);
  let ctrl = nuevoNumeroTarjeta();
  for (;;) {
    const insertadas = await tx
      .insert(tarjetas)
      .values({ ctrl, usuarioId })
      .onConflictDoNothing()
      .returning({ ctrl: tarjetas.ctrl });
    if (insertadas.length) break;
    ctrl = nuevoNumeroTarjeta();
  }
  await tx.insert(tarjetaCeldas).values(
    CELDAS.map((celda) => ({
      tarjetaCtrl: ctrl,
      celda,
      hmac: hmacCelda(secreto, ctrl, celda, valores[celda]),
    })),
  );
  return ctrl;
}

// ---------------------------------------------------------------------------------------------
// Sessions live in PostgreSQL so that any instance can serve any request (design section 9).
// Only the SHA-256 of a session's token is stored: a database dump holds no usable session.

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

/** A successful sign-in, on the user's row (the administration lists it). */
export async function marcarIngreso(db: DbOTx, usuarioId: number): Promise<void> {
  await db.execute(sql`update usuarios set ultimo_ingreso_en = now() where id = ${usuarioId}`);
}

/** A user's card in use, with its issue instant as the API shows it; undefined if none. */
export async function tarjetaVigente(
  db: DbOTx,
  usuarioId: number,
): Promise<{ ctrl: number; emitida: string } | undefined> {
  const { rows } = await db.execute<{ ctrl: number; emitida: string }>(sql`
    select ctrl, ${fechaLocal(sql`emitida_en`)} as emitida from tarjetas
    where usuario_id = ${usuarioId} and revocada_en is null`);
  return rows[0];
}

export interface TarjetaParaImprimir extends Record<string, unknown> {
  usuario: string;
  codempre: number;
  empresa: string;
  terminal: string;
  ctrl: number;
  /** 'dd/mm/aaaa hh:mm', the terminal's wall time. */
  emitida: string;
  /** Issued within the last `minutos`. */
  reciente: boolean;
}

/** What the printed card shows, for the user's card in use with that number. */
export async function tarjetaParaImprimir(
  db: DbOTx,
  usuario: string,
  ctrl: number,
  minutos: number,
): Promise<TarjetaParaImprimir | undefined> {
  const { rows } = await db.execute<TarjetaParaImprimir>(sql`
    select u.usuario, u.codempre, e.nomempre as empresa,
           -- The terminal's name: company 0's, as the set-up or 'Terminal' left it.
           (select nomempre from empresas where codempre = ${CODEMPRE_ADMINISTRADOR}) as terminal,
           t.ctrl, to_char(t.emitida_en, 'DD/MM/YYYY HH24:MI') as emitida,
           t.emitida_en > now() - make_interval(mins => ${minutos}) as reciente
    from usuarios u
    join empresas e on e.codempre = u.codempre
    join tarjetas t on t.usuario_id = u.id and t.revocada_en is null
    where u.usuario = ${usuario} and t.ctrl = ${ctrl}`);
  return rows[0];
}

/** Every cell's HMAC of a card. */
export async function hmacsDeTarjeta(db: DbOTx, tarjeta: number): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ celda: string; hmac: string }>(sql`
    select celda, hmac from tarjeta_celdas where tarjeta_ctrl = ${tarjeta}`);
  return new Map(rows.map((r) => [r.celda, r.hmac]));
}
