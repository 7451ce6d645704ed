/** Files to import, made in the tests (real xlsx and CSV), and the call as the screen makes it. */
import escribirXlsx from 'write-excel-file/node';
import type { LineaImportacion, ResultadoImportacion } from '../../../shared/contracts/importacion';
import type { App } from '../../app';

export type Celda = string | number | boolean | null;

/** An xlsx with the given sheets, each a list of rows (the first, its header). */
export function libroXlsx(hojas: Record<string, Celda[][]>): Promise<Buffer> {
  return escribirXlsx(
    Object.entries(hojas).map(([sheet, filas]) => ({
      sheet,
      data: filas.map((fila) => fila.map((value) => (value === null ? null : { value }))),
    })),
  ).toBuffer();
}

/** A CSV as Excel writes it: rows joined by CRLF, `;` by default, a BOM by default. */
export function csv(filas: string[][], { separador = ';', bom = true } = {}): Buffer {
  const texto = filas.map((f) => f.join(separador)).join('\r\n') + '\r\n';
  return Buffer.from(`${bom ? '\uFEFF' : ''}${texto}`, 'utf8');
}

export interface Importada {
  status: number;
  /** Every NDJSON line of a 200; the error's body otherwise. */
  lineas: LineaImportacion[];
  /** The last line's result, if there is one. */
  resultado?: ResultadoImportacion;
  /** The error: an answer's `{ msj }`, or a last line's. */
  msj?: string;
}

/** POSTs the file as the screen does (the bytes as they are) and reads the answer's lines. */
export async function importarArchivo(
  app: App,
  cookie: string | undefined,
  contenido: Buffer,
  {
    archivo = 'datos.xlsx',
    clase,
    aplicar = false,
  }: { archivo?: string; clase?: string; aplicar?: boolean } = {},
): Promise<Importada> {
  const consulta = new URLSearchParams({ archivo, ...(clase ? { clase } : {}) });
  const res = await app.inject({
    method: 'POST',
    url: `/api/administracion/importacion/${aplicar ? 'aplicar' : 'revisar'}?${consulta.toString()}`,
    payload: contenido,
    headers: {
      'content-type': 'application/octet-stream',
      ...(cookie ? { cookie } : {}),
    },
  });
  if (res.statusCode !== 200) {
    return { status: res.statusCode, lineas: [], msj: res.json<{ msj: string }>().msj };
  }
  const lineas = res.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LineaImportacion);
  const ultima = lineas.at(-1);
  return {
    status: res.statusCode,
    lineas,
    resultado: ultima && 'resultado' in ultima ? ultima.resultado : undefined,
    msj: ultima && 'msj' in ultima ? ultima.msj : undefined,
  };
}
