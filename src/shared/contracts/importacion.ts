/**
 * Importing what a terminal already has from a spreadsheet (issue 21): client companies with
 * their units, users (without cards), products, the products each client handles per unit,
 * containers and opening stock balances. One xlsx with a sheet per kind, or one CSV per kind.
 *
 * The file goes up as it is (`application/octet-stream`), read as a stream on the server; the
 * answer is NDJSON: progress lines, then the result (or an error) as the last line. A review
 * ('revisar') runs the whole import and undoes it; applying ('aplicar') keeps it only when no row
 * is refused. The kinds, their sheets and columns are defined here once: the server reads by
 * them, the template is written from them, the screen and README list them.
 */
import { z } from 'zod';
import type { RespuestaArchivo } from './administracion';
import { texto } from './comun';

/** The kinds of rows, in dependency order: each may refer to those before it. */
export const CLASES = [
  'empresas',
  'usuarios',
  'productos',
  'productosClientes',
  'envases',
  'saldos',
] as const;
export type Clase = (typeof CLASES)[number];

export interface ColumnaImportacion {
  /** The column's key in the server's row. */
  clave: string;
  /** Its header in the template (Spanish, as a person writes it). */
  titulo: string;
  /** Other headers taken as this column (compared without case, accents or extra spaces). */
  alias?: readonly string[];
  /** The template's example row. */
  ejemplo: string | number;
  /** What it takes, for the screen and README. */
  ayuda: string;
  /** A column the file may leave out (its default is in `ayuda`). */
  opcional?: boolean;
}

export interface DefinicionClase {
  /** The sheet's name in the xlsx (also taken without case or accents). */
  hoja: string;
  /** Other sheet names taken as this kind. */
  alias?: readonly string[];
  /** The CSV template's file name. */
  archivoCsv: string;
  columnas: readonly ColumnaImportacion[];
}

const UNIDADES_EJEMPLO = 'Granos';

