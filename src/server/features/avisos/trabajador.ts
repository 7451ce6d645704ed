/**
 * The outbox's worker (issue 25): every portal process runs one. It takes due rows with a lease
 * (repository.ts `tomar`: one short statement, committed at once), delivers them outside any
 * transaction, several at once (AVISOS_CONCURRENCIA), and records the outcomes that end together
 * in another short statement, each only while its row still carries its take. No pool connection
 * and no row lock is kept while a receiver answers, so a slow receiver occupies one delivery
 * slot, not a connection the gate needs, and the other receivers keep getting theirs.
 *
 * Two workers (two processes) never take the same row while its lease runs; the lease is longer
 * than the slowest channel's own timeouts, so a delivery under way is never taken by another. A
 * row whose lease ran out (the process died mid-delivery) is taken again: a webhook then may
 * arrive twice with the same `webhook-id` (at-least-once, as Standard Webhooks expects). A row of
 * a group is taken only after the earlier ones of its group and receiver left the queue (in order
 * per truck or quota). A failure is tried again on the channel's schedule (times on the
 * terminal's injected clock); after the last try the row stays 'fallido' for the administrator
 * to see and re-send. A notice of a channel this process does not have (e-mail without SMTP_URL)
 * fails at once with a reason.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MENSAJES_AVISOS as M } from '../../../shared/textos';
import type { CanalAviso } from '../../../shared/contracts/avisos';
import type { Db } from '../../db/client';
import { porLotes } from '../../lotes';
import type { RelojTerminal } from '../../reloj-terminal';
import { ErrorDefinitivo, type Canal } from './canal';
import * as repo from './repository';

export interface OpcionesTrabajador {
  /** Pause between rounds when nothing was due (ms). */
  intervaloMs?: number;
  /**
   * The least time between two takes (ms): the wakes of the deliveries that end meanwhile make
   * one take, not one each.
   */
  pausaMs?: number;
  /** Deliveries at once in this process (AVISOS_CONCURRENCIA); none holds a connection. */
  concurrencia?: number;
  /** The lease on a taken row, in seconds; by default twice the slowest channel's limit. */
  plazoSegundos?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * What the app and its routes use of the outbox's worker: the in-process `TrabajadorAvisos` or
 * the thread that runs one (hilo.ts).
 */
export interface ServicioAvisos {
  tiene(canal: CanalAviso): boolean;
  /** A notice was just enqueued: look now, not at the next interval. */
  despertar(): void;
  arrancar(): void;
  /** Stops, with the deliveries under way recorded and the channels closed. */
  detener(): Promise<void>;
  /** Delivers every notice due now, one after the other (tests, by hand). */
  procesar(): Promise<number>;
  /** Delivers one due notice, if any (tests, by hand). */
  uno(): Promise<boolean>;
}

export const CONCURRENCIA_AVISOS = 64;
/**
 * At most one take every 50 ms (20 a second) while deliveries keep ending: each end wakes the
 * loop, and with a take per end the queue was polled as fast as PostgreSQL answered (the bench:
 * hundreds of statements a second on the cores the gate answers on, most bringing a row or two).
 */
export const PAUSA_ENTRE_TOMAS_MS = 50;

/**
 * Outcomes that end within this long of each other are written in one statement (and the
 * webhooks' tries in another): the deliveries of a take end together, and one write each was
 * hundreds of statements a second on the cores that answer the gate. A delivery is recorded at
 * most this much later; its lease is minutes long.
 */
export const ESPERA_ANOTAR_MS = 20;

/** At most this many characters of an error are kept on the row. */
const LARGO_ERROR = 500;
/** A channel that does not say how long a delivery may last. */
const DURACION_POR_OMISION_MS = 30_000;

