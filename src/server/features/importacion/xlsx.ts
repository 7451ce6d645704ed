/**
 * Reading an xlsx without holding it: the upload is written to a temporary file as it arrives,
 * its zip's central directory says where each part is, and the parts are inflated and parsed
 * as streams (saxes, a SAX parser) — the workbook (sheet names, in tab order), the shared
 * strings (kept: a cell names them by index), then each sheet row by row.
 *
 * Why not a library's streaming reader: ExcelJS's (tried first) reads the zip front to back,
 * and a sheet before xl/workbook.xml crashes it, or loses parts of the zip (exceljs issue 962;
 * its own writer puts workbook.xml last). Reading through the central directory has no order to
 * depend on. Only what an import needs: stored or deflated parts, no zip64 (the upload is at
 * most LIMITE_ARCHIVO_MB), cell values as text.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { SaxesParser, type SaxesTagNS } from 'saxes';

/** The file is not an xlsx this reader can read (the caller says so in Spanish). */
export class XlsxIlegible extends Error {
  constructor(detalle: string) {
    super(detalle);
    this.name = 'XlsxIlegible';
  }
}

/** Inflated bytes a workbook may have, all parts together: past it, a zip bomb. */
const MAXIMO_DESCOMPRIMIDO = 1024 * 1024 * 1024;
/** Characters of shared strings kept at most (they are held in memory). */
const MAXIMO_CADENAS = 64 * 1024 * 1024;

interface Parte {
  metodo: number;
  comprimido: number;
  /** Where its local header starts. */
  desde: number;
}

/** The zip's parts by name, from its central directory. */
async function indice(archivo: fs.promises.FileHandle, largo: number): Promise<Map<string, Parte>> {
  // The end of central directory record: 22 bytes and a comment of up to 64 kB, at the end.
  const cola = Math.min(largo, 22 + 0xffff);
  const fin = Buffer.alloc(cola);
  await archivo.read(fin, 0, cola, largo - cola);
  const eocd = fin.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new XlsxIlegible('sin directorio central');
  const entradas = fin.readUInt16LE(eocd + 10);
  const tamano = fin.readUInt32LE(eocd + 12);
  const inicio = fin.readUInt32LE(eocd + 16);
  if (inicio === 0xffffffff || inicio + tamano > largo) throw new XlsxIlegible('zip64 o roto');
  const directorio = Buffer.alloc(tamano);
  await archivo.read(directorio, 0, tamano, inicio);
  const partes = new Map<string, Parte>();
  let p = 0;
  for (let i = 0; i < entradas; i++) {
    if (directorio.readUInt32LE(p) !== 0x02014b50) throw new XlsxIlegible('directorio roto');
    const banderas = directorio.readUInt16LE(p + 8);
    const metodo = directorio.readUInt16LE(p + 10);
    const comprimido = directorio.readUInt32LE(p + 20);
    const largoNombre = directorio.readUInt16LE(p + 28);
    const largoExtra = directorio.readUInt16LE(p + 30);
    const largoComentario = directorio.readUInt16LE(p + 32);
    const desde = directorio.readUInt32LE(p + 42);
    const nombre = directorio.toString('utf8', p + 46, p + 46 + largoNombre);
    if (banderas & 1) throw new XlsxIlegible('cifrado');
    partes.set(nombre.replace(/^\/+/, ''), { metodo, comprimido, desde });
    p += 46 + largoNombre + largoExtra + largoComentario;
  }
  return partes;
}

/** A part's bytes, inflated, as a stream of text chunks (XML is UTF-8 here). */
async function* textoDeParte(
  rutaArchivo: string,
  archivo: fs.promises.FileHandle,
  parte: Parte,
  contar: (bytes: number) => void,
): AsyncGenerator<string> {
  const cabecera = Buffer.alloc(30);
  await archivo.read(cabecera, 0, 30, parte.desde);
  if (cabecera.readUInt32LE(0) !== 0x04034b50) throw new XlsxIlegible('cabecera local rota');
  const datos = parte.desde + 30 + cabecera.readUInt16LE(26) + cabecera.readUInt16LE(28);
  if (parte.metodo !== 0 && parte.metodo !== 8) throw new XlsxIlegible('compresión desconocida');
  if (parte.comprimido === 0) return;
  const crudo = fs.createReadStream(rutaArchivo, {
    start: datos,
    end: datos + parte.comprimido - 1,
  });
  const bytes = parte.metodo === 8 ? crudo.pipe(zlib.createInflateRaw()) : crudo;
  const decodificador = new TextDecoder('utf-8');
  try {
    for await (const trozo of bytes as AsyncIterable<Buffer>) {
      contar(trozo.length);
      yield decodificador.decode(trozo, { stream: true });
    }
  } catch (e) {
    if (e instanceof XlsxIlegible) throw e;
    throw new XlsxIlegible('datos comprimidos rotos');
  }
  yield decodificador.decode();
}

