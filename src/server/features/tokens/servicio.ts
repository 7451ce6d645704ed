/**
 * Service tokens of the terminal's machines (gate, weighbridge). Like sessions, only the SHA-256
 * of a token is stored: it is shown once, when created, and a database dump holds none.
 */
import { randomBytes } from 'node:crypto';
import { MENSAJES_ADMINISTRACION as M } from '../../../shared/textos';
import { exigirReautenticacion, hashToken, type Alcance, type TokenServicio } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db } from '../../db/client';
import { errorDeCampo, ErrorHttp } from '../../errores';
import {
  apartarRevocado,
  buscarToken,
  esHoyOFuturo,
  insertarToken,
  todosLosTokens,
  marcarRevocado,
  tocarToken,
  type TokenListado,
} from './repository';

export type { TokenListado };

/** Lower case, digits, dot, dash, underscore: it is the audit's actor, and typed in a shell. */
export const NOMBRE_TOKEN = /^[a-z0-9._-]{3,60}$/;

/** 256 random bits; the prefix tells a leaked token's kind at a glance (and to secret scanners). */
const nuevoToken = () => `acopio_${randomBytes(32).toString('base64url')}`;

/** '2027-06-30', and a day that exists (not '2027-02-30'). */
const diaValido = (dia: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(dia) &&
  new Date(`${dia}T00:00:00Z`).toISOString().slice(0, 10) === dia;

/**
 * Creates the token `nombre` and returns it in clear, the only time it exists. `vence`: the last
 * day it is worth ('2027-06-30', the terminal's calendar); absent, until revoked.
 */
export async function crearToken(
  db: Db,
  alcance: Alcance,
  nombre: string,
  actor: Actor,
  vence?: string,
): Promise<string> {
  exigirReautenticacion(alcance);
  if (!NOMBRE_TOKEN.test(nombre)) throw errorDeCampo('nombre', M.nombreTokenInvalido);
  if (vence !== undefined && !diaValido(vence)) {
    throw errorDeCampo('vence', M.vencimientoInvalido);
  }
  const token = nuevoToken();
  return db.transaction(async (tx) => {
    if (vence !== undefined && !(await esHoyOFuturo(tx, vence))) {
      throw errorDeCampo('vence', M.vencimientoPasado);
    }
    await apartarRevocado(tx, nombre);
    const id = await insertarToken(tx, nombre, hashToken(token), vence ?? null);
    if (id === undefined) throw errorDeCampo('nombre', M.tokenExistente(nombre));
    await auditar(tx, {
      ...actor,
      accion: 'crear_token',
      tabla: 'tokens_servicio',
      filaId: id,
      despues: { nombre, vence: vence ?? null },
    });
    return token;
  });
}

/** Revokes the token `nombre` at once. */
export async function revocarToken(db: Db, nombre: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const id = await marcarRevocado(tx, nombre);
    if (id === undefined) throw new ErrorHttp(404, M.tokenInexistente(nombre));
    await auditar(tx, {
      ...actor,
      accion: 'revocar_token',
      tabla: 'tokens_servicio',
      filaId: id,
      antes: { nombre, revocado: false },
      despues: { nombre, revocado: true },
    });
  });
}

/** Every token, in use first: name, created, last use, revoked. */
export const listarTokens = (db: Db): Promise<TokenListado[]> => todosLosTokens(db);

/**
 * The machine behind a bearer token, or null (unknown, revoked or expired); its last use is
 * written at most once a minute.
 */
export async function autenticar(db: Db, token: string): Promise<TokenServicio | null> {
  const fila = await buscarToken(db, hashToken(token));
  if (!fila) return null;
  if (fila.tocar) await tocarToken(db, fila.id);
  return { id: fila.id, nombre: fila.nombre };
}
