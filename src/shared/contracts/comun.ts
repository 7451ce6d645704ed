import { z } from 'zod';

/**
 * Every API error: `{ msj }` in Spanish (design section 8); some add `detalle`, what a person
 * can do about it (how many tries remain, until when a lock lasts).
 */
export const errorApi = z.object({ msj: z.string(), detalle: z.string().optional() });
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
 * What free text may not hold: C0 and C1 control characters (a NUL cannot even be stored in
 * PostgreSQL), zero-width characters, and the bidirectional embeddings, overrides and isolates
 * (U+202A–202E, U+2066–2069) that can make a name or an answer read differently on the
 * administrator's screens and in the Excel exports than what it is ("Trojan Source").
 */
export const CARACTERES_NO_PERMITIDOS =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/**
 * Free text from a person: trimmed, in Unicode NFC (the same word is stored the same way however
 * it was typed), at most `max` characters, none of CARACTERES_NO_PERMITIDOS.
 */
export function texto(max: number) {
  return z
    .string()
    .trim()
    .normalize('NFC')
    .max(max)
    .refine((s) => !CARACTERES_NO_PERMITIDOS.test(s), {
      message: 'contiene caracteres no permitidos',
    });
}
export const codempre = entero(0);

/**
 * The body of a POST that takes none: `{}` (the client always sends one, design section 3).
 * Strict like every body: a field sent to it is refused by name, not ignored.
 */
export const sinCuerpo = z.strictObject({});

/** Wall-clock timestamp of the terminal as the API sends it: '2026-11-21T14:03:22'. */
export const fechaLocal = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

/**
 * A business unit as a user holds it. `inactiva` only on one that was deactivated (issue 21):
 * its data is still found, marked '(inactiva)', but nothing new is made in it.
 */
export const unidadNegocio = z.object({
  ctrl: z.number().int(),
  unineg: z.string(),
  inactiva: z.literal(true).optional(),
});
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

/** A day of the terminal's calendar, 'AAAA-MM-DD'. */
export const dia = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'debe ser un día de la forma AAAA-MM-DD');

/** A user's name as the administration writes it. */
export const nombreUsuario = texto(50).min(1);
/** A list of business units by id. */
export const listaDeUnidades = z.array(id).max(50);

/** The answer of an act that returns nothing else. */
export const hechoRespuesta = z.object({ ok: z.literal(true) });
export type Hecho = z.infer<typeof hechoRespuesta>;

/**
 * An answer that is a document, not JSON: how OpenAPI documents it (`content` by media type),
 * and how the route map tells it from a JSON answer.
 */
export interface RespuestaArchivo {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** What the browser gets of a document answer. */
export const documento = z.custom<Blob>();
