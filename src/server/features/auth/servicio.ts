/**
 * Sign-in with a coordinate card, sessions, and the acts that change a person's access: issuing
 * a card, unlocking a name, closing sessions (design section 3). Each act that writes more than
 * once runs in one transaction, so a crash leaves a challenge, a failure count or a session
 * either whole or untouched. The routes, the CLI and the demo all come through here.
 */
import { randomBytes } from 'node:crypto';
import type { TarjetaEmitida } from '../../../shared/contracts/administracion';
import type {
  CompararCoordenadasBody,
  CompararCoordenadasRespuesta,
  PedirCoordenadasRespuesta,
} from '../../../shared/contracts/auth';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { MENSAJES_ADMINISTRACION as M, MENSAJES_API } from '../../../shared/textos';
import { exigirReautenticacion, hashToken, type Alcance, type UsuarioSesion } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx, Tx } from '../../db/client';
import { conflicto, ErrorHttp } from '../../errores';
import {
  bloqueadoHasta,
  bloqueadoParaIngresar,
  borrarFallos,
  borrarFallosViejos,
  quitarBloqueo,
  borrarSesion,
  borrarSesionesDe,
  buscarDesafio,
  buscarSesion,
  sesionesVivas,
  buscarUsuarioConTarjeta,
  celdasPendientes,
  consumirDesafio,
  desafioVigente,
  hmacsDeCeldas,
  insertarSesion,
  insertarTarjeta,
  limpiarVencidos,
  marcarIngreso,
  marcarReautenticada,
  MINUTOS_REAUTENTICACION,
  recordarCeldas,
  registrarFallo,
  hmacsDeTarjeta,
  tarjetaParaImprimir,
  tarjetaVigente,
  tocarSesion,
  unidadesDeUsuario,
  usuarioPorNombre,
  type FilaSesion,
} from './repository';
import { cacheDe, transaccionDeSesiones } from './cache-sesiones';
import { tarjetaEnPdf } from './tarjeta-pdf';
import {
  aCoordenada,
  CELDAS,
  celdasFalsas,
  deCoordenada,
  elegirDosCeldas,
  generarValores,
  hmacCelda,
  mismoHmac,
  numeroTarjetaFalsa,
  type ValoresTarjeta,
} from './tarjetas';

/** What signing in needs of the configuration. */
export interface ConfigIngreso {
  cardSecret: string;
  sessionAbsoluteHours: number;
  sessionIdleMinutes: number;
}

const HMAC_NULO = '0'.repeat(64);

const bloqueado = () => new ErrorHttp(429, MENSAJES_API.usuarioBloqueado);
const vencido = () => new ErrorHttp(401, MENSAJES_API.desafioVencido);

/** A new challenge, or the one still pending for that name (asking again never re-rolls). */
export async function pedirDesafio(
  db: Db,
  secreto: string,
  usuario: string,
): Promise<{ nonce: string; respuesta: PedirCoordenadasRespuesta }> {
  if (await bloqueadoHasta(db, usuario)) throw bloqueado();
  // Unknown names (and users without a card) get a challenge of the same shape and cost,
  // on a stable fake card number: the answer never tells which users exist.
  const encontrado = await buscarUsuarioConTarjeta(db, usuario);
  const tarjeta = encontrado?.tarjeta ?? numeroTarjetaFalsa(secreto, usuario);
  // The same two cells until they are answered (or the card changes): asking again, or letting
  // the challenge expire, never draws new ones, so nobody can re-roll until cells they know come.
  const [celda1, celda2] = encontrado?.tarjeta
    ? await celdasPendientes(db, encontrado.tarjeta, elegirDosCeldas(encontrado.celdas_recientes))
    : celdasFalsas(secreto, usuario);
  const desafio = await desafioVigente(db, {
    usuario,
    nonce: randomBytes(16).toString('hex'),
    tarjeta_ctrl: tarjeta,
    celda1,
    celda2,
  });
  return {
    nonce: desafio.nonce,
    respuesta: [
      [{ ctrltarjeta: desafio.tarjeta_ctrl }],
      [aCoordenada(desafio.celda1), aCoordenada(desafio.celda2)],
    ],
  };
}

export interface Ingreso {
  /** From the challenge cookie set at step 1. */
  usuario: string;
  nonce: string;
  cuerpo: CompararCoordenadasBody;
  ip: string;
  userAgent: string;
  /** The browser's current session, if any: signing in again ends it. */
  tokenAnterior: string | undefined;
}

