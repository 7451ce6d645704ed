/**
 * The no-show worker (issue 24, point 4): every portal process runs it, at start and every
 * CADA_MS, so a booking without its truck by its band's end plus the tolerance is 'ausente'
 * ('No se presentó') within a minute. Several processes may run a round at once: the marking is
 * one UPDATE … RETURNING (`marcarAusentes`), so each booking is marked, audited and announced
 * by exactly one of them.
 */
import type { Turno } from '../../../shared/contracts/turnos';
import type { Db } from '../../db/client';
import type { RelojTerminal } from '../../reloj-terminal';
import { marcarAusentes } from './servicio';

export const CADA_MS = 20_000;

/**
 * Runs a round now and every `cadaMs` until the returned function is called; that function
 * waits for a round in flight, so the pool can close after it.
 */
export function programarAusentes(
  db: Db,
  reloj: RelojTerminal,
  informar: (marcados: Turno[] | undefined, error?: unknown) => void,
  cadaMs = CADA_MS,
): () => Promise<void> {
  let enCurso: Promise<void> | undefined;
  const correr = () => {
    // A slow round (a busy database) is not stacked with the next one.
    enCurso ??= marcarAusentes(db, reloj)
      .then(
        (marcados) => informar(marcados),
        (e: unknown) => informar(undefined, e),
      )
      .finally(() => {
        enCurso = undefined;
      });
  };
  correr();
  const temporizador = setInterval(correr, cadaMs);
  temporizador.unref();
  return async () => {
    clearInterval(temporizador);
    await enCurso;
  };
}
