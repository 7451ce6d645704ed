/**
 * Opening a live stream of the yard: who may, how many at once, and what a reconnecting screen
 * missed. The hub (central.ts) feeds it afterwards.
 */
import { TIPOS_DE_EVENTO } from '../../../shared/contracts/en-vivo';
import { MENSAJES_API } from '../../../shared/textos';
import type { UsuarioSesion } from '../../acceso';
import type { Db, DbOTx } from '../../db/client';
import { ErrorHttp } from '../../errores';
import { mensaje, type CentralEnVivo, type Flujo, type Salida } from './central';
import { eventosVisiblesTras, extremosDeEventos, purgarEventos } from './repository';

/** Streams per user at once: tabs of one browser share one; a phone and a PC are two. */
export const FLUJOS_POR_USUARIO = 5;
/** More missed than this and the screen reloads its list instead. */
export const MAXIMO_A_REPETIR = 500;
/** How long events are kept for replaying. */
export const HORAS_DE_EVENTOS = 24;

/**
 * Refuses (429) a user with too many streams open; otherwise `abrir` gives the function that
 * starts the stream on its output: the route answers an error as JSON before any byte of the
 * stream is written.
 */
export function exigirLugar(central: CentralEnVivo, usuario: UsuarioSesion) {
  if (central.flujosDe(usuario.id) >= FLUJOS_POR_USUARIO) {
    throw new ErrorHttp(429, MENSAJES_API.demasiadosFlujos);
  }
}

/**
 * Starts a stream: it joins the hub first (holding what arrives meanwhile), then sends what was
 * missed since `desde` — or `recargar` when that cannot be told exactly — then `listo`.
 */
export async function abrir(
  central: CentralEnVivo,
  db: Db,
  usuario: UsuarioSesion,
  token: string,
  desde: number | undefined,
  salida: Salida,
): Promise<Flujo> {
  await central.iniciar();
  // Joined before reading where the events stand: a change committed from now on is either in
  // the table when it is read, or held in `enEspera` and sent after the replay.
  const flujo: Flujo = { usuario, token, salida, enEspera: [] };
  central.agregar(flujo);
  salida.escribir('retry: 3000\n\n');
  try {
    const extremos = await extremosDeEventos(db);
    if (desde === undefined) {
      salida.escribir(mensaje(TIPOS_DE_EVENTO.listo, {}, extremos.ultimo));
    } else {
      // What the screen last saw must still be in the table, and not too far back.
      const perdidos =
        desde > extremos.ultimo || (extremos.primero > 0 && desde < extremos.primero - 1)
          ? null
          : await eventosVisiblesTras(db, usuario, desde, MAXIMO_A_REPETIR + 1);
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
    for (const texto of flujo.enEspera ?? []) salida.escribir(texto);
    flujo.enEspera = null;
  }
  return flujo;
}

/** Retention: the events older than HORAS_DE_EVENTOS (mantenimiento.ts, every hour). */
export const purgarEventosViejos = (db: DbOTx) => purgarEventos(db, HORAS_DE_EVENTOS);