/**
 * Parses a part with saxes, handing each element to `abrir`/`cerrar` and text to `texto`, and
 * yields what they queued after each chunk: memory holds one chunk's worth of results.
 */
async function* recorrer<T>(
  texto: AsyncIterable<string>,
  manejar: (p: SaxesParser<{ xmlns: true }>, cola: T[]) => void,
): AsyncGenerator<T> {
  const parser = new SaxesParser({ xmlns: true });
  const cola: T[] = [];
  let error: Error | undefined;
  parser.on('error', (e) => {
    error ??= e;
  });
  manejar(parser, cola);
  for await (const trozo of texto) {
    parser.write(trozo);
    if (error) throw new XlsxIlegible(`XML: ${error.message}`);
    yield* cola.splice(0);
  }
  parser.close();
  if (error) throw new XlsxIlegible(`XML: ${error.message}`);
  yield* cola.splice(0);
}

/** An attribute by local name (whatever its prefix: `r:id`, `relationships:id`). */
const atributo = (tag: SaxesTagNS, local: string): string | undefined =>
  Object.values(tag.attributes).find((a) => a.local === local)?.value;

/** 'xl/worksheets/sheet1.xml' from a relationship's target and the folder of its source. */
function resolver(carpeta: string, destino: string): string {
  if (destino.startsWith('/')) return destino.slice(1);
  return path.posix.normalize(path.posix.join(carpeta, destino));
}

async function relaciones(
  leer: (nombre: string) => AsyncIterable<string> | undefined,
  nombre: string,
): Promise<Map<string, { tipo: string; destino: string }>> {
  const mapa = new Map<string, { tipo: string; destino: string }>();
  const texto = leer(nombre);
  if (!texto) return mapa;
  for await (const r of recorrer<{ id: string; tipo: string; destino: string }>(texto, (p, cola) =>
    p.on('opentag', (t) => {
      if (t.local !== 'Relationship') return;
      cola.push({
        id: atributo(t, 'Id') ?? '',
        tipo: atributo(t, 'Type') ?? '',
        destino: atributo(t, 'Target') ?? '',
      });
    }),
  )) {
    mapa.set(r.id, { tipo: r.tipo, destino: r.destino });
  }
  return mapa;
}

/** One row of a sheet: its number and its cells' text by column (0 is column A). */
export interface FilaXlsx {
  numero: number;
  valores: string[];
}

export interface HojaXlsx {
  nombre: string;
  filas: AsyncIterable<FilaXlsx>;
}

/** 'C12' → 2 (column C); undefined when the reference has no letters. */
function columnaDe(referencia: string | undefined): number | undefined {
  const m = /^([A-Z]+)/.exec(referencia ?? '');
  if (!m) return undefined;
  let n = 0;
  for (const letra of m[1]!) n = n * 26 + (letra.charCodeAt(0) - 64);
  return n - 1;
}

/** A number as a person typed it: float noise gone (0.1 + 0.2 is 0.3), no exponent. */
export function textoDeNumero(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  const redondeado = Math.round(n * 1e6) / 1e6;
  return redondeado.toFixed(6).replace(/\.?0+$/, '');
}

/** A cell's value as text, by its type (`t`): shared or inline string, boolean, number. */
function valorDeCelda(tipo: string | undefined, valor: string, cadenas: string[]): string {
  switch (tipo) {
    case 's':
      return cadenas[Number(valor)] ?? '';
    case 'b':
      return valor === '1' ? 'Sí' : valor === '0' ? 'No' : valor;
    case 'inlineStr':
    case 'str':
    case 'e':
    case 'd':
      return valor;
    default: {
      const n = Number(valor);
      return valor.trim() === '' || Number.isNaN(n) ? valor : textoDeNumero(n);
    }
  }
}

function filasDeHoja(texto: AsyncIterable<string>, cadenas: string[]): AsyncIterable<FilaXlsx> {
  return recorrer<FilaXlsx>(texto, (p, cola) => {
    let fila: FilaXlsx | null = null;
    let siguienteFila = 1;
    let columna = 0;
    let tipo: string | undefined;
    let valor = '';
    /** Inside <v>, or inside the <t> of an inline string (not its phonetic <rPh>). */
    let leyendo = false;
    let enFonetica = false;
    p.on('opentag', (t) => {
      switch (t.local) {
        case 'row': {
          const r = Number(atributo(t, 'r'));
          fila = { numero: Number.isInteger(r) && r > 0 ? r : siguienteFila, valores: [] };
          siguienteFila = fila.numero + 1;
          columna = 0;
          break;
        }
        case 'c':
          columna = columnaDe(atributo(t, 'r')) ?? columna;
          tipo = atributo(t, 't');
          valor = '';
          break;
        case 'rPh':
          enFonetica = true;
          break;
        case 'v':
          leyendo = true;
          break;
        case 't':
          leyendo = !enFonetica;
          break;
      }
    });
    p.on('text', (x) => {
      if (leyendo) valor += x;
    });
    p.on('cdata', (x) => {
      if (leyendo) valor += x;
    });
    p.on('closetag', (t) => {
      switch (t.local) {
        case 'v':
        case 't':
          leyendo = false;
          break;
        case 'rPh':
          enFonetica = false;
          break;
        case 'c':
          if (fila) fila.valores[columna] = valorDeCelda(tipo, valor, cadenas);
          columna++;
          break;
        case 'row':
          if (fila) {
            fila.valores = Array.from(fila.valores, (v) => v ?? '');
            cola.push(fila);
          }
          fila = null;
          break;
      }
    });
  });
}

