/**
 * The outbox's worker (issue 25): every portal process runs one. Each round takes the oldest due
 * notice with `FOR UPDATE SKIP LOCKED`, hands it to its channel inside that transaction, and
 * records the outcome before the lock is let go: two workers (two processes) never hold the same
 * row, so never deliver it twice. A failure is tried again on the channel's schedule (times on
 * the terminal's injected clock); after the last try the row stays 'fallido' for the
 * administrator to see and re-send. A notice of a channel this process does not have (e-mail
 * without SMTP_URL) fails at once with a reason.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MENSAJES_AVISOS as M } from '../../../shared/textos';
import type { CanalAviso } from '../../../shared/contracts/avisos';
import type { Db } from '../../db/client';
import type { RelojTerminal } from '../../reloj-terminal';
import { ErrorDefinitivo, type Canal } from './canal';
import * as repo from './repository';

export interface OpcionesTrabajador {
  /** Pause between rounds when nothing was due (ms). */
  intervaloMs?: number;
  /** Rounds at once in this process (each holds one connection while it delivers). */
  paralelo?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** At most this many characters of an error are kept on the row. */
const LARGO_ERROR = 500;

export class TrabajadorAvisos {
  private readonly canales = new Map<CanalAviso, Canal>();
  private detenido = true;
  private esperas = new Set<() => void>();
  private vueltas: Promise<void>[] = [];

  constructor(
    private readonly db: Db,
    private readonly reloj: RelojTerminal,
    canales: readonly Canal[],
    private readonly opciones: OpcionesTrabajador = {},
  ) {
    for (const c of canales) this.canales.set(c.nombre, c);
  }

  /** Adds (or replaces) a channel: webhooks plug in here. */
  registrar(canal: Canal): void {
    this.canales.set(canal.nombre, canal);
  }

  tiene(canal: CanalAviso): boolean {
    return this.canales.has(canal);
  }

  /**
   * Delivers one due notice, if any; true when there was one (delivered or not). Exposed for
   * tests and the CLI: the loop calls it too.
   */
  async uno(): Promise<boolean> {
    const ahora = this.reloj();
    return this.db.transaction(async (tx) => {
      const aviso = await repo.tomar(tx, ahora);
      if (!aviso) return false;
      const canal = this.canales.get(aviso.canal);
      if (!canal) {
        await repo.marcarFallo(tx, aviso.id, ahora, M.canalInactivo(aviso.canal), null);
        return true;
      }
      try {
        await canal.entregar(aviso, tx);
        await repo.marcarEnviado(tx, aviso.id, ahora);
      } catch (e) {
        const texto = (e instanceof Error ? e.message : String(e)).slice(0, LARGO_ERROR);
        const espera = e instanceof ErrorDefinitivo ? undefined : canal.reintentos[aviso.intentos];
        await repo.marcarFallo(tx, aviso.id, ahora, texto, espera ?? null);
        this.opciones.log?.warn(
          { aviso: aviso.id, canal: aviso.canal, intento: aviso.intentos + 1, err: texto },
          espera === undefined
            ? 'avisos: entrega fallida, sin más intentos'
            : 'avisos: entrega fallida',
        );
      }
      return true;
    });
  }

  /** Delivers every notice due now; answers how many it took. */
  async procesar(): Promise<number> {
    let n = 0;
    while (await this.uno()) n++;
    return n;
  }

  /** Starts the loop(s); `detener` ends them. */
  arrancar(): void {
    if (!this.detenido) return;
    this.detenido = false;
    const paralelo = this.opciones.paralelo ?? 2;
    for (let i = 0; i < paralelo; i++) this.vueltas.push(this.vuelta());
  }

  /** Wakes the loops now (a notice was just enqueued). */
  despertar(): void {
    for (const seguir of this.esperas) seguir();
  }

  /** Stops the loops, waiting for a delivery in progress to be recorded. */
  async detener(): Promise<void> {
    this.detenido = true;
    this.despertar();
    await Promise.all(this.vueltas);
    this.vueltas = [];
  }

  private async vuelta(): Promise<void> {
    while (!this.detenido) {
      let hubo = false;
      try {
        hubo = await this.uno();
      } catch (e) {
        // The database away for a moment: the next round tries again.
        this.opciones.log?.error({ err: e }, 'avisos: la ronda falló');
      }
      if (!hubo && !this.detenido) await this.esperar(this.opciones.intervaloMs ?? 1000);
    }
  }

  private esperar(ms: number): Promise<void> {
    return new Promise((resolver) => {
      const seguir = () => {
        clearTimeout(reloj);
        this.esperas.delete(seguir);
        resolver();
      };
      const reloj = setTimeout(seguir, ms);
      reloj.unref();
      this.esperas.add(seguir);
    });
  }
}