/** What answering a challenge acts as: signing in, or confirming one's identity (step-up). */
type Proposito = 'ingreso' | 'reautenticacion';

/**
 * Checks the two values against the challenge the server holds for `usuario`. A failure is
 * counted (and may lock the name) and audited in one transaction, then refused: 401, or 429 when
 * the name is locked. Returns the user and the challenge answered; the caller's success
 * transaction must consume it (`consumirDesafio`).
 */
async function verificarRespuesta(
  db: Db,
  secreto: string,
  p: { usuario: string; nonce: string; cuerpo: CompararCoordenadasBody; ip: string },
  proposito: Proposito,
) {
  const { usuario, nonce } = p;
  if (await bloqueadoHasta(db, usuario)) throw bloqueado();
  const desafio = await buscarDesafio(db, usuario, nonce);
  if (!desafio) throw vencido();

  const { solicitadas, ingresadas, tarjeta } = p.cuerpo;
  const pedidas =
    tarjeta === desafio.tarjeta_ctrl &&
    deCoordenada(solicitadas[0]!) === desafio.celda1 &&
    deCoordenada(solicitadas[1]!) === desafio.celda2;
  const encontrado = await buscarUsuarioConTarjeta(db, usuario);
  const real = encontrado !== undefined && encontrado.tarjeta === desafio.tarjeta_ctrl;
  const guardados = await hmacsDeCeldas(db, desafio.tarjeta_ctrl, [desafio.celda1, desafio.celda2]);
  // Both cells are always compared, in constant time, whatever failed before.
  const celda1Ok = mismoHmac(
    hmacCelda(secreto, desafio.tarjeta_ctrl, desafio.celda1, ingresadas.coordenada1),
    guardados.get(desafio.celda1) ?? HMAC_NULO,
  );
  const celda2Ok = mismoHmac(
    hmacCelda(secreto, desafio.tarjeta_ctrl, desafio.celda2, ingresadas.coordenada2),
    guardados.get(desafio.celda2) ?? HMAC_NULO,
  );
  const actor: Actor = { usuarioId: encontrado?.id ?? null, actor: usuario, ip: p.ip };

  if (!(pedidas && real && celda1Ok && celda2Ok)) {
    const contado = await db.transaction(async (tx) => {
      // Counting and deciding the lock are one statement: of thirty wrong answers sent at once,
      // five are counted and the rest find the name locked.
      const fallo = await registrarFallo(tx, usuario);
      if (!fallo) return false;
      const base = { ...actor, tabla: 'usuarios', filaId: encontrado?.id };
      const accion = proposito === 'ingreso' ? 'ingreso_fallido' : 'reautenticacion_fallida';
      await auditar(tx, { ...base, accion, despues: { fallos: fallo.fallos } });
      if (fallo.bloqueado) await auditar(tx, { ...base, accion: 'usuario_bloqueado' });
      return true;
    });
    if (!contado) throw bloqueado();
    throw new ErrorHttp(401, MENSAJES_API.credencialesIncorrectas);
  }
  return { encontrado, desafio, actor };
}

/**
 * The first statements of a correct answer's transaction: the name must not have been locked
 * meanwhile, the challenge is consumed (another request that answered it first took it: one
 * challenge, one success), its cells are no longer pending and the failure count goes.
 */
async function consumirRespuesta(
  tx: Tx,
  usuario: string,
  nonce: string,
  desafio: { tarjeta_ctrl: number; celda1: string; celda2: string },
) {
  if (await bloqueadoParaIngresar(tx, usuario)) throw bloqueado();
  if (!(await consumirDesafio(tx, usuario, nonce))) throw vencido();
  await recordarCeldas(tx, desafio.tarjeta_ctrl, [desafio.celda1, desafio.celda2]);
  await borrarFallos(tx, usuario);
}

/**
 * Step 2: checks the two values against the challenge the server holds. A failure is counted
 * (and may lock the name) and audited in one transaction; a success consumes the challenge,
 * resets the count, opens the session and audits it in another. Returns the new session's token.
 */
