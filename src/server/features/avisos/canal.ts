/**
 * A way notices travel (issue 25): the outbox's worker hands each due row of its channel to the
 * channel's `entregar`. E-mail is one (correo.ts); webhooks plug in the same way.
 */
import type { CanalAviso } from '../../../shared/contracts/avisos';
import type { Db } from '../../db/client';

/** A row of the outbox as the worker hands it to a channel. */
export interface AvisoPorEntregar {
  id: number;
  canal: CanalAviso;
  /** The receiver: a user's id ('correo'), an endpoint's id ('webhook'). */
  destino: number;
  evento: string;
  datos: unknown;
  grupo: string | null;
  /** Tries before this one. */
  intentos: number;
  /** When it was enqueued (terminal's wall time, 'AAAA-MM-DDTHH:MM:SS'). */
  creado: string;
}

export interface Canal {
  nombre: CanalAviso;
  /**
   * Seconds to wait after each failed try before the next: [10, 60] means three tries at most
   * (now, 10 s after the first failure, 60 s after the second), then 'fallido'.
   */
  reintentos: readonly number[];
  /**
   * The longest one delivery can take (its timeouts), in ms; 30 s when not said. The worker's
   * lease on a row is longer than this (trabajador.ts), so a delivery still under way is never
   * taken by another worker.
   */
  duracionMaximaMs?: number;
  /**
   * At most this many deliveries of this channel at once in a process, within the worker's own
   * limit (AVISOS_CONCURRENCIA); none: only the worker's. For a channel whose work is the
   * process's CPU rather than waiting on a receiver (composing an e-mail), so that a backlog of
   * it does not fill the event loop the gate answers on.
   */
  concurrencia?: number;
  /** Closes what the channel keeps open between deliveries (pooled connections). */
  cerrar?(): Promise<void> | void;
  /**
   * Delivers the notice or throws: `ErrorDefinitivo` gives up at once (the row becomes
   * 'fallido'), any other error retries on the schedule. Runs outside any transaction: the row
   * is held by a lease, not a lock, and `db` is the pool (each read or write a short statement of
   * its own), so no connection is kept while the receiver answers.
   */
  entregar(aviso: AvisoPorEntregar, db: Db): Promise<void>;
}

/** A refusal that no retry will change (no address, the receiver is gone): fail at once. */
export class ErrorDefinitivo extends Error {}
