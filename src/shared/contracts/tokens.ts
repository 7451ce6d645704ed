/** Service tokens for the terminal's machines (gate, scale), administered by the terminal. */
import { z } from 'zod';
import { dia, fechaLocal, texto } from './comun';

export const tokenAdministrado = z.object({
  nombre: z.string(),
  creado: fechaLocal,
  ultimoUso: fechaLocal.nullable(),
  /** The last day it is worth, 'AAAA-MM-DD'; null if it never expires. */
  vence: z.string().nullable(),
  revocado: fechaLocal.nullable(),
});
export type TokenAdministrado = z.infer<typeof tokenAdministrado>;
export const listaTokens = z.array(tokenAdministrado);
export const crearTokenBody = z.strictObject({ nombre: texto(60).min(1), vence: dia.optional() });
export type CrearTokenBody = z.input<typeof crearTokenBody>;
/** The token in clear: shown once, never again. */
export const tokenCreado = z.object({ nombre: z.string(), token: z.string() });
export const nombreTokenBody = z.strictObject({ nombre: texto(60).min(1) });