export async function compararCoordenadas(
  db: Db,
  config: ConfigIngreso,
  p: Ingreso,
): Promise<{ token: string; respuesta: CompararCoordenadasRespuesta }> {
  const { encontrado, desafio, actor } = await verificarRespuesta(
    db,
    config.cardSecret,
    p,
    'ingreso',
  );
  const token = randomBytes(32).toString('base64url');
  const uniNegs = await transaccionDeSesiones(db, async (tx) => {
    await consumirRespuesta(tx, p.usuario, p.nonce, desafio);
    // Signing in again in the same browser ends the session it had: a token fixed or stolen
    // before the sign-in is worth nothing after it. Other browsers keep theirs.
    if (p.tokenAnterior) await borrarSesion(tx, hashToken(p.tokenAnterior));
    await insertarSesion(tx, {
      hash: hashToken(token),
      usuarioId: encontrado.id,
      horasAbsolutas: config.sessionAbsoluteHours,
      ip: p.ip,
      userAgent: p.userAgent,
    });
    await marcarIngreso(tx, encontrado.id);
    await auditar(tx, { ...actor, accion: 'ingreso', tabla: 'usuarios', filaId: encontrado.id });
    return unidadesDeUsuario(tx, encontrado.id);
  });
  // Housekeeping of everyone's expired rows: not part of this act, so outside its transaction.
  await limpiarVencidos(db, config.sessionIdleMinutes);
  return {
    token,
    respuesta: { codempre: encontrado.codempre, uniNegs, usuario: encontrado.usuario },
  };
}

/**
 * Step-up: the signed-in user answers two cells of their own card, with the very rules of the
 * sign-in (the same pending cells, lockout and audit). On success this session may do the
 * sensitive acts of the administration for the next 5 minutes. Returns until when.
 */
export async function reautenticar(
  db: Db,
  secreto: string,
  p: {
    usuario: UsuarioSesion;
    token: string;
    nonce: string;
    usuarioDelDesafio: string;
    cuerpo: CompararCoordenadasBody;
    ip: string;
  },
): Promise<string> {
  // The challenge must be this user's own: a cookie of another name's challenge is worth nothing.
  if (p.usuarioDelDesafio !== p.usuario.usuario) throw vencido();
  const { encontrado, desafio, actor } = await verificarRespuesta(
    db,
    secreto,
    { usuario: p.usuario.usuario, nonce: p.nonce, cuerpo: p.cuerpo, ip: p.ip },
    'reautenticacion',
  );
  return transaccionDeSesiones(db, async (tx) => {
    await consumirRespuesta(tx, p.usuario.usuario, p.nonce, desafio);
    const hasta = await marcarReautenticada(tx, hashToken(p.token), MINUTOS_REAUTENTICACION);
    await auditar(tx, {
      ...actor,
      accion: 'reautenticacion',
      tabla: 'sesiones',
      filaId: encontrado.id,
      despues: { hasta },
    });
    return hasta;
  });
}

/** The sign-in's leftovers: expired sessions and challenges, and stale failure counts. */
export async function purgarIngresos(db: DbOTx, minutosInactividad: number) {
  const vencidos = await limpiarVencidos(db, minutosInactividad);
  return { ...vencidos, fallos: await borrarFallosViejos(db) };
}

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
  return { ...entrada.usuario, reautenticada: ahora < entrada.reautenticadaHasta };
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

/**
 * A new card for the user in the caller's transaction; the previous one is revoked and every
 * session opened with it closed (ASVS 7.4.3). Returns the values: the only moment they exist
 * in clear.
 */
export async function emitirTarjetaEn(
  tx: DbOTx,
  secreto: string,
  usuarioId: number,
): Promise<{ ctrltarjeta: number; celdas: ValoresTarjeta; sesionesCerradas: number }> {
  const celdas = generarValores();
  const ctrltarjeta = await insertarTarjeta(tx, secreto, usuarioId, celdas);
  const sesionesCerradas = await borrarSesionesDe(tx, usuarioId);
  return { ctrltarjeta, celdas, sesionesCerradas };
}

/**
 * Issues a card to the user `nombre`, audited with the card it replaces and the sessions it
 * closed (never with its values). From the administration it needs a fresh step-up.
 */
export async function emitirTarjeta(
  db: Db,
  secreto: string,
  alcance: Alcance,
  nombre: string,
  actor: Actor,
): Promise<TarjetaEmitida & { celdas: ValoresTarjeta }> {
  exigirReautenticacion(alcance);
  return transaccionDeSesiones(db, async (tx) => {
    const usuario = await usuarioPorNombre(tx, nombre);
    if (!usuario) throw noEncontradoUsuario(nombre);
    return emitirTarjetaAuditadaEn(tx, secreto, usuario, actor);
  });
}

