/**
 * The outbox's worker on a thread of its own (issue 25): the portal process answers the gate on
 * its main thread, and the deliveries (taking rows, composing e-mails with the ticket's PDF,
 * signing and posting webhooks, recording outcomes) run on a `node:worker_thread` with its own
 * small pool and channels, so their CPU no longer queues behind or in front of the gate's
 * requests on one event loop (docs/decisions.md, "Las entregas en un hilo propio").
 *
 * This side (the API's thread) keeps what the routes use: `tiene(canal)` (known from the
 * configuration) and `despertar()` (a message to the thread). The thread (hilo-entrada.ts) runs
 * the same `TrabajadorAvisos` loop as the in-process worker; its log lines come here as messages
 * and are written by the app's logger with `hilo` (its threadId), so they keep the app's format
 * and destination. A thread that fails to start or ends unexpectedly is logged and started again
 * after a pause (1 s, doubling up to 30 s); the API goes on meanwhile, and the notices wait in
 * the outbox. `detener` asks the thread to stop: it waits for the deliveries under way to be
 * recorded, closes its channels and pool, and says so before it ends.
 *
 * Functions cannot cross to a thread: a test that injects a clock or its own channels, or drives
 * the worker by hand, uses the in-process `TrabajadorAvisos` (app.ts decides).
 */
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { CanalAviso } from '../../../shared/contracts/avisos';
import type { ConfigTrabajador } from './configurado';
import type { ServicioAvisos } from './trabajador';

/** Connections of the thread's own pool: each delivery's statements are short, none is held. */
export const POOL_HILO_AVISOS = 4;
/**
 * The deliveries' thread's nice value (0 is the process's, 19 the lowest priority): when the
 * cores are busy the gate's answers go first (hilo-entrada.ts, docs/decisions.md).
 */
export const NICE_HILO_AVISOS = 10;
/** The first pause before starting a failed thread again; it doubles up to PAUSA_MAXIMA_MS. */
export const PAUSA_REINICIO_MS = 1_000;
const PAUSA_MAXIMA_MS = 30_000;

/** What the thread is started with (workerData): plain data only. */
export interface DatosHilo extends ConfigTrabajador {
  url: string;
  urlDirecta?: string;
  timeZone: string;
  poolMax: number;
  /** The terminal's shifted clock (RELOJ_TERMINAL_INICIO) at this instant of the real one. */
  reloj?: { terminalMs: number; realMs: number };
  /** The loop runs (false: only `procesar`/`uno` by message). */
  arrancar: boolean;
}

/** Messages to the thread. */
export type AlHilo =
  { tipo: 'despertar' } | { tipo: 'detener' } | { tipo: 'procesar' | 'uno'; id: number };

/** Messages from the thread. */
export type DelHilo =
  | {
      tipo: 'listo';
      hilo: number;
      /** The thread's id for the kernel and its nice value (Linux). */
      tid?: number;
      nice?: number;
    }
  | {
      tipo: 'log';
      nivel: 'info' | 'warn' | 'error';
      datos: Record<string, unknown>;
      mensaje: string;
    }
  | { tipo: 'respuesta'; id: number; valor?: number | boolean; error?: string }
  | { tipo: 'detenido' };

export interface OpcionesHiloAvisos {
  datos: Omit<DatosHilo, 'reloj'>;
  /** The channels the thread has (what `tiene` answers without asking it). */
  canales: readonly CanalAviso[];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The terminal's shifted instants, when RELOJ_TERMINAL_INICIO is set. */
  instantes?: () => Date;
  /** The thread's program; hilo-entrada.ts (tests start one that fails). */
  archivo?: URL;
  /** The first pause before a restart (tests shorten it). */
  pausaMs?: number;
}

export class HiloAvisos implements ServicioAvisos {
  private hilo: Worker | undefined;
  private detenido = true;
  private pausa: number;
  private reinicio: NodeJS.Timeout | undefined;
  private siguienteId = 1;
  private readonly pedidos = new Map<
    number,
    { resolver: (v: number | boolean) => void; rechazar: (e: Error) => void }
  >();
  /** Starts of the thread so far (tests). */
  arranques = 0;

  constructor(private readonly o: OpcionesHiloAvisos) {
    this.pausa = o.pausaMs ?? PAUSA_REINICIO_MS;
  }

  tiene(canal: CanalAviso): boolean {
    return this.o.canales.includes(canal);
  }

  /** A start of the thread is waiting for its pause to end (tests). */
  get reinicioPendiente(): boolean {
    return this.reinicio !== undefined;
  }

