/**
 * The import's kinds, their sheets and columns (issue 21): plain data, no zod, so the browser
 * can list them (the screen's template help and CSV choice) without loading the contracts. The
 * server reads files by them and writes the templates from them; README lists them.
 */

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

export const ESTADOS_FILA = ['creada', 'cambiada', 'sinCambios', 'rechazada'] as const;
export type EstadoFila = (typeof ESTADOS_FILA)[number];

export const TIPO_NDJSON = 'application/x-ndjson';
export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
