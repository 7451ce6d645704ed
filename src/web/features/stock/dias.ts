/** The stock history's days (the helpers themselves: lib/dias.ts). */
import { rangoDeUltimos } from '../../lib/dias';

/** Days back the history opens with: the last 30, today included. */
export const DIAS_POR_DEFECTO = 30;

export const rangoPorDefecto = (ahora = new Date()) => rangoDeUltimos(DIAS_POR_DEFECTO, ahora);