async function cadenasCompartidas(texto: AsyncIterable<string> | undefined): Promise<string[]> {
  const cadenas: string[] = [];
  if (!texto) return cadenas;
  let total = 0;
  for await (const cadena of recorrer<string>(texto, (p, cola) => {
    let actual = '';
    let leyendo = false;
    let enFonetica = false;
    p.on('opentag', (t) => {
      if (t.local === 'si') actual = '';
      else if (t.local === 'rPh') enFonetica = true;
      else if (t.local === 't') leyendo = !enFonetica;
    });
    p.on('text', (x) => {
      if (leyendo) actual += x;
    });
    p.on('cdata', (x) => {
      if (leyendo) actual += x;
    });
    p.on('closetag', (t) => {
      if (t.local === 't') leyendo = false;
      else if (t.local === 'rPh') enFonetica = false;
      else if (t.local === 'si') cola.push(actual);
    });
  })) {
    total += cadena.length;
    if (total > MAXIMO_CADENAS) throw new XlsxIlegible('demasiado texto');
    cadenas.push(cadena);
  }
  return cadenas;
}

/**
 * The sheets of the xlsx `bytes`, in the workbook's tab order, each with its rows. The bytes go
 * to a temporary file first (deleted when the iteration ends, however it ends).
 */
export async function* hojasXlsx(bytes: AsyncIterable<Buffer>): AsyncGenerator<HojaXlsx> {
  const carpeta = await fsp.mkdtemp(path.join(os.tmpdir(), 'acopio-xlsx-'));
  const ruta = path.join(carpeta, 'libro.xlsx');
  let archivo: fs.promises.FileHandle | undefined;
  try {
    await pipeline(bytes, fs.createWriteStream(ruta));
    archivo = await fsp.open(ruta, 'r');
    const abierto = archivo;
    const { size } = await abierto.stat();
    const partes = await indice(abierto, size);
    let descomprimido = 0;
    const contar = (n: number) => {
      descomprimido += n;
      if (descomprimido > MAXIMO_DESCOMPRIMIDO) throw new XlsxIlegible('descomprimido excesivo');
    };
    const leer = (nombre: string) => {
      const parte = partes.get(nombre);
      return parte && textoDeParte(ruta, abierto, parte, contar);
    };

    const raiz = await relaciones(leer, '_rels/.rels');
    const libro =
      [...raiz.values()].find((r) => r.tipo.endsWith('/officeDocument'))?.destino ??
      'xl/workbook.xml';
    const rutaLibro = resolver('', libro);
    const carpetaLibro = path.posix.dirname(rutaLibro);
    const delLibro = await relaciones(
      leer,
      path.posix.join(carpetaLibro, '_rels', `${path.posix.basename(rutaLibro)}.rels`),
    );
    const textoLibro = leer(rutaLibro);
    if (!textoLibro) throw new XlsxIlegible('sin libro');
    const hojas: { nombre: string; parte: string }[] = [];
    for await (const h of recorrer<{ nombre: string; id: string }>(textoLibro, (p, cola) =>
      p.on('opentag', (t) => {
        if (t.local === 'sheet') {
          cola.push({ nombre: atributo(t, 'name') ?? '', id: atributo(t, 'id') ?? '' });
        }
      }),
    )) {
      const destino = delLibro.get(h.id)?.destino;
      if (destino) hojas.push({ nombre: h.nombre, parte: resolver(carpetaLibro, destino) });
    }
    const cadenasRel = [...delLibro.values()].find((r) => r.tipo.endsWith('/sharedStrings'));
    const cadenas = await cadenasCompartidas(
      leer(
        cadenasRel
          ? resolver(carpetaLibro, cadenasRel.destino)
          : path.posix.join(carpetaLibro, 'sharedStrings.xml'),
      ),
    );
    for (const h of hojas) {
      const texto = leer(h.parte);
      if (!texto) throw new XlsxIlegible(`falta ${h.parte}`);
      yield { nombre: h.nombre, filas: filasDeHoja(texto, cadenas) };
    }
  } finally {
    await archivo?.close();
    await fsp.rm(carpeta, { recursive: true, force: true });
  }
}
