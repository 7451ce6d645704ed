/**
 * Webhooks (issue 25): endpoints the administrator registers, events fanned out to them through
 * the outbox (avisos, channel 'webhook', `destino` = the endpoint's id) in the transaction of the
 * change that causes them, the delivery log, and re-sending a failed delivery. The channel that
 * posts them is canal.ts.
 */
import { randomBytes } from 'node:crypto';
import {
  entregasWebhookBody,
  PREFIJO_SECRETO,
  type ActivarWebhookBody,
  type CrearWebhookBody,
  type DatosEvento,
  type EntregasWebhookBody,
  type EventoWebhook,
  type IdWebhookBody,
  type PaginaEntregas,
  type ReenviarEntregaBody,
  type WebhookAdministrado,
} from '../../../shared/contracts/webhooks';
import { MENSAJES_WEBHOOKS as M } from '../../../shared/textos';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { conflicto, errorDeCampo, noEncontrado } from '../../errores';
import { instanteDeTerminal, type RelojTerminal } from '../../reloj-terminal';
import { encolar, reenviar as reenviarAviso } from '../avisos/servicio';
import { DireccionRechazada, direccionSegura } from './red';
import * as repo from './repository';

/** 32 random bytes, base64, after `whsec_` (the Standard Webhooks form). */
const nuevoSecreto = () => `${PREFIJO_SECRETO}${randomBytes(32).toString('base64')}`;

/** The URL as typed, if it is http(s) without credentials; else a 400 on `url`. */
export function urlValida(texto: string): URL {
  let url: URL;
  try {
    url = new URL(texto);
  } catch {
    throw errorDeCampo('url', M.urlInvalida);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw errorDeCampo('url', M.urlInvalida);
  }
  return url;
}

/**
 * Registers an endpoint and answers its secret in clear, the only time it is shown. The URL's
 * host must not be internal unless allow-listed (`permitidos`, WEBHOOKS_ALLOW_HOSTS).
 */
export async function crear(
  db: Db,
  actor: Actor,
  cuerpo: CrearWebhookBody,
  permitidos: readonly string[],
): Promise<{ id: number; secreto: string }> {
  const url = urlValida(cuerpo.url);
  try {
    await direccionSegura(url, permitidos);
  } catch (e) {
    if (e instanceof DireccionRechazada) throw errorDeCampo('url', e.message);
    throw e;
  }
  const eventos = [...new Set(cuerpo.eventos)];
  const codempre = cuerpo.codempre == null ? null : Number(cuerpo.codempre);
  const secreto = nuevoSecreto();
  return db.transaction(async (tx) => {
    if (codempre !== null && !(await repo.empresaExiste(tx, codempre))) {
      throw errorDeCampo('codempre', M.empresaInexistente);
    }
    const id = await repo.insertar(tx, { url: url.toString(), eventos, codempre, secreto });
    await auditar(tx, {
      ...actor,
      accion: 'crear_webhook',
      tabla: 'webhook_endpoints',
      filaId: id,
      // Never the secret.
      despues: { url: url.toString(), eventos, codempre },
    });
    return { id, secreto };
  });
}

export const listar = (db: Db): Promise<WebhookAdministrado[]> => repo.todos(db);

/** Enables or disables an endpoint (audited). Disabled: its pending deliveries fail. */
export async function activar(
  db: Db,
  actor: Actor,
  { id, activo }: ActivarWebhookBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await repo.fijarActivo(tx, Number(id), activo, 'administrador');
    if (!antes) throw noEncontrado();
    await auditar(tx, {
      ...actor,
      accion: activo ? 'activar_webhook' : 'desactivar_webhook',
      tabla: 'webhook_endpoints',
      filaId: id,
      antes: { activo: antes.activo },
      despues: { activo },
    });
  });
}

/** A 410 (Gone) answer: the receiver says it is gone for good. */
export async function desactivarPor410(db: DbOTx, id: number): Promise<void> {
  const antes = await repo.fijarActivo(db, id, false, M.desactivadoPor410);
  if (antes?.activo) {
    await auditar(db, {
      actor: 'webhooks',
      accion: 'desactivar_webhook',
      tabla: 'webhook_endpoints',
      filaId: id,
      antes: { activo: true },
      despues: { activo: false, motivo: '410' },
    });
  }
}

