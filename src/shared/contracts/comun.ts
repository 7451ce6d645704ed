import { z } from 'zod';

/** Every API error: `{ msj }` in Spanish (design section 8). */
export const errorApi = z.object({ msj: z.string() });
export type ErrorApi = z.infer<typeof errorApi>;

/**
 * An integer that a body may carry as a number or as a numeric string (values of HTML selects).
 * Stricter than z.coerce: null, '' and true are refused instead of becoming 0 or 1.
 */
export function entero(min: number, max = 2_147_483_647) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));
}

export const id = entero(1);

/**
 * Free text from a person: trimmed, at most `max` characters, no control characters (a NUL
 * cannot even be stored in PostgreSQL text).
 */
export function texto(max: number) {
  return (
    z
      .string()
      .trim()
      .max(max)
      // eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
      .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s), {
        message: 'contiene caracteres no permitidos',
      })
  );
}
export const codempre = entero(0);

/** Wall-clock timestamp of the terminal as the API sends it: '2026-11-21T14:03:22'. */
export const fechaLocal = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

export const unidadNegocio = z.object({ ctrl: z.number().int(), unineg: z.string() });
export type UnidadNegocio = z.infer<typeof unidadNegocio>;

/** Error answers every route documents. */
export const respuestasDeError = {
  400: errorApi,
  401: errorApi,
  403: errorApi,
  404: errorApi,
  409: errorApi,
  415: errorApi,
  429: errorApi,
  500: errorApi,
} as const;
