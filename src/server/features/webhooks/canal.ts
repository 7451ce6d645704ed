/**
 * The outbox's channel 'webhook' (issue 25): POSTs an outbox row's body to its endpoint, signed
 * as Standard Webhooks says: `webhook-id` (the row's, the same on every try), `webhook-timestamp`
 * (seconds, the real clock: a receiver checks it against its own), `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's bytes).
 *
 * 2xx: delivered. 410: the receiver is gone, the endpoint is disabled and the row fails at once.
 * Anything else, no answer within `timeoutMs`, or a refused connection: tried again on
 * `REINTENTOS_WEBHOOK`. The host is resolved and checked at every try and the connection goes to
 * the checked address (red.ts); connections stay open between tries, each kept only for the
 * endpoint and the address it was opened to (`agentes`). Redirects are not followed (a 3xx is a
 * failure): a redirect could lead anywhere. Everything runs on the pool, a short statement at a
 * time (the worker holds the row by a lease, with no transaction open while the receiver
 * answers); each try is written to the endpoint's log.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { PREFIJO_SECRETO } from '../../../shared/contracts/webhooks';
import { MENSAJES_WEBHOOKS as M } from '../../../shared/textos';
import type { Db } from '../../db/client';
import type { RelojTerminal } from '../../reloj-terminal';
import {
  ErrorDefinitivo,
  ESPERA_ANOTAR_MS,
  type AvisoPorEntregar,
  type Canal,
} from '../avisos/servicio';
import { porLotes } from '../../lotes';
import { buscarFijo, DireccionRechazada, direccionSegura, type DireccionResuelta } from './red';
import * as repo from './repository';
import { desactivarPor410 } from './servicio';

/**
 * Seconds after each failed try: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight tries over
 * about 27 hours, then 'fallido' (Standard Webhooks' usual schedule).
 */
export const REINTENTOS_WEBHOOK = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** A receiver gets this long to answer, head and body. */
const TIMEOUT_MS = 10000;
/** At most this much of a receiver's answer is read (and dropped). */
const LARGO_RESPUESTA = 64 * 1024;
/**
 * An open connection with nothing to send is closed after this long: before a receiver's own
 * idle limit (Node's default is 5 s), so a try does not go out on a socket the receiver is
 * closing.
 */
const CONEXION_OCIOSA_MS = 4_000;

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
export function firmar(secreto: string, id: string, timestamp: number, cuerpo: string): string {
  const clave = Buffer.from(secreto.slice(PREFIJO_SECRETO.length), 'base64');
  const firma = createHmac('sha256', clave).update(`${id}.${timestamp}.${cuerpo}`).digest('base64');
  return `v1,${firma}`;
}

export interface OpcionesCanalWebhook {
  db: Db;
  reloj: RelojTerminal;
  /** WEBHOOKS_ALLOW_HOSTS. */
  permitidos: readonly string[];
  timeoutMs?: number;
  /** Seconds after each failed try (WEBHOOKS_RETRY_SECONDS); `REINTENTOS_WEBHOOK` by default. */
  reintentos?: readonly number[];
}

class SinRespuesta extends Error {}

/** POSTs `cuerpo`; answers the HTTP status. */
function postear(
  url: URL,
  direccion: DireccionResuelta,
  agente: http.Agent,
  cabeceras: Record<string, string>,
  cuerpo: string,
  timeoutMs: number,
): Promise<number> {
  return new Promise((resolver, rechazar) => {
    const cliente = url.protocol === 'https:' ? https : http;
    const pedido = cliente.request(
      url,
      {
        method: 'POST',
        headers: { ...cabeceras, 'content-length': Buffer.byteLength(cuerpo) },
        lookup: buscarFijo(direccion),
        agent: agente,
      },
      (respuesta) => {
        let leidos = 0;
        respuesta.on('data', (parte: Buffer) => {
          leidos += parte.length;
          if (leidos > LARGO_RESPUESTA) respuesta.destroy();
        });
        respuesta.on('close', () => {
          clearTimeout(limite);
          resolver(respuesta.statusCode ?? 0);
        });
      },
    );
    const limite = setTimeout(
      () => pedido.destroy(new SinRespuesta(M.sinRespuesta(timeoutMs))),
      timeoutMs,
    );
    pedido.on('error', (e) => {
      clearTimeout(limite);
      rechazar(e);
    });
    pedido.end(cuerpo);
  });
}

