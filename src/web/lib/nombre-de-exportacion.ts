/**
 * Names of the exported spreadsheets (issue 22, point 8): a file says what it holds, whose it is
 * and of which days, so that the person who files it need not rename it ('Tablero - Cliente 12
 * Agro SA - Granos - 2026-11-01 a 2026-11-26.xlsx'); a sheet's name fits Excel's 31 characters
 * cut at a word. The names the spec fixes (`Stock.xlsx`, the survey answers') do not come here.
 */

export interface PartesDelNombre {
  /** What the file holds: 'Tablero - Toneladas', 'Auditoría', 'Movimientos de Soja'. */
  que: string;
  /** A client company, or words for several ('Todos los clientes'). */
  cliente?: { codempre: number; nomempre: string } | string;
  /** The business unit's name. */
  unidad?: string;
  /** Further filters, as the screen says them ('usuario admin'); empty ones are left out. */
  filtros?: string[];
  /** The range of days ('2026-11-01'), either end may be open. */
  desde?: string;
  hasta?: string;
}

/** Characters no file system takes; the separators become a dash, the rest go. */
const A_GUION = /[/\\:|]/g;
const FUERA = /[*?"<>]/g;
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROLES = /[\u0000-\u001f\u007f]/g;

/** A file name can be long; this keeps it well under every file system's 255 bytes. */
const MAXIMO_ARCHIVO = 150;

/** Excel's limit for a sheet's name. */
const MAXIMO_HOJA = 31;

const espacios = (texto: string) => texto.replace(/\s+/g, ' ').trim();

/** The text cut at the last word that fits `maximo` characters with `final` after it. */
function cortarEnPalabra(texto: string, maximo: number, final = ''): string {
  if (texto.length <= maximo) return texto;
  const lugar = maximo - final.length;
  const corte = texto.lastIndexOf(' ', lugar);
  return `${(corte > 0 ? texto.slice(0, corte) : texto.slice(0, lugar)).trimEnd()}${final}`;
}

function rango(desde?: string, hasta?: string): string {
  if (desde && hasta) return desde === hasta ? desde : `${desde} a ${hasta}`;
  if (desde) return `desde ${desde}`;
  if (hasta) return `hasta ${hasta}`;
  return '';
}

/** The file's name: what, client, unit, filters and range, joined by ' - ', and '.xlsx'. */
export function nombreDeExportacion(partes: PartesDelNombre): string {
  const { que, cliente, unidad, filtros = [], desde, hasta } = partes;
  const delCliente =
    typeof cliente === 'object' ? `Cliente ${cliente.codempre} ${cliente.nomempre}` : cliente;
  const base = [que, delCliente, unidad, ...filtros, rango(desde, hasta)]
    .map((p) =>
      espacios((p ?? '').replace(CONTROLES, ' ').replace(A_GUION, '-').replace(FUERA, '')),
    )
    .filter((p) => p !== '')
    .join(' - ');
  // No leading dot (a hidden file) and no trailing dot or space (Windows drops them).
  const nombre = cortarEnPalabra(base, MAXIMO_ARCHIVO).replace(/^[.\s]+|[.\s]+$/g, '');
  return `${nombre || 'Exportacion'}.xlsx`;
}

/**
 * A sheet's name: without what Excel refuses there ([ ] : * ? / \, an apostrophe at either
 * end), and within 31 characters cut at a word with '…' ('Toneladas despachadas por…'), never
 * in the middle of one ('Toneladas despachadas por produ').
 */
export function nombreDeHoja(titulo: string): string {
  const limpio = espacios(
    titulo
      .replace(CONTROLES, ' ')
      .replace(/[/\\]/g, '-')
      .replace(/[[\]:*?]/g, ''),
  ).replace(/^'+|'+$/g, '');
  return cortarEnPalabra(limpio, MAXIMO_HOJA, '…') || 'Hoja1';
}
