/**
 * The live yard in the browser (issue 15): one Server-Sent Events stream per browser, shared by
 * its tabs. A browser opens at most six HTTP/1.1 connections to a host: a stream per tab would
 * freeze the seventh tab. One tab — the one holding the Web Lock — opens the stream and passes
 * every event to the others through a BroadcastChannel; when it closes, another tab takes the lock
 * and reopens the stream from the last event id any tab saw (`?desde=`), so nothing is missed.
 * Where Web Locks or BroadcastChannel are missing, each tab has its own stream.
 */
import type { EventoCamion, EventoTurno } from '../../shared/contracts/en-vivo';

export type EstadoEnVivo =
  { estado: 'conectando' } | { estado: 'en-vivo'; desde: number } | { estado: 'sin-conexion' };

export interface OyenteEnVivo {
  camion(e: EventoCamion): void;
  /** A band of turns changed (issue 24): only the 'Turnos' screen listens. */
  turno?(e: EventoTurno): void;
  /** Too much was missed: the list must be loaded again. */
  recargar(): void;
  estado(e: EstadoEnVivo): void;
}

type Mensaje =
  | { tipo: 'camion'; id: number; datos: EventoCamion }
  | { tipo: 'turno'; datos: EventoTurno }
  | { tipo: 'listo'; id: number }
  | { tipo: 'recargar'; id: number }
  | { tipo: 'estado'; estado: EstadoEnVivo }
  /** A tab that just joined asks the one with the stream where it stands. */
  | { tipo: 'pregunta' };

const RUTA = '/api/camiones/eventos';
const CANAL = 'acopio-en-vivo';
const CANDADO = 'acopio-en-vivo';
/** After the browser gave up on the stream (it answered an error), a new try. */
const REINTENTO_MS = 5_000;

const oyentes = new Set<OyenteEnVivo>();
let estadoActual: EstadoEnVivo = { estado: 'conectando' };
let ultimoId: number | undefined;
let canal: BroadcastChannel | null = null;
let tengoElFlujo = false;
let iniciado = false;
/** Called when the stream answered an error and gave up: e.g. the session ended. */
let alFallar: () => void = () => undefined;

function repartir(m: Mensaje) {
  if (m.tipo === 'pregunta') {
    if (tengoElFlujo)
      canal?.postMessage({ tipo: 'estado', estado: estadoActual } satisfies Mensaje);
    return;
  }
  if ('id' in m) ultimoId = Math.max(ultimoId ?? 0, m.id);
  if (m.tipo === 'estado') estadoActual = m.estado;
  for (const o of oyentes) {
    if (m.tipo === 'camion') o.camion(m.datos);
    else if (m.tipo === 'turno') o.turno?.(m.datos);
    else if (m.tipo === 'recargar') o.recargar();
    else if (m.tipo === 'estado') o.estado(m.estado);
  }
}

/** Local tabs first, then the others through the channel. */
function publicar(m: Mensaje) {
  repartir(m);
  canal?.postMessage(m);
}

/** The stream itself, in the tab that holds the lock. Resolves never: the lock is kept. */
function abrirFlujo(): Promise<never> {
  tengoElFlujo = true;
  return new Promise<never>(() => {
    let fuente: EventSource | null = null;
    const abrir = () => {
      fuente = new EventSource(ultimoId === undefined ? RUTA : `${RUTA}?desde=${ultimoId}`);
      const leer = (tipo: 'camion' | 'listo' | 'recargar') => (ev: MessageEvent<string>) => {
        const id = Number(ev.lastEventId);
        if (tipo === 'camion') {
          publicar({ tipo, id, datos: JSON.parse(ev.data) as EventoCamion });
          return;
        }
        publicar({ tipo, id });
        publicar({ tipo: 'estado', estado: { estado: 'en-vivo', desde: Date.now() } });
      };
      fuente.addEventListener('camion', leer('camion'));
      // Without an id: a turn's notice is not replayed; the screen reloads when live again.
      fuente.addEventListener('turno', (ev: MessageEvent<string>) =>
        publicar({ tipo: 'turno', datos: JSON.parse(ev.data) as EventoTurno }),
      );
      fuente.addEventListener('listo', leer('listo'));
      fuente.addEventListener('recargar', leer('recargar'));
      fuente.onerror = () => {
        publicar({ tipo: 'estado', estado: { estado: 'sin-conexion' } });
        // CONNECTING: EventSource retries by itself (with Last-Event-ID). CLOSED: it gave up
        // (an error answer such as 401): tell the app, and try again later with `desde`.
        if (fuente?.readyState === EventSource.CLOSED) {
          alFallar();
          setTimeout(abrir, REINTENTO_MS);
        }
      };
    };
    abrir();
  });
}

function iniciar() {
  if (iniciado) return;
  iniciado = true;
  const compartible = typeof BroadcastChannel !== 'undefined' && 'locks' in navigator;
  if (!compartible) {
    void abrirFlujo();
    return;
  }
  canal = new BroadcastChannel(CANAL);
  canal.onmessage = (ev: MessageEvent<Mensaje>) => repartir(ev.data);
  canal.postMessage({ tipo: 'pregunta' } satisfies Mensaje);
  void navigator.locks.request(CANDADO, abrirFlujo);
}

/**
 * Follows the yard: `oyente` gets every change the user may see, and the stream's state.
 * `fallo` runs when the server refuses the stream (the session may have ended).
 */
export function seguirPlaya(oyente: OyenteEnVivo, fallo: () => void): () => void {
  if (typeof EventSource === 'undefined') {
    oyente.estado({ estado: 'sin-conexion' });
    return () => undefined;
  }
  alFallar = fallo;
  oyentes.add(oyente);
  oyente.estado(estadoActual);
  iniciar();
  return () => oyentes.delete(oyente);
}