export function crearCanalWebhook(o: OpcionesCanalWebhook): Canal {
  const timeoutMs = o.timeoutMs ?? TIMEOUT_MS;
  const buscarEndpoint = porLotes((ids: number[]) => repo.buscarVarios(o.db, ids));
  const registrarIntento = porLotes(async (intentos: repo.Intento[]) => {
    await repo.registrarIntentos(o.db, intentos);
    return new Map<repo.Intento, void>();
  }, ESPERA_ANOTAR_MS);
  /**
   * Kept-alive connections, an agent per endpoint and checked address: a try reuses a socket
   * only if it was opened to the address this try checked (a name that resolves elsewhere now
   * gets another agent; an address no longer allowed is refused before any socket). Without
   * them every event cost a TCP handshake and teardown on both sides (~120 a second at the
   * gate's pace, on the cores that answer the gate).
   */
  const agentes = new Map<string, http.Agent>();
  const agenteDe = (endpoint: number, url: URL, d: DireccionResuelta) => {
    const clave = `${endpoint} ${url.protocol} ${d.address}`;
    let agente = agentes.get(clave);
    if (!agente) {
      const Agente = url.protocol === 'https:' ? https.Agent : http.Agent;
      agente = new Agente({ keepAlive: true, timeout: CONEXION_OCIOSA_MS });
      agentes.set(clave, agente);
    }
    return agente;
  };
  return {
    nombre: 'webhook',
    reintentos: o.reintentos ?? REINTENTOS_WEBHOOK,
    // The POST's limit plus the address check and the log's writes.
    duracionMaximaMs: timeoutMs + 10_000,
    async entregar(aviso: AvisoPorEntregar) {
      const endpoint = await buscarEndpoint(aviso.destino);
      if (!endpoint) throw new ErrorDefinitivo(M.endpointInexistente);
      if (!endpoint.activo) throw new ErrorDefinitivo(M.endpointInactivo);
      const url = new URL(endpoint.url);
      const inicio = performance.now();
      const anotar = (http: number | null, error: string | null) =>
        registrarIntento({
          endpointId: endpoint.id,
          avisoId: aviso.id,
          http,
          error,
          ms: Math.round(performance.now() - inicio),
          en: o.reloj(),
        });
      let direccion: DireccionResuelta;
      try {
        direccion = await direccionSegura(url, o.permitidos);
      } catch (e) {
        if (!(e instanceof DireccionRechazada)) throw e;
        await anotar(null, e.message);
        // An internal address now: a name rebound to the terminal's own network. No retry.
        throw new ErrorDefinitivo(e.message);
      }
      const id = `msg_${aviso.id}`;
      const timestamp = Math.floor(Date.now() / 1000);
      const cuerpo = JSON.stringify(aviso.datos);
      let status: number;
      try {
        status = await postear(
          url,
          direccion,
          agenteDe(endpoint.id, url, direccion),
          {
            'content-type': 'application/json',
            'user-agent': 'portal-acopio-webhooks',
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': firmar(endpoint.secreto, id, timestamp, cuerpo),
          },
          cuerpo,
          timeoutMs,
        );
      } catch (e) {
        const texto = e instanceof Error ? e.message || e.name : String(e);
        await anotar(null, texto);
        throw e instanceof Error ? e : new Error(texto);
      }
      if (status >= 200 && status < 300) {
        await anotar(status, null);
        return;
      }
      await anotar(status, M.respuestaHttp(status));
      if (status === 410) {
        await desactivarPor410(o.db, endpoint.id);
        throw new ErrorDefinitivo(M.desactivadoPor410);
      }
      throw new Error(M.respuestaHttp(status));
    },
    cerrar() {
      for (const agente of agentes.values()) agente.destroy();
      agentes.clear();
    },
  };
}