export const CLASES_IMPORTACION: Record<Clase, DefinicionClase> = {
  empresas: {
    hoja: 'Empresas',
    alias: ['Clientes', 'Empresas cliente'],
    archivoCsv: 'empresas.csv',
    columnas: [
      {
        clave: 'codempre',
        titulo: 'Código',
        alias: ['codempre', 'Código de empresa', 'Empresa'],
        ejemplo: 101,
        ayuda: 'entero mayor que 0 (0 es la terminal)',
      },
      {
        clave: 'nombre',
        titulo: 'Nombre',
        alias: ['nomempre', 'Razón social'],
        ejemplo: 'Cerealera del Sur S.A.',
        ayuda: 'razón social, hasta 100 caracteres',
      },
      {
        clave: 'unidades',
        titulo: 'Unidades de negocio',
        alias: ['Unidades', 'unineg'],
        ejemplo: UNIDADES_EJEMPLO,
        ayuda: 'nombres de unidades existentes, separados por comas (vacío: ninguna)',
      },
    ],
  },
  usuarios: {
    hoja: 'Usuarios',
    archivoCsv: 'usuarios.csv',
    columnas: [
      {
        clave: 'usuario',
        titulo: 'Usuario',
        alias: ['Nombre de usuario'],
        ejemplo: 'cerealera.sur',
        ayuda: '3 a 50 letras minúsculas, números, punto, guion o guion bajo',
      },
      {
        clave: 'codempre',
        titulo: 'Empresa',
        alias: ['codempre', 'Código de empresa'],
        ejemplo: 101,
        ayuda: 'código de una empresa cliente',
      },
      {
        clave: 'unidades',
        titulo: 'Unidades de negocio',
        alias: ['Unidades', 'unineg'],
        ejemplo: UNIDADES_EJEMPLO,
        ayuda: 'unidades de su empresa, separadas por comas',
      },
    ],
  },
  productos: {
    hoja: 'Productos',
    archivoCsv: 'productos.csv',
    columnas: [
      {
        clave: 'codpro',
        titulo: 'Código',
        alias: ['codpro', 'Código de producto', 'Producto'],
        ejemplo: 901,
        ayuda: 'entero mayor que 0',
      },
      {
        clave: 'nombre',
        titulo: 'Nombre',
        alias: ['nompro'],
        ejemplo: 'Girasol alto oleico',
        ayuda: 'hasta 60 caracteres, único',
      },
      {
        clave: 'activo',
        titulo: 'Activo',
        ejemplo: 'Sí',
        ayuda: 'Sí o No (vacío: Sí)',
        opcional: true,
      },
    ],
  },
  productosClientes: {
    hoja: 'Productos por cliente',
    alias: ['Productos de clientes', 'Productos clientes'],
    archivoCsv: 'productos-por-cliente.csv',
    columnas: [
      {
        clave: 'codempre',
        titulo: 'Empresa',
        alias: ['codempre', 'Código de empresa'],
        ejemplo: 101,
        ayuda: 'código de una empresa cliente',
      },
      {
        clave: 'unidad',
        titulo: 'Unidad de negocio',
        alias: ['Unidad', 'unineg'],
        ejemplo: UNIDADES_EJEMPLO,
        ayuda: 'nombre de una unidad en que trabaja la empresa',
      },
      {
        clave: 'codpro',
        titulo: 'Producto',
        alias: ['codpro', 'Código de producto'],
        ejemplo: 901,
        ayuda: 'código de un producto',
      },
    ],
  },
  envases: {
    hoja: 'Envases',
    archivoCsv: 'envases.csv',
    columnas: [
      {
        clave: 'codempre',
        titulo: 'Empresa',
        alias: ['codempre', 'Código de empresa'],
        ejemplo: 101,
        ayuda: 'código de una empresa cliente',
      },
      {
        clave: 'nombre',
        titulo: 'Nombre',
        alias: ['Envase'],
        ejemplo: 'Bolsa 50 kg',
        ayuda: 'hasta 60 caracteres, único por empresa',
      },
      {
        clave: 'peso',
        titulo: 'Peso (kg)',
        alias: ['Peso', 'Kilos', 'Peso kg'],
        ejemplo: 50,
        ayuda: 'kilos que lleva un envase, mayor que 0, hasta 3 decimales',
      },
    ],
  },
  saldos: {
    hoja: 'Saldos iniciales',
    alias: ['Saldos', 'Stock inicial', 'Saldos de apertura'],
    archivoCsv: 'saldos-iniciales.csv',
    columnas: [
      {
        clave: 'codempre',
        titulo: 'Empresa',
        alias: ['codempre', 'Código de empresa'],
        ejemplo: 101,
        ayuda: 'código de una empresa cliente',
      },
      {
        clave: 'unidad',
        titulo: 'Unidad de negocio',
        alias: ['Unidad', 'unineg'],
        ejemplo: UNIDADES_EJEMPLO,
        ayuda: 'nombre de una unidad en que trabaja la empresa',
      },
      {
        clave: 'codpro',
        titulo: 'Producto',
        alias: ['codpro', 'Código de producto'],
        ejemplo: 901,
        ayuda: 'código de un producto',
      },
      {
        clave: 'toneladas',
        titulo: 'Toneladas',
        alias: ['Saldo', 'Saldo inicial', 'Tn'],
        ejemplo: 1250.5,
        ayuda: '0 o más, hasta 3 decimales, con coma o punto decimal y sin separador de miles',
      },
    ],
  },
};

/** The largest file the portal takes (the route refuses more with a 413 before reading it). */
export const LIMITE_ARCHIVO_MB = 50;
export const LIMITE_ARCHIVO_BYTES = LIMITE_ARCHIVO_MB * 1024 * 1024;

/** How many changed and how many refused rows the answer lists, each (the counts are whole). */
export const MAXIMO_FILAS_LISTADAS = 1000;

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

export const ESTADOS_FILA = ['creada', 'cambiada', 'sinCambios', 'rechazada'] as const;
export type EstadoFila = (typeof ESTADOS_FILA)[number];

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
  estado: z.enum(['cambiada', 'rechazada']),
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

export const TIPO_NDJSON = 'application/x-ndjson';

export const flujoImportacion = {
  description:
    'Líneas JSON (NDJSON): `{ leidas, bytes }` mientras lee el archivo, `{ procesadas, total }` ' +
    'mientras revisa las filas contra la base, y al final `{ resultado }` (conteos por hoja y ' +
    'las filas rechazadas o que cambian, con su hoja, número de fila y motivo) o `{ msj, status }` ' +
    'si algo falló después de empezar la respuesta.',
  content: { [TIPO_NDJSON]: { schema: z.string() } },
} as const satisfies RespuestaArchivo;

export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