export class TrabajadorAvisos implements ServicioAvisos {
  private readonly canales = new Map<CanalAviso, Canal>();
  private detenido = true;
  /** A wake that came while the loop was not waiting: the next wait ends at once. */
  private llamado = false;
  private esperas = new Set<() => void>();
  private vuelta: Promise<void> | undefined;
  /** Deliveries under way (each ends recording its outcome). */
  private readonly enCurso = new Set<Promise<void>>();
  /** Deliveries under way by channel (for the channels with a limit of their own). */
  private readonly enCursoPorCanal = new Map<CanalAviso, number>();
  /** The loop's deliveries record their outcomes together (ESPERA_ANOTAR_MS). */
  private readonly anotarJuntos = porLotes(async (resultados: repo.Resultado[]) => {
    const nuestros = await repo.anotarResultados(this.db, resultados);
    return new Map(resultados.map((r) => [r, nuestros.has(r.id)]));
  }, ESPERA_ANOTAR_MS);

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

  /** Deliveries under way in this process now (tests, metrics). */
  get entregando(): number {
    return this.enCurso.size;
  }

  /**
   * The lease, in seconds: twice the slowest channel's limit, so a delivery still under way is
   * never taken by another worker.
   */
  plazoSegundos(): number {
    if (this.opciones.plazoSegundos !== undefined) return this.opciones.plazoSegundos;
    let maximo = 0;
    for (const c of this.canales.values()) {
      maximo = Math.max(maximo, c.duracionMaximaMs ?? DURACION_POR_OMISION_MS);
    }
    return Math.ceil((2 * (maximo || DURACION_POR_OMISION_MS)) / 1000);
  }

  /**
   * Takes one due notice, if any, delivers it and records the outcome; true when there was one
   * (delivered or not). For tests and the CLI: one at a time, in order.
   */
  async uno(): Promise<boolean> {
    const [aviso] = await repo.tomar(this.db, this.reloj(), 1, this.plazoSegundos());
    if (!aviso) return false;
    await this.entregar(aviso, async (r) => (await repo.anotarResultados(this.db, [r])).has(r.id));
    return true;
  }

  /** Delivers every notice due now, one after the other; answers how many it took. */
  async procesar(): Promise<number> {
    let n = 0;
    while (await this.uno()) n++;
    return n;
  }

  /** Starts the loop; `detener` ends it. */
  arrancar(): void {
    if (!this.detenido) return;
    this.detenido = false;
    this.vuelta = this.vueltas();
  }

  /** Wakes the loop now (a notice was just enqueued, or a delivery ended). */
  despertar(): void {
    this.llamado = true;
    for (const seguir of this.esperas) seguir();
  }

  /** Stops the loop, waiting for the deliveries under way to be recorded. */
  async detener(): Promise<void> {
    this.detenido = true;
    this.despertar();
    await this.vuelta;
    this.vuelta = undefined;
    await Promise.all(this.enCurso);
    for (const c of this.canales.values()) await c.cerrar?.();
  }

  /**
   * Delivers a taken row and records the outcome with `anotar` (true: recorded; false: the row
   * is no longer this take's).
   */
  private async entregar(
    aviso: repo.AvisoTomado,
    anotar: (r: repo.Resultado) => Promise<boolean | undefined>,
  ): Promise<void> {
    const canal = this.canales.get(aviso.canal);
    let falla: { texto: string; espera: number | null } | undefined;
    if (!canal) {
      falla = { texto: M.canalInactivo(aviso.canal), espera: null };
    } else {
      try {
        await canal.entregar(aviso, this.db);
      } catch (e) {
        const texto = (e instanceof Error ? e.message : String(e)).slice(0, LARGO_ERROR);
        const espera = e instanceof ErrorDefinitivo ? undefined : canal.reintentos[aviso.intentos];
        falla = { texto, espera: espera ?? null };
        this.opciones.log?.warn(
          { aviso: aviso.id, canal: aviso.canal, intento: aviso.intentos + 1, err: texto },
          espera === undefined
            ? 'avisos: entrega fallida, sin más intentos'
            : 'avisos: entrega fallida',
        );
      }
    }
    const nuestro = await anotar({
      id: aviso.id,
      toma: aviso.toma,
      // The outcome's time: a retry counts from the end of this try.
      en: this.reloj(),
      error: falla?.texto ?? null,
      espera: falla?.espera ?? null,
    });
    if (!nuestro) {
      // The lease ran out during the delivery and another worker took the row (or an
      // administrator changed it): its outcome is the one that counts.
      this.opciones.log?.warn(
        { aviso: aviso.id, canal: aviso.canal, toma: aviso.toma },
        'avisos: la toma venció durante la entrega; el resultado no se anotó',
      );
    }
  }

