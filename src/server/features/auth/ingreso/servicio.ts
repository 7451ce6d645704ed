/**
 * Signing in with a coordinate card (design section 3): the challenge, the comparison of the
 * two values, the failure counts and the locks they set, the step-up (the same comparison for a
 * signed-in session) and the unlock. A correct answer opens the session through
 * sesiones/servicio.ts. Each act that writes more than once runs in one transaction, so a crash
 * leaves a challenge, a failure count or a session either whole or untouched.
 */
import { randomBytes } from 'node:crypto';
import type {
  CompararCoordenadasBody,
  CompararCoordenadasRespuesta,
  PedirCoordenadasRespuesta,
} from '../../../../shared/contracts/auth';
import { MENSAJES_API } from '../../../../shared/textos';
import type { UsuarioSesion } from '../../../acceso';
import { auditar, type Actor } from '../../../db/auditoria';
import type { Db, DbOTx, Tx } from '../../../db/client';
import { ErrorHttp } from '../../../errores';
import { CONTADORES } from '../../../metricas';
import { transaccionDeSesiones } from '../cache-sesiones';
import {
  abrirSesionEn,
  limpiarSesionesVencidas,
  marcarReautenticadaEn,
  unidadesDeUsuarioEn,
} from '../sesiones/servicio';
import {
  aCoordenada,
  celdasFalsas,
  deCoordenada,
  elegirDosCeldas,
  HMAC_NULO,
  hmacCelda,
  mismoHmac,
  numeroTarjetaFalsa,
} from '../tarjetas';
import {
  bloqueadoHastaPara,
  bloqueadoParaIngresar,
  borrarDesafiosVencidos,
  borrarFallos,
  borrarFallosViejos,
  buscarDesafio,
  buscarUsuarioConTarjeta,
  celdasPendientes,
  consumirDesafio,
  desafioVigente,
  estadosDeFallos,
  FALLOS_PARA_BLOQUEO,
  FALLOS_POR_HORA_DEL_USUARIO,
  hmacsDeCeldas,
  marcarIngreso,
  MINUTOS_BLOQUEO,
  quitarBloqueo,
  recordarCeldas,
  registrarFallo,
  registrarFalloDelUsuario,
  type Fallo,
  type Origen,
} from './repository';

/** What signing in needs of the configuration. */
export interface ConfigIngreso {
  cardSecret: string;
  sessionAbsoluteHours: number;
  sessionIdleMinutes: number;
}

/** A locked name, with until when; the same answer whether the name exists or not. */
const bloqueado = (hasta: string | null) =>
  new ErrorHttp(
    429,
    MENSAJES_API.usuarioBloqueado,
    hasta ? MENSAJES_API.bloqueadoHasta(hasta) : undefined,
  );

/** Throws 429 while the name is locked for answers of that origin. */
async function exigirNoBloqueado(db: DbOTx, usuario: string, origen: Origen) {
  const hasta = await bloqueadoHastaPara(db, usuario, origen);
  if (hasta) throw bloqueado(hasta);
}
const vencido = () => new ErrorHttp(401, MENSAJES_API.desafioVencido);

/**
 * A new challenge, or the one still pending for that name (asking again never re-rolls). Refused
 * while the name is locked for that origin: a sign-in from that address, or the step-up.
 */
export async function pedirDesafio(
  db: Db,
  secreto: string,
  usuario: string,
  origen: Origen,
): Promise<{ nonce: string; respuesta: PedirCoordenadasRespuesta }> {
  await exigirNoBloqueado(db, usuario, origen);
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

/**
 * Checks the two values against the challenge the server holds for `usuario`. A failure is
 * counted (and may lock the name) and audited in one transaction, then refused: 401, or 429 when
 * the name is locked for that origin. Returns the user and the challenge answered; the caller's
 * success transaction must consume it (`consumirRespuesta`).
 */
async function verificarRespuesta(
  db: Db,
  secreto: string,
  p: { usuario: string; nonce: string; cuerpo: CompararCoordenadasBody; ip: string },
  origen: Origen,
) {
  const { usuario, nonce } = p;
  await exigirNoBloqueado(db, usuario, origen);
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
    const fallo = await db.transaction((tx) =>
      contarFallo(tx, usuario, origen, actor, encontrado?.id),
    );
    // Counted once committed: a failure refused as locked (429) rolled back and counts nothing.
    CONTADORES.ingresosFallidos.inc({ purpose: origen.proposito });
    if (fallo.hasta) CONTADORES.bloqueos.inc({ purpose: origen.proposito });
    throw new ErrorHttp(401, MENSAJES_API.credencialesIncorrectas, avisoDelFallo(fallo));
  }
  return { encontrado, desafio, actor };
}

/**
 * Counts a wrong answer where it may lock and audits it, with each lock it set and its address;
 * 429 (and nothing counted: the transaction rolls back) when a count it needs is locked. Counting
 * and deciding each lock are one statement: of thirty wrong answers sent at once, five are
 * counted and the rest find the name locked. A sign-in counts from its address and in the
 * name's hour, the address's row first; a step-up only in its own row.
 */
