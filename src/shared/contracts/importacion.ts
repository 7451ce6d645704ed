/**
 * Importing what a terminal already has from a spreadsheet (issue 21): client companies with
 * their units, users (without cards), products, the products each client handles per unit,
 * containers and opening stock balances. One xlsx with a sheet per kind, or one CSV per kind.
 *
 * The file goes up as it is (`application/octet-stream`), read as a stream on the server; the
 * answer is NDJSON: progress lines, then the result (or an error) as the last line. A review
 * ('revisar') runs the whole import and undoes it; applying ('aplicar') keeps it only when no row
 * is refused. The kinds, their sheets and columns are plain data in src/shared/importacion.ts
 * (the browser lists them without zod), re-exported here.
 */
import { z } from 'zod';
import { CLASES, ESTADOS_FILA, TIPO_NDJSON, TIPO_XLSX } from '../importacion';
import type { RespuestaArchivo } from './comun';
import { texto } from './comun';

export * from '../importacion';

// ---------------------------------------------------------------------------------------------
// The request: the file as the body, its name and (for a CSV) its kind in the query string

export const clase = z.enum(CLASES);

export const importacionConsulta = z.strictObject({
  /** The file's name, for the audit and the answer. */
  archivo: texto(200).min(1),
  /** What a CSV holds (an xlsx says it with its sheets' names); default: from the file name. */
  clase: clase.optional(),
});
export type ImportacionConsulta = z.input<typeof importacionConsulta>;

export const plantillaCsvParams = z.strictObject({ clase });

// ---------------------------------------------------------------------------------------------
// The answer

export const conteoClase = z.object({
  clase,
  /** The sheet (or CSV) it came from. */
  hoja: z.string(),
  creadas: z.number().int(),
  cambiadas: z.number().int(),
  sinCambios: z.number().int(),
  rechazadas: z.number().int(),
});
export type ConteoClase = z.infer<typeof conteoClase>;

/** A row that changes something or is refused: where it is and why. */
export const filaInformada = z.object({
  clase,
  hoja: z.string(),
  /** Its row number as the spreadsheet shows it (the header is row 1). */
  fila: z.number().int(),
  estado: z.enum(ESTADOS_FILA).extract(['cambiada', 'rechazada']),
  /** What the row is about: 'empresa 101', 'usuario juan'. */
  clave: z.string(),
  /** What changes, or why it is refused. */
  detalle: z.string(),
});
export type FilaInformada = z.infer<typeof filaInformada>;

export const resultadoImportacion = z.object({
  archivo: z.string(),
  /** True only when the import was applied and kept: no row was refused. */
  aplicada: z.boolean(),
  conteos: z.array(conteoClase),
  /** Refused rows first, then changed ones, each in file order (up to MAXIMO_FILAS_LISTADAS). */
  filas: z.array(filaInformada),
  /** Rows refused or changed beyond the listed ones. */
  filasNoListadas: z.number().int(),
});
export type ResultadoImportacion = z.infer<typeof resultadoImportacion>;

/**
 * One line of the answer: rows read so far (and bytes of the file), rows checked against the
 * database out of the total, then the result, or an error (`msj`, as every API error, and the
 * status it would have had) when something failed after the answer began.
 */
export const lineaImportacion = z.union([
  z.object({ leidas: z.number().int(), bytes: z.number().int() }),
  z.object({ procesadas: z.number().int(), total: z.number().int() }),
  z.object({ resultado: resultadoImportacion }),
  z.object({ msj: z.string(), status: z.number().int() }),
]);
export type LineaImportacion = z.infer<typeof lineaImportacion>;

export const flujoImportacion = {
  description:
    'Líneas JSON (NDJSON): `{ leidas, bytes }` mientras lee el archivo, `{ procesadas, total }` ' +
    'mientras revisa las filas contra la base, y al final `{ resultado }` (conteos por hoja y ' +
    'las filas rechazadas o que cambian, con su hoja, número de fila y motivo) o `{ msj, status }` ' +
    'si algo falló después de empezar la respuesta.',
  content: { [TIPO_NDJSON]: { schema: z.string() } },
} as const satisfies RespuestaArchivo;

export const plantillaXlsx = {
  description: 'La plantilla: un libro con una hoja por clase, sus columnas y una fila de ejemplo',
  content: { [TIPO_XLSX]: { schema: z.string().meta({ format: 'binary' }) } },
} as const satisfies RespuestaArchivo;

export const plantillaCsv = {
  description: 'La plantilla CSV de una clase (UTF-8 con BOM, separada por punto y coma)',
  content: { 'text/csv': { schema: z.string() } },
} as const satisfies RespuestaArchivo;

/** What the browser gets of the NDJSON answer through the route map: it is read line by line. */
export const flujoLineas = z.custom<never>();
