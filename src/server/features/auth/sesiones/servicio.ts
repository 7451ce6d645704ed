/**
 * Sessions (design section 9): who is behind a token (cached per process: cache-sesiones.ts),
 * opening one on a sign-in, the step-up's mark, logout and closing them from the administration.
 * The sign-in itself is ingreso/servicio.ts.
 */
import { CODEMPRE_ADMINISTRADOR } from '../../../../shared/estados';
import { MENSAJES_ADMINISTRACION as M } from '../../../../shared/textos';
import { hashToken, type UsuarioSesion } from '../../../acceso';
import { auditar, type Actor } from '../../../db/auditoria';
import type { Db, DbOTx } from '../../../db/client';
import { ErrorHttp } from '../../../errores';
import { cacheDe, transaccionDeSesiones, type EntradaSesion } from '../cache-sesiones';
import {
  borrarSesion,
  borrarSesionesDe,
  borrarSesionesVencidas,
  buscarSesion,
  insertarSesion,
  marcarReautenticada,
  MINUTOS_REAUTENTICACION,
  sesionesVivas,
  tocarSesion,
  unidadesDeUsuario,
  usuarioPorNombre,
  type FilaSesion,
} from './repository';

/**
 * The user behind each of these session tokens that is still alive, with their rights as the
 * database holds them now (never from the cache), without counting as activity: a live screen
 * left open is not a person using the portal (features/en-vivo checks its streams with it).
 */
export async function usuariosDeTokens(
  db: DbOTx,
  tokens: string[],
  minutosInactividad: number,
): Promise<Map<string, Omit<UsuarioSesion, 'reautenticada'>>> {
  const filas = await sesionesVivas(db, tokens.map(hashToken), minutosInactividad);
  const porHash = new Map(filas.map((f) => [f.token_hash, f]));
  const usuarios = new Map<string, Omit<UsuarioSesion, 'reautenticada'>>();
  for (const token of tokens) {
    const f = porHash.get(hashToken(token));
    if (!f) continue;
    usuarios.set(token, usuarioDeFila(f));
  }
  return usuarios;
}

/** A session row's user, as requests and live streams carry it. */
const usuarioDeFila = (
  f: Pick<FilaSesion, 'usuario_id' | 'usuario' | 'codempre' | 'unidades'>,
) => ({
  id: f.usuario_id,
  usuario: f.usuario,
  codempre: f.codempre,
  esAdministrador: f.codempre === CODEMPRE_ADMINISTRADOR,
  uniNegs: f.unidades,
});

/**
 * The request's user from a cache entry, field by field: a spread of the cached object
 * (`{ ...entrada.usuario, reautenticada }`) cost ~0.7 µs on every request, half the session
 * check (docs/rendimiento.md). Each request gets its own object, as before.
 */
function usuarioDeEntrada(entrada: EntradaSesion, ahora: number): UsuarioSesion {
  const { id, usuario, codempre, esAdministrador, uniNegs } = entrada.usuario;
  return {
    id,
    usuario,
    codempre,
    esAdministrador,
    uniNegs,
    reautenticada: ahora < entrada.reautenticadaHasta,
  };
}

/**
 * The person behind a session token, from this process's cache alone: undefined when the cache
 * cannot answer (no entry, or a minute of activity to write), and then `usuarioDeSesion` must.
 * Synchronous, so that a request served from the cache (nearly all of them) makes no promise and
 * waits no turn of the event loop for it (docs/rendimiento.md, issue 23).
 */
export function usuarioEnCache(db: Db, token: string): UsuarioSesion | undefined {
  const ahora = Date.now();
  const entrada = cacheDe(db)?.leer(hashToken(token), ahora);
  // Idle time is tracked to the minute: one write a minute per session, not one per request.
  if (!entrada || ahora >= entrada.tocarDesde) return undefined;
  return usuarioDeEntrada(entrada, ahora);
}

/**
 * The person behind a session token, or null if the session is not alive. This process's cache
 * answers when it can (cache-sesiones.ts says when that is right); else the database does.
 */
