/**
 * How `npm run bench` runs: at harvest scale (the default), at `BENCH_ESCALA=chica` (a quick
 * look), or as a smoke run, `npm run bench -- --humo`: every scenario and measurement once, on a
 * tiny data set, one second each, and the run fails when any of them throws or any request
 * answers an error. No figure of a smoke run means anything; it only proves that the bench still
 * runs (scripts/bench-humo.test.ts runs it in `npm test`, so a bench that rots fails CI).
 */
import type autocannon from 'autocannon';

export const HUMO = process.argv.includes('--humo');
export const CHICA = !HUMO && process.env.BENCH_ESCALA === 'chica';

/** The value for this run's scale. */
export const segunEscala = <T>(v: { cosecha: T; chica: T; humo: T }): T =>
  HUMO ? v.humo : CHICA ? v.chica : v.cosecha;

/** Seconds of a load: a smoke run loads one second, whatever the measurement asks. */
export const segundosDeCarga = (segundos: number) => (HUMO ? 1 : segundos);

/** Connections of a load: a smoke run opens a few, on a machine that runs the tests. */
export const conexionesDeCarga = (conexiones: number) =>
  HUMO ? Math.min(conexiones, 2) : conexiones;

/**
 * A smoke run fails on a load that answered no 2xx at all, or any error, timeout or non-2xx
 * answer. A measuring run reports those counts in its tables instead.
 */
export function exigirRespuestasBuenas(
  que: string,
  r: Pick<autocannon.Result, 'errors' | 'timeouts' | 'non2xx' | '2xx'>,
): void {
  if (!HUMO) return;
  if (r.errors || r.timeouts || r.non2xx || !r['2xx']) {
    throw new Error(
      `${que}: ${r['2xx']} respuestas 2xx, ${r.non2xx} no-2xx, ${r.errors} errores, ${r.timeouts} vencidas`,
    );
  }
}
