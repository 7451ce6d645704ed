/**
 * Opening a live stream of the yard: who may, how many at once, and what a reconnecting screen
 * missed. The hub (central.ts) feeds it afterwards.
 */
import { randomUUID } from 'node:crypto';
import { TIPOS_DE_EVENTO } from '../../../shared/contracts/en-vivo';
import { MENSAJES_API } from '../../../shared/textos';
import type { UsuarioSesion } from '../../acceso';
import type { Db, DbOTx } from '../../db/client';
import { ErrorHttp } from '../../errores';
import {
  mensaje,
  nuevoFlujo,
  VIGENCIA_LUGAR_SEGUNDOS,
  type CentralEnVivo,
  type Flujo,
  type Salida,
} from './central';
import {
  eventosVisiblesTras,
  extremosDeEventos,
  ocuparLugar as ocuparLugarEn,
  purgarEventos,
} from './repository';

/**
 * Streams per user at once, in all the portal's processes together: tabs of one browser share
 * one; a phone and a PC are two.
 */
export const FLUJOS_POR_USUARIO = 5;
/** More missed than this and the screen reloads its list instead. */
export const MAXIMO_A_REPETIR = 500;
/** How long events are kept for replaying. */
export const HORAS_DE_EVENTOS = 24;

/**
 * Takes a place for a new stream of `usuario`, counting the streams open in every process;
 * refuses (429) a user who holds FLUJOS_POR_USUARIO already. The route calls it before any byte
 * of the stream is written, so a refusal is an ordinary JSON error.
 */
export async function ocuparLugar(
  central: CentralEnVivo,
  db: Db,
  usuario: UsuarioSesion,
): Promise<string> {
  const lugar = { id: randomUUID(), usuarioId: usuario.id, proceso: central.proceso };
  const ocupado = await db.transaction((tx) =>
    ocuparLugarEn(tx, lugar, FLUJOS_POR_USUARIO, VIGENCIA_LUGAR_SEGUNDOS),
  );
  if (!ocupado) throw new ErrorHttp(429, MENSAJES_API.demasiadosFlujos);
  return lugar.id;
}

/**
 * Starts a stream in the place taken by `ocuparLugar`: it joins the hub first (holding what
 * arrives meanwhile), then sends what was missed since `desde` — or `recargar` when that cannot
 * be told exactly — then `listo`. Whatever fails, the place is given back.
 */
export async function abrir(
  central: CentralEnVivo,
  db: Db,
  usuario: UsuarioSesion,
  token: string,
  desde: number | undefined,
  salida: Salida,
  lugar: string,
): Promise<Flujo> {
  const flujo = nuevoFlujo(usuario, token, salida, lugar);
  try {
    await central.iniciar();
    // Joined before reading where the events stand: a change committed from now on is either
    // in the table when it is read, or held and sent after the replay.
    central.agregar(flujo);
    salida.escribir('retry: 3000\n\n');
    const extremos = await extremosDeEventos(db);
    if (desde === undefined) {
      salida.escribir(mensaje(TIPOS_DE_EVENTO.listo, {}, extremos.ultimo));
    } else {
      // What the screen last saw must still be in the table, and not too far back.
      const perdidos =
        desde > extremos.ultimo || (extremos.primero > 0 && desde < extremos.primero - 1)
          ? null
          : await eventosVisiblesTras(db, flujo.usuario, desde, MAXIMO_A_REPETIR + 1);
      if (perdidos === null || perdidos.length > MAXIMO_A_REPETIR) {
        salida.escribir(mensaje(TIPOS_DE_EVENTO.recargar, {}, extremos.ultimo));
      } else {
        await central.repartir(perdidos, flujo);
        salida.escribir(mensaje(TIPOS_DE_EVENTO.listo, {}, Math.max(desde, extremos.ultimo)));
      }
    }
  } catch (e) {
    central.quitar(flujo);
    throw e;
  } finally {
    central.soltar(flujo);
  }
  return flujo;
}

/** Retention: the events older than HORAS_DE_EVENTOS (mantenimiento.ts, every hour). */
export const purgarEventosViejos = (db: DbOTx) => purgarEventos(db, HORAS_DE_EVENTOS);