/** Deletes an endpoint and its tries (audited). Its pending deliveries fail. */
export async function eliminar(db: Db, actor: Actor, { id }: IdWebhookBody): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await repo.borrar(tx, Number(id));
    if (!antes) throw noEncontrado();
    await auditar(tx, {
      ...actor,
      accion: 'eliminar_webhook',
      tabla: 'webhook_endpoints',
      filaId: id,
      antes,
    });
  });
}

/** An endpoint's delivery log, newest first. */
export async function entregas(db: Db, cuerpo: EntregasWebhookBody): Promise<PaginaEntregas> {
  const filtro = entregasWebhookBody.parse(cuerpo);
  if (!(await repo.buscar(db, Number(filtro.id)))) throw noEncontrado();
  const filas = await repo.entregas(db, { ...filtro, id: Number(filtro.id) });
  return {
    filas,
    siguiente: filas.length === filtro.limite ? filas[filas.length - 1]!.entrega : null,
  };
}

/**
 * Re-sends a failed delivery of an active endpoint: back to the outbox, due now, with the same
 * `webhook-id` (the receiver may already have it). Audited by the outbox as 'reenviar_aviso'.
 */
export async function reenviar(
  db: Db,
  actor: Actor,
  { id, entrega }: ReenviarEntregaBody,
): Promise<void> {
  const endpoint = await repo.buscar(db, Number(id));
  if (!endpoint) throw noEncontrado();
  const fila = await repo.entrega(db, Number(entrega));
  if (!fila || fila.destino !== endpoint.id) throw noEncontrado();
  if (!endpoint.activo) throw conflicto(M.endpointInactivo);
  if (fila.estado !== 'fallido') throw conflicto(M.soloFallidas);
  await reenviarAviso(db, actor, { id: entrega });
}

export interface EventoNuevo<E extends EventoWebhook = EventoWebhook> {
  tipo: E;
  /** The client company the event is about; null: none (only terminal-wide endpoints get it). */
  codempre: number | null;
  /**
   * The event's `data`, built from what the change already has at hand (no event queries for
   * its body: `camion.ingresado` takes the inserted row).
   */
  datos: DatosEvento<E>;
  /** What orders it: 'camion:123', 'cupo:45'. Events of one group reach an endpoint in order. */
  grupo?: string | null;
}

/** One of the events, its `datos` checked against its `tipo`. */
export type EventoCualquiera = { [E in EventoWebhook]: EventoNuevo<E> }[EventoWebhook];

/** When an event happened: the terminal's clock (the app's, injected in tests) as an instant. */
let instanteDeEvento: () => Date = () => new Date();

/**
 * The app sets the clock events are stamped with (buildApp, with its `reloj` and time zone): one
 * per process, like the terminal's. The services that enqueue events get only a transaction.
 */
export function fijarRelojDeEventos(reloj: RelojTerminal, zona: string): void {
  instanteDeEvento = () => instanteDeTerminal(reloj(), zona);
}

/**
 * Writes `eventos` to the outbox with the caller's transaction `tx`, one row per active
 * endpoint that wants each (terminal-wide, or of the event's company): they exist exactly when
 * the change commits. The body every try posts is fixed here.
 */
export async function encolarEvento(
  tx: DbOTx,
  ...eventos: readonly EventoCualquiera[]
): Promise<number> {
  const filas = [];
  const ahora = instanteDeEvento().toISOString();
  for (const e of eventos) {
    const destinos = await repo.destinatarios(tx, e.tipo, e.codempre);
    if (destinos.length === 0) continue;
    for (const destino of destinos) {
      filas.push({
        canal: 'webhook' as const,
        destino,
        evento: e.tipo,
        datos: { type: e.tipo, timestamp: ahora, data: e.datos },
        grupo: e.grupo ?? null,
      });
    }
  }
  await encolar(tx, filas);
  return filas.length;
}

/** Tries whose outbox rows the retention purged (`mantenimiento.ts`). */
export const purgarIntentos = (db: DbOTx) => repo.borrarIntentosHuerfanos(db);