export async function usuarioDeSesion(
  db: Db,
  token: string,
  minutosInactividad: number,
): Promise<UsuarioSesion | null> {
  const hash = hashToken(token);
  const cache = cacheDe(db);
  const ahora = Date.now();
  let entrada = cache?.leer(hash, ahora);
  if (!entrada) {
    const marca = cache?.marca() ?? 0;
    const fila = await buscarSesion(db, hash, minutosInactividad);
    if (!fila) return null;
    entrada = {
      usuario: usuarioDeFila(fila),
      expiraHasta: ahora + fila.expira_ms,
      inactivaHasta: ahora + fila.inactiva_ms,
      tocarDesde: ahora + fila.tocar_ms,
      reautenticadaHasta: ahora + fila.reautenticada_ms,
      leida: ahora,
    };
    cache?.guardar(hash, entrada, marca);
  }
  // Idle time is tracked to the minute: one write a minute per session, not one per request.
  if (ahora >= entrada.tocarDesde) {
    entrada.tocarDesde = ahora + 60_000;
    entrada.inactivaHasta = ahora + minutosInactividad * 60_000;
    await tocarSesion(db, hash);
  }
  return usuarioDeEntrada(entrada, ahora);
}

/** Logout: the session goes, and a signed-in user's exit is audited with it. */
export async function salir(
  db: Db,
  token: string | undefined,
  usuario: UsuarioSesion | null,
  ip: string,
): Promise<void> {
  await transaccionDeSesiones(db, async (tx) => {
    if (token) await borrarSesion(tx, hashToken(token));
    if (usuario) {
      await auditar(tx, {
        usuarioId: usuario.id,
        actor: usuario.usuario,
        accion: 'salida',
        tabla: 'usuarios',
        filaId: usuario.id,
        ip,
      });
    }
  });
}
/** Closes every session of one user (by name), or of everyone; returns how many closed. */
export async function cerrarSesiones(
  db: Db,
  quien: { usuario: string } | 'todos',
  actor: Actor,
): Promise<number> {
  return transaccionDeSesiones(db, async (tx) => {
    let usuarioId: number | 'todos' = 'todos';
    if (quien !== 'todos') {
      usuarioId = (await exigirUsuario(tx, quien.usuario)).id;
    }
    const cerradas = await borrarSesionesDe(tx, usuarioId);
    await auditar(tx, {
      ...actor,
      accion: 'cerrar_sesiones',
      tabla: 'sesiones',
      filaId: quien === 'todos' ? 'todas' : quien.usuario,
      antes: { sesiones: cerradas },
      despues: { sesiones: 0, cerradas },
    });
    return cerradas;
  });
}

/** Closes the sessions of a user inside the caller's transaction (deactivation). */
export const cerrarSesionesEn = (tx: DbOTx, usuarioId: number) => borrarSesionesDe(tx, usuarioId);

/** The user the administration names (any, active or not), its row locked; 404 if none. */
export async function exigirUsuario(tx: DbOTx, nombre: string) {
  const usuario = await usuarioPorNombre(tx, nombre);
  if (!usuario) throw new ErrorHttp(404, M.usuarioInexistente(nombre));
  return usuario;
}

/**
 * Opens a session for the user on a correct answer, in the caller's transaction. Signing in
 * again in the same browser ends the session it had: a token fixed or stolen before the sign-in
 * is worth nothing after it. Other browsers keep theirs.
 */
export async function abrirSesionEn(
  tx: DbOTx,
  s: {
    token: string;
    tokenAnterior: string | undefined;
    usuarioId: number;
    horasAbsolutas: number;
    ip: string | null;
    userAgent: string;
  },
): Promise<void> {
  if (s.tokenAnterior) await borrarSesion(tx, hashToken(s.tokenAnterior));
  await insertarSesion(tx, {
    hash: hashToken(s.token),
    usuarioId: s.usuarioId,
    horasAbsolutas: s.horasAbsolutas,
    ip: s.ip,
    userAgent: s.userAgent,
  });
}

/** The user's business units as a session carries them (all of them for administrators). */
export const unidadesDeUsuarioEn = (db: DbOTx, usuarioId: number) =>
  unidadesDeUsuario(db, usuarioId);

/** The session of `token` proved its card: the sensitive acts are open; returns until when. */
export const marcarReautenticadaEn = (tx: DbOTx, token: string) =>
  marcarReautenticada(tx, hashToken(token), MINUTOS_REAUTENTICACION);

/** Expired sessions, and those idle too long: how many went. */
export const limpiarSesionesVencidas = (db: DbOTx, minutosInactividad: number) =>
  borrarSesionesVencidas(db, minutosInactividad);