  /** Starts a delivery without waiting for it; its end frees a slot and wakes the loop. */
  private lanzar(aviso: repo.AvisoTomado): void {
    const porCanal = this.enCursoPorCanal;
    porCanal.set(aviso.canal, (porCanal.get(aviso.canal) ?? 0) + 1);
    const entrega = this.entregar(aviso, this.anotarJuntos)
      .catch((e: unknown) => {
        // The outcome could not be written (the database away): the lease runs out and the
        // row is taken again.
        this.opciones.log?.error({ err: e, aviso: aviso.id }, 'avisos: no se anotó el resultado');
      })
      .finally(() => {
        porCanal.set(aviso.canal, porCanal.get(aviso.canal)! - 1);
        this.enCurso.delete(entrega);
        this.despertar();
      });
    this.enCurso.add(entrega);
  }

  /**
   * What a round may take now: the channels with a limit of their own up to their free places,
   * the others up to the worker's; empty when nothing may be taken.
   */
  private cupos(limite: number): repo.CupoDeToma[] {
    const libres = limite - this.enCurso.size;
    if (libres <= 0) return [];
    const propios = [...this.canales.values()].filter((c) => c.concurrencia !== undefined);
    const cupos: repo.CupoDeToma[] = propios.map((c) => ({
      solo: [c.nombre],
      limite: Math.min(libres, c.concurrencia! - (this.enCursoPorCanal.get(c.nombre) ?? 0)),
    }));
    // The rest, channels this process lacks too (their notices fail at once with a reason), in
    // the places left: together never more than the free places.
    const reservados = cupos.reduce((a, c) => a + Math.max(0, c.limite), 0);
    cupos.push({ excepto: propios.map((c) => c.nombre), limite: libres - reservados });
    return cupos.filter((c) => c.limite > 0);
  }

  private async vueltas(): Promise<void> {
    const limite = Math.max(1, this.opciones.concurrencia ?? CONCURRENCIA_AVISOS);
    const pausa = this.opciones.pausaMs ?? PAUSA_ENTRE_TOMAS_MS;
    let ultimaToma = -Infinity;
    while (!this.detenido) {
      const falta = ultimaToma + pausa - performance.now();
      if (falta > 0) {
        await new Promise((r) => setTimeout(r, falta).unref());
        if (this.detenido) break;
      }
      this.llamado = false;
      const cupos = this.cupos(limite);
      if (cupos.length > 0) ultimaToma = performance.now();
      // More may be due: a take that brought all it could ask for goes again at once.
      let lleno = false;
      if (cupos.length > 0) {
        try {
          const avisos = await repo.tomar(this.db, this.reloj(), cupos, this.plazoSegundos());
          for (const a of avisos) this.lanzar(a);
          lleno = cupos.some(
            (c) =>
              avisos.filter((a) =>
                c.solo ? c.solo.includes(a.canal) : !(c.excepto ?? []).includes(a.canal),
              ).length >= c.limite,
          );
        } catch (e) {
          // The database away for a moment: the next round tries again.
          this.opciones.log?.error({ err: e }, 'avisos: la ronda falló');
        }
      }
      if (this.detenido) break;
      // Every place busy (a delivery's end wakes the loop), or fewer due than free places:
      // wait for an enqueue, a delivery's end (the next of its group may be due) or the interval.
      if (cupos.length === 0 || !lleno) await this.esperar(this.opciones.intervaloMs ?? 1000);
    }
  }

  private esperar(ms: number): Promise<void> {
    if (this.llamado) {
      this.llamado = false;
      return Promise.resolve();
    }
    return new Promise((resolver) => {
      const seguir = () => {
        clearTimeout(reloj);
        this.esperas.delete(seguir);
        this.llamado = false;
        resolver();
      };
      const reloj = setTimeout(seguir, ms);
      reloj.unref();
      this.esperas.add(seguir);
    });
  }
}
