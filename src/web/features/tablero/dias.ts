/** The dashboard's days (the helpers themselves: lib/dias.ts). */
import { diaLocal, rangoDeUltimos } from '../../lib/dias';

/**
 * The contract's limit on listed deviations, repeated: the contract module carries zod, which the
 * browser does not load (TableroPage.test.tsx checks both agree).
 */
export const DESVIOS_MAXIMOS = 500;

/** The default range: the last 7 days, today included. */
export const rangoPorDefecto = (ahora = new Date()) => rangoDeUltimos(7, ahora);

/**
 * The quick ranges beside the dates (issue 22), each from the browser's clock at the moment it
 * is pressed (`ahora`: the tests fix it with a fake Date). Days end today, included.
 */
export const RANGOS_RAPIDOS = [
  { nombre: 'Hoy', rango: (ahora: Date) => rangoDeUltimos(1, ahora) },
  { nombre: '7 días', rango: rangoPorDefecto },
  { nombre: '30 días', rango: (ahora: Date) => rangoDeUltimos(30, ahora) },
  {
    nombre: 'Este mes',
    rango: (ahora: Date) => ({
      desde: diaLocal(new Date(ahora.getFullYear(), ahora.getMonth(), 1)),
      hasta: diaLocal(ahora),
    }),
  },
] as const;
