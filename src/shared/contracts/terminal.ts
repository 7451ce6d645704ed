/**
 * The terminal's own data (issue 21): its name, CUIT and address, stored once as company 0's
 * row. They go on the coordinate cards and the weighing tickets; administrators change them in
 * 'Terminal' (or `npm run cli -- terminal modificar`), and every signed-in user reads them for
 * the ticket they print.
 */
import { z } from 'zod';
import { errorDeCuit, normalizarCuit } from '../cuit';
import { texto } from './comun';

export const nombreTerminal = texto(100).min(1);
export const direccionTerminal = texto(200).min(1);

/** A CUIT as a person types it ('30712345671', '30-71234567-1'): checked, then 'XX-XXXXXXXX-X'. */
export const cuit = z
  .string()
  .trim()
  .max(20)
  .superRefine((valor, ctx) => {
    const error = errorDeCuit(valor);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform((valor) => normalizarCuit(valor)!);

/** GET /api/terminal. A database from before issue 21 may lack the CUIT and the address. */
export const datosTerminal = z.object({
  nombre: z.string(),
  cuit: z.string().nullable(),
  direccion: z.string().nullable(),
});
export type DatosTerminal = z.infer<typeof datosTerminal>;

/** The terminal's data, whole: what the set-up asks for. */
export const datosTerminalBody = z.strictObject({
  nombre: nombreTerminal,
  cuit,
  direccion: direccionTerminal,
});
export type DatosTerminalBody = z.input<typeof datosTerminalBody>;

/** POST /api/administracion/terminal: the fields to change (the others stay). */
export const modificarTerminalBody = datosTerminalBody.partial();
export type ModificarTerminalBody = z.input<typeof modificarTerminalBody>;