  /** The running thread's id (never 0, the main thread's), if one runs. */
  get hiloId(): number | undefined {
    return this.hilo?.threadId;
  }

  arrancar(): void {
    if (!this.detenido) return;
    this.detenido = false;
    this.lanzar();
  }

  despertar(): void {
    this.enviar({ tipo: 'despertar' });
  }

  procesar(): Promise<number> {
    return this.pedir('procesar') as Promise<number>;
  }

  uno(): Promise<boolean> {
    return this.pedir('uno') as Promise<boolean>;
  }

  /** Stops the thread: its deliveries under way recorded, its channels and pool closed. */
  async detener(): Promise<void> {
    this.detenido = true;
    clearTimeout(this.reinicio);
    this.reinicio = undefined;
    const hilo = this.hilo;
    if (!hilo) return;
    const fin = new Promise<void>((r) => hilo.once('exit', () => r()));
    hilo.postMessage({ tipo: 'detener' } satisfies AlHilo);
    await fin;
  }

  private enviar(m: AlHilo): void {
    this.hilo?.postMessage(m);
  }

  private pedir(tipo: 'procesar' | 'uno'): Promise<number | boolean> {
    const hilo = this.hilo;
    if (!hilo) return Promise.reject(new Error('avisos: el hilo de entregas no está en marcha'));
    const id = this.siguienteId++;
    return new Promise((resolver, rechazar) => {
      this.pedidos.set(id, { resolver, rechazar });
      hilo.postMessage({ tipo, id } satisfies AlHilo);
    });
  }

  private lanzar(): void {
    this.reinicio = undefined;
    if (this.detenido) return;
    this.arranques++;
    const { instantes } = this.o;
    const datos: DatosHilo = {
      ...this.o.datos,
      ...(instantes ? { reloj: { terminalMs: instantes().getTime(), realMs: Date.now() } } : {}),
    };
    let hilo: Worker;
    try {
      // A JavaScript start that loads tsx in the thread, then the TypeScript entry.
      const entrada = (this.o.archivo ?? new URL('./hilo-entrada.ts', import.meta.url)).href;
      hilo = new Worker(new URL('./hilo-arranque.mjs', import.meta.url), {
        workerData: { ...datos, entrada },
        // Not the process's flags: `--import tsx` does not reach a thread's entry (see
        // hilo-arranque.mjs) and a CPU profile is the main thread's.
        execArgv: [],
      });
    } catch (e) {
      this.o.log.error({ err: e }, 'avisos: no se pudo iniciar el hilo de entregas');
      this.programarReinicio();
      return;
    }
    this.hilo = hilo;
    const id = hilo.threadId;
    hilo.on('message', (m: DelHilo) => this.recibir(m, hilo));
    hilo.on('error', (e) => {
      this.o.log.error({ err: e, hilo: id }, 'avisos: el hilo de entregas falló');
    });
    hilo.on('exit', (codigo) => {
      if (this.hilo === hilo) this.hilo = undefined;
      for (const p of this.pedidos.values()) {
        p.rechazar(new Error('avisos: el hilo de entregas terminó'));
      }
      this.pedidos.clear();
      if (this.detenido) return;
      this.o.log.error(
        { hilo: id, codigo, reinicioMs: this.pausa },
        'avisos: el hilo de entregas terminó; se inicia otro tras una pausa',
      );
      this.programarReinicio();
    });
  }

  private programarReinicio(): void {
    if (this.detenido) return;
    const pausa = this.pausa;
    this.pausa = Math.min(pausa * 2, PAUSA_MAXIMA_MS);
    this.reinicio = setTimeout(() => this.lanzar(), pausa);
    this.reinicio.unref();
  }

  private recibir(m: DelHilo, hilo: Worker): void {
    switch (m.tipo) {
      case 'listo':
        this.pausa = this.o.pausaMs ?? PAUSA_REINICIO_MS;
        this.o.log.info(
          { hilo: m.hilo, tid: m.tid, nice: m.nice },
          'avisos: hilo de entregas en marcha',
        );
        return;
      case 'log':
        this.o.log[m.nivel]({ ...m.datos, hilo: hilo.threadId }, m.mensaje);
        return;
      case 'respuesta': {
        const p = this.pedidos.get(m.id);
        this.pedidos.delete(m.id);
        if (m.error !== undefined) p?.rechazar(new Error(m.error));
        else p?.resolver(m.valor!);
        return;
      }
      case 'detenido':
        // Everything is recorded and closed: nothing is left for the thread to do.
        void hilo.terminate();
        return;
    }
  }
}