async function contarFallo(
  tx: Tx,
  usuario: string,
  origen: Origen,
  actor: Actor,
  usuarioId: number | undefined,
) {
  const base = { ...actor, tabla: 'usuarios', filaId: usuarioId };
  const auditarBloqueo = async (ambito: string, fallo: Fallo) => {
    if (!fallo.hasta) return;
    const despues = { ambito, ip: actor.ip, hasta: fallo.hasta };
    await auditar(tx, { ...base, accion: 'usuario_bloqueado', despues });
  };
  if (origen.proposito === 'reautenticacion') {
    const fallo = await registrarFallo(tx, usuario, 'reautenticacion', '');
    if (!fallo) throw bloqueado(await bloqueadoHastaPara(tx, usuario, origen));
    const despues = { fallos: fallo.fallos };
    await auditar(tx, { ...base, accion: 'reautenticacion_fallida', despues });
    await auditarBloqueo('reautenticacion', fallo);
    return { restantes: FALLOS_PARA_BLOQUEO - fallo.fallos, hasta: horaDe(fallo.hasta) };
  }
  const direccion = await registrarFallo(tx, usuario, 'direccion', origen.ip);
  const hora = direccion && (await registrarFalloDelUsuario(tx, usuario));
  if (!direccion || !hora) throw bloqueado(await bloqueadoHastaPara(tx, usuario, origen));
  const despues = { fallos: direccion.fallos, fallosEnLaHora: hora.fallos };
  await auditar(tx, { ...base, accion: 'ingreso_fallido', despues });
  await auditarBloqueo('direccion', direccion);
  await auditarBloqueo('usuario', hora);
  return {
    restantes: Math.min(
      FALLOS_PARA_BLOQUEO - direccion.fallos,
      FALLOS_POR_HORA_DEL_USUARIO - hora.fallos,
    ),
    // The name's hour, when it locks, lasts longer than the address's 15 minutes.
    hasta: horaDe(hora.hasta ?? direccion.hasta),
  };
}

/** 'HH:MM' of a local instant 'YYYY-MM-DDTHH:MM:SS'. */
const horaDe = (instante: string | null) => instante?.slice(11, 16) ?? null;

/**
 * What a wrong answer tells the person beyond `msj`: that this failure locked the name, and
 * until when; or that one try remains. Counted per name whether it exists or not, so it tells
 * nobody which users exist.
 */
function avisoDelFallo(fallo: { restantes: number; hasta: string | null }) {
  if (fallo.hasta) return MENSAJES_API.bloqueadoHasta(fallo.hasta);
  if (fallo.restantes === 1) return MENSAJES_API.ultimoIntento(MINUTOS_BLOQUEO);
  return undefined;
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
  origen: Origen,
) {
  const hasta = await bloqueadoParaIngresar(tx, usuario, origen);
  if (hasta) throw bloqueado(hasta);
  if (!(await consumirDesafio(tx, usuario, nonce))) throw vencido();
  await recordarCeldas(tx, desafio.tarjeta_ctrl, [desafio.celda1, desafio.celda2]);
  await borrarFallos(tx, usuario, origen);
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
  const origen: Origen = { proposito: 'ingreso', ip: p.ip };
  const { encontrado, desafio, actor } = await verificarRespuesta(db, config.cardSecret, p, origen);
  const token = randomBytes(32).toString('base64url');
  const uniNegs = await transaccionDeSesiones(db, async (tx) => {
    await consumirRespuesta(tx, p.usuario, p.nonce, desafio, origen);
    await abrirSesionEn(tx, {
      token,
      tokenAnterior: p.tokenAnterior,
      usuarioId: encontrado.id,
      horasAbsolutas: config.sessionAbsoluteHours,
      ip: p.ip,
      userAgent: p.userAgent,
    });
    await marcarIngreso(tx, encontrado.id);
    await auditar(tx, { ...actor, accion: 'ingreso', tabla: 'usuarios', filaId: encontrado.id });
    return unidadesDeUsuarioEn(tx, encontrado.id);
  });
  // Housekeeping of everyone's expired rows: not part of this act, so outside its transaction.
  await limpiarVencidos(db, config.sessionIdleMinutes);
  return {
    token,
    respuesta: { codempre: encontrado.codempre, uniNegs, usuario: encontrado.usuario },
  };
}

/** The step-up's answers count apart: nobody's failed sign-ins lock a session that proved its card. */
export const REAUTENTICACION: Origen = { proposito: 'reautenticacion' };

/**
 * Step-up: the signed-in user answers two cells of their own card, with the rules of the sign-in
 * (the same pending cells, a lock after five failures in a row, the audit) but its own count:
 * failed sign-ins of the name, from any address, do not lock it. On success this session may do
 * the sensitive acts of the administration for the next 5 minutes. Returns until when.
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
    REAUTENTICACION,
  );
  return transaccionDeSesiones(db, async (tx) => {
    await consumirRespuesta(tx, p.usuario.usuario, p.nonce, desafio, REAUTENTICACION);
    const hasta = await marcarReautenticadaEn(tx, p.token);
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

/** Expired sessions and challenges: how many of each went. */
async function limpiarVencidos(db: DbOTx, minutosInactividad: number) {
  const sesiones = await limpiarSesionesVencidas(db, minutosInactividad);
  return { sesiones, desafios: await borrarDesafiosVencidos(db) };
}

/** The sign-in's leftovers: expired sessions and challenges, and stale failure counts. */
export async function purgarIngresos(db: DbOTx, minutosInactividad: number) {
  const vencidos = await limpiarVencidos(db, minutosInactividad);
  return { ...vencidos, fallos: await borrarFallosViejos(db) };
}
/** Each name's failures in a row and lock in force (the administration lists them). */
export const estadosDeIngreso = (db: DbOTx) => estadosDeFallos(db);

/**
 * Lifts every lock of a user name and its counts: from every address, its hour's ceiling and its
 * step-up. Audited with the locks there were and their addresses.
 */
export async function desbloquear(db: Db, nombre: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const habia = await quitarBloqueo(tx, nombre);
    await auditar(tx, {
      ...actor,
      accion: 'desbloquear',
      tabla: 'login_fallos',
      filaId: nombre,
      antes: habia,
      despues: { fallos: 0, bloqueadoHasta: null },
    });
  });
}
