/** The dashboard's days (the helpers themselves: lib/dias.ts). */
import { rangoDeUltimos } from '../../lib/dias';

/**
 * The contract's limit on listed deviations, repeated: the contract module carries zod, which the
 * browser does not load (TableroPage.test.tsx checks both agree).
 */
export const DESVIOS_MAXIMOS = 500;

/** The default range: the last 7 days, today included. */
export const rangoPorDefecto = (ahora = new Date()) => rangoDeUltimos(7, ahora);
