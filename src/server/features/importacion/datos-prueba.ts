/** Files to import, made in the tests (real xlsx and CSV), and the call as the screen makes it. */
import zlib from 'node:zlib';
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

/**
 * A zip written by hand, its parts stored (not deflated) in the given order: what other writers
 * do that write-excel-file does not (the workbook last, the shared strings first).
 */
export function zipAMano(partes: [string, string][]): Buffer {
  const locales: Buffer[] = [];
  const centrales: Buffer[] = [];
  let desplazamiento = 0;
  for (const [nombre, texto] of partes) {
    const datos = Buffer.from(texto, 'utf8');
    const n = Buffer.from(nombre, 'utf8');
    const crc = zlib.crc32(datos);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(datos.length, 18);
    local.writeUInt32LE(datos.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(datos.length, 20);
    central.writeUInt32LE(datos.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(desplazamiento, 42);
    locales.push(local, n, datos);
    centrales.push(central, n);
    desplazamiento += 30 + n.length + datos.length;
  }
  const directorio = Buffer.concat(centrales);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(partes.length, 8);
  fin.writeUInt16LE(partes.length, 10);
  fin.writeUInt32LE(directorio.length, 12);
  fin.writeUInt32LE(desplazamiento, 16);
  return Buffer.concat([...locales, directorio, fin]);
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
