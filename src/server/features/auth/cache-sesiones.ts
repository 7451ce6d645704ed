/**
 * The sessions this process has read, kept in memory so that a request does not read its session
 * from PostgreSQL each time (issue 15: that second round trip held light calls at a quarter of
 * what the same query alone does; docs/rendimiento.md).
 *
 * It is only right because every process forgets at once what changed anywhere:
 * - the database announces on `acopio_sesiones` every change a session's answer depends on
 *   (sessions closed, a user's units, active flag, company or name, a step-up; business units:
 *   '*'), by triggers (migrations 0011 and 0014), whoever makes it; the process's one listening
 *   connection (features/en-vivo/central.ts) hands the notices here;
 * - while that connection is down the cache is off (empty, nothing stored): every request reads
 *   the database, as without a cache;
 * - this process's own changes clear it right after their commit (`alterandoSesiones`), before
 *   the answer leaves, so the same client's next request never sees the old state;
 * - a read that began before a change is not stored (generation counter);
 * - expiry, idle time and step-up are kept as deadlines on this process's clock, from the
 *   database's own differences (no clock skew). Another process can only lengthen the idle
 *   time, so a session that looks idle here is read again from the database, never refused from
 *   memory; and every entry is read again after a minute whatever happens.
 *
 * The limit that remains: between the COMMIT that closes a session in another process and its
 * notice arriving here (milliseconds: the live yard's p50 is ~3 ms), this process still accepts
 * that session.
 */
import type { UsuarioSesion } from '../../acceso';
import type { Db, Tx } from '../../db/client';

/** Whatever the notices say, an entry is read again from the database after this long. */
const VIDA_MAXIMA_MS = 60_000;
/** Sessions kept at most (a terminal has hundreds of users): the oldest go first. */
const ENTRADAS_MAXIMAS = 20_000;

export interface EntradaSesion {
  usuario: Omit<UsuarioSesion, 'reautenticada'>;
  /** Until when the session is alive: its absolute expiry, and its idle limit. */
  expiraHasta: number;
  inactivaHasta: number;
  /** From when its activity must be written again (once a minute). */
  tocarDesde: number;
  /** Until when its step-up counts; 0 if none. */
  reautenticadaHasta: number;
  /** When it was read from the database. */
  leida: number;
}

export class CacheSesiones {
  private readonly entradas = new Map<string, EntradaSesion>();
  private generacion = 0;
  private activa_ = false;

  /** The listening connection is up (true) or lost (false): either way, start empty. */
  conexion(activa: boolean) {
    this.activa_ = activa;
    this.vaciar();
  }

  /** A notice of `acopio_sesiones`: a user's id, or '*' for everyone. */
  aviso(carga: string) {
    const usuarioId = Number(carga);
    if (!Number.isSafeInteger(usuarioId)) {
      this.vaciar();
      return;
    }
    this.generacion++;
    for (const [hash, e] of this.entradas) {
      if (e.usuario.id === usuarioId) this.entradas.delete(hash);
    }
  }

  vaciar() {
    this.generacion++;
    this.entradas.clear();
  }

  /** A live entry, or undefined: read the database. */
  leer(hash: string, ahora = Date.now()): EntradaSesion | undefined {
    if (!this.activa_) return undefined;
    const e = this.entradas.get(hash);
    if (!e) return undefined;
    if (ahora >= e.expiraHasta || ahora >= e.inactivaHasta || ahora - e.leida >= VIDA_MAXIMA_MS) {
      this.entradas.delete(hash);
      return undefined;
    }
    return e;
  }

  /** Call before reading the database; pass what it returned to `guardar`. */
  marca(): number {
    return this.generacion;
  }

  /** Keeps what was read, unless something changed since `marca` or the cache is off. */
  guardar(hash: string, entrada: EntradaSesion, marca: number) {
    if (!this.activa_ || marca !== this.generacion) return;
    if (this.entradas.size >= ENTRADAS_MAXIMAS) {
      const masVieja = this.entradas.keys().next().value;
      if (masVieja !== undefined) this.entradas.delete(masVieja);
    }
    this.entradas.set(hash, entrada);
  }

  /** Whether it answers at all: only while the listening connection is up. */
  get activa() {
    return this.activa_;
  }
}

/** Each app's cache, by its database (tests run several apps, each on its own database). */
const caches = new WeakMap<Db, CacheSesiones>();

export function registrarCache(db: Db, cache: CacheSesiones) {
  caches.set(db, cache);
}

export function cacheDe(db: Db): CacheSesiones | undefined {
  return caches.get(db);
}

/**
 * A transaction that changes sessions, users or units: when it ends, this process's cache is
 * cleared, right after the commit and before the answer is sent (other processes hear the
 * database's notice). Reads made meanwhile saw the state before the commit, which was still
 * true; their entries go too, and reads still under way are not stored (`marca`).
 */
export async function transaccionDeSesiones<T>(db: Db, cambio: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(cambio);
  } finally {
    cacheDe(db)?.vaciar();
  }
}
