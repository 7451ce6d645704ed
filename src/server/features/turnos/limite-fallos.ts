/**
 * The gate's guard against guessing turn codes: each caller (a service token, a user) may look
 * up at most `maximo` codes or plates that find no booking within a minute; past that it gets a
 * 429 until the minute ends. Check-ins that find their booking never count, so a busy gate is
 * never held back. Kept in the process (as @fastify/rate-limit's own store): with N processes a
 * caller gets at most N·maximo misses a minute, still nothing to guess 1.5·10^11 codes with.
 */
import { MENSAJES_TURNOS as M } from '../../../shared/textos';
import { ErrorHttp } from '../../errores';

export const FALLOS_POR_MINUTO = 20;
const VENTANA_MS = 60_000;

export class LimiteDeFallos {
  private readonly fallos = new Map<string, { desde: number; cuantos: number }>();

  constructor(
    private readonly maximo = FALLOS_POR_MINUTO,
    private readonly ahora: () => number = Date.now,
  ) {}

  /**
   * Runs `hacer` for `quien` unless it is past its misses (429); a 404 from it counts as a
   * miss.
   */
  async vigilar<T>(quien: string, hacer: () => Promise<T>): Promise<T> {
    const ahora = this.ahora();
    let f = this.fallos.get(quien);
    if (f !== undefined && ahora - f.desde >= VENTANA_MS) {
      this.fallos.delete(quien);
      f = undefined;
    }
    if (f !== undefined && f.cuantos >= this.maximo) throw new ErrorHttp(429, M.demasiadosCodigos);
    try {
      return await hacer();
    } catch (e) {
      if (e instanceof ErrorHttp && e.statusCode === 404) {
        const actual = this.fallos.get(quien) ?? { desde: ahora, cuantos: 0 };
        actual.cuantos++;
        this.fallos.set(quien, actual);
        this.podar(ahora);
      }
      throw e;
    }
  }

  /** Forgets windows that are over, so the map never grows with callers long gone. */
  private podar(ahora: number) {
    if (this.fallos.size < 1000) return;
    for (const [quien, f] of this.fallos)
      if (ahora - f.desde >= VENTANA_MS) this.fallos.delete(quien);
  }
}
