/**
 * Wait thresholds per business unit (issue 15): past `aviso` minutes in 'Playa sin orden' or
 * 'Playa con orden' a truck is late ('Demorado', amber), past `limite` over the limit
 * ('Excedido', red). Administrators set them; every signed-in user reads its units' ones.
 */
import { z } from 'zod';
import { entero, fechaLocal, id } from './comun';

/** Minutes: a whole number from 1 to a month. */
export const MINUTOS_MAXIMOS = 43_200;
const minutos = entero(1, MINUTOS_MAXIMOS);

export const umbralEspera = z.object({
  unineg: z.number().int(),
  sinOrdenAviso: z.number().int(),
  sinOrdenLimite: z.number().int(),
  conOrdenAviso: z.number().int(),
  conOrdenLimite: z.number().int(),
});
export type UmbralEspera = z.infer<typeof umbralEspera>;

/** GET /api/camiones/umbrales-espera. */
export const umbralesEsperaRespuesta = z.object({
  /**
   * The terminal's clock now, as the waits' `estado_desde`: the screen counts the wait with it,
   * whatever its own clock or time zone says.
   */
  ahora: fechaLocal,
  /** The thresholds of the units the user holds (all for an administrator); a unit without any is absent. */
  umbrales: z.array(umbralEspera),
});
export type UmbralesEsperaRespuesta = z.infer<typeof umbralesEsperaRespuesta>;

/** POST /api/administracion/umbrales-espera: a unit's four thresholds, replaced. */
export const guardarUmbralEsperaBody = z.strictObject({
  unineg: id,
  sinOrdenAviso: minutos,
  sinOrdenLimite: minutos,
  conOrdenAviso: minutos,
  conOrdenLimite: minutos,
});
export type GuardarUmbralEsperaBody = z.input<typeof guardarUmbralEsperaBody>;