/**
 * `emitirTarjetaEn` with its audit row, in the caller's transaction: the administration's act
 * above, and the first administrator's card at the set-up (features/inicializacion).
 */
export async function emitirTarjetaAuditadaEn(
  tx: DbOTx,
  secreto: string,
  usuario: { id: number; usuario: string },
  actor: Actor,
): Promise<TarjetaEmitida & { celdas: ValoresTarjeta }> {
  const anterior = await tarjetaVigente(tx, usuario.id);
  const { sesionesCerradas, ...tarjeta } = await emitirTarjetaEn(tx, secreto, usuario.id);
  const emitida = (await tarjetaVigente(tx, usuario.id))!.emitida;
  await auditar(tx, {
    ...actor,
    accion: 'emitir_tarjeta',
    tabla: 'tarjetas',
    filaId: tarjeta.ctrltarjeta,
    antes: { usuario: usuario.usuario, tarjeta: anterior?.ctrl ?? null },
    despues: { usuario: usuario.usuario, tarjeta: tarjeta.ctrltarjeta, sesionesCerradas },
  });
  return { usuario: usuario.usuario, ...tarjeta, emitida };
}

/** How long after issuing a card its printable sheet may be asked for. */
const MINUTOS_PARA_IMPRIMIR = 15;

/**
 * The printable sheet of a card just issued: the screen that issued it sends back the values it
 * holds, and they must be the user's card in use, cell by cell (a sheet of made-up or old
 * values is refused), issued within the last 15 minutes. Nothing is stored; the audit records
 * that it was printed, without the values.
 */
export async function tarjetaImprimible(
  db: Db,
  secreto: string,
  pedido: { usuario: string; ctrltarjeta: number; celdas: Record<string, number> },
  actor: Actor,
  opciones: { soloAdministradores?: boolean } = {},
): Promise<{ pdf: Buffer; archivo: string }> {
  const datos = await tarjetaParaImprimir(
    db,
    pedido.usuario,
    pedido.ctrltarjeta,
    MINUTOS_PARA_IMPRIMIR,
  );
  const guardados = datos ? await hmacsDeTarjeta(db, datos.ctrl) : new Map<string, string>();
  const coinciden =
    CELDAS.every((c) => pedido.celdas[c] !== undefined) &&
    CELDAS.map((c) =>
      mismoHmac(
        hmacCelda(secreto, pedido.ctrltarjeta, c, pedido.celdas[c] ?? 0),
        guardados.get(c) ?? HMAC_NULO,
      ),
    ).every(Boolean);
  if (!datos || !coinciden) throw conflicto(M.tarjetaNoVigente);
  if (!datos.reciente) throw conflicto(M.tarjetaVieja);
  if (opciones.soloAdministradores && datos.codempre !== CODEMPRE_ADMINISTRADOR) {
    throw conflicto(M.tarjetaNoAdministrador);
  }
  const pdf = await tarjetaEnPdf({
    terminal: datos.terminal,
    usuario: datos.usuario,
    empresa: datos.empresa,
    ctrltarjeta: datos.ctrl,
    emitida: datos.emitida,
    celdas: pedido.celdas as ValoresTarjeta,
  });
  await auditar(db, {
    ...actor,
    accion: 'imprimir_tarjeta',
    tabla: 'tarjetas',
    filaId: datos.ctrl,
    despues: { usuario: datos.usuario },
  });
  return { pdf, archivo: `tarjeta-${datos.usuario}-${datos.ctrl}.pdf` };
}

/** The user's card in use (number and issue instant), or null. */
export const tarjetaDe = async (db: DbOTx, usuarioId: number) =>
  (await tarjetaVigente(db, usuarioId)) ?? null;

/** Lifts the lock of five failures (and the count) from a user name. */
export async function desbloquear(db: Db, nombre: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const habia = await quitarBloqueo(tx, nombre);
    await auditar(tx, {
      ...actor,
      accion: 'desbloquear',
      tabla: 'login_fallos',
      filaId: nombre,
      antes: habia ?? { fallos: 0, bloqueadoHasta: null },
      despues: { fallos: 0, bloqueadoHasta: null },
    });
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
      const usuario = await usuarioPorNombre(tx, quien.usuario);
      if (!usuario) throw noEncontradoUsuario(quien.usuario);
      usuarioId = usuario.id;
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

const noEncontradoUsuario = (nombre: string) => new ErrorHttp(404, M.usuarioInexistente(nombre));
