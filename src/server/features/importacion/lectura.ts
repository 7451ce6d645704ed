/**
 * Reading the file as it arrives: an xlsx (xlsx.ts: sheet by sheet, in tab order, row by row) or
 * a CSV (UTF-8 with or without BOM, `;` or `,`). Each sheet's first
 * non-empty row is its header; the rest leave as rows of cells keyed by column, with their row
 * number as the spreadsheet shows it. Nothing here holds the file whole, and nothing here
 * touches the database: a file-level mistake (a sheet of no kind, a missing column) is a 400
 * before any row is looked at.
 */
import {
  CLASES,
  CLASES_IMPORTACION,
  type Clase,
  type ColumnaImportacion,
} from '../../../shared/contracts/importacion';
import { MENSAJES_IMPORTACION as M } from '../../../shared/textos';
import { solicitudInvalida } from '../../errores';
import { COLUMNAS_MAXIMAS, ErrorCsv, LARGO_MAXIMO_CELDA, registrosCsv } from './csv';
import { hojasXlsx, XlsxIlegible } from './xlsx';

/** A row's cells by column key ('codempre', 'nombre'…); a column the file left out is absent. */
export type Celdas = Partial<Record<string, string>>;

export interface FilaArchivo {
  clase: Clase;
  /** The sheet's name as the file has it (a CSV: its file name). */
  hoja: string;
  /** The row's number in the spreadsheet (the header's is usually 1). */
  fila: number;
  celdas: Celdas;
}

/** 'Unidades  de Negocio' and 'unidades de negocio' are the same header. */
export const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();

const nombresDeHojas = () => CLASES.map((c) => `'${CLASES_IMPORTACION[c].hoja}'`).join(', ');

/** The kind a sheet's name (or a CSV's file name) stands for. */
export function claseDeNombre(nombre: string): Clase | undefined {
  const n = normalizar(nombre.replace(/\.[^.]*$/, '').replace(/-/g, ' '));
  return CLASES.find((c) => {
    const d = CLASES_IMPORTACION[c];
    return [d.hoja, ...(d.alias ?? []), d.archivoCsv.replace(/\.csv$/, '').replace(/-/g, ' ')]
      .map(normalizar)
      .includes(n);
  });
}

/** Which cell of a row holds each column, from the sheet's header. */
class Encabezado {
  private readonly posiciones: [string, number][] = [];

  constructor(
    readonly clase: Clase,
    readonly hoja: string,
    titulos: string[],
  ) {
    const columnas = CLASES_IMPORTACION[clase].columnas;
    const deTitulo = (t: string): ColumnaImportacion | undefined => {
      const n = normalizar(t);
      return columnas.find((c) => [c.titulo, ...(c.alias ?? [])].map(normalizar).includes(n));
    };
    const vistas = new Set<string>();
    titulos.forEach((titulo, i) => {
      if (!titulo.trim()) return;
      const columna = deTitulo(titulo);
      if (!columna) {
        throw solicitudInvalida(
          M.columnaDesconocida(
            hoja,
            titulo.trim(),
            columnas.map((c) => `'${c.titulo}'`).join(', '),
          ),
        );
      }
      if (vistas.has(columna.clave)) throw solicitudInvalida(M.columnaRepetida(hoja, titulo));
      vistas.add(columna.clave);
      this.posiciones.push([columna.clave, i]);
    });
    const faltante = columnas.find((c) => !c.opcional && !vistas.has(c.clave));
    if (faltante) throw solicitudInvalida(M.columnaFaltante(hoja, faltante.titulo));
  }

  celdas(valores: string[]): Celdas {
    return Object.fromEntries(this.posiciones.map(([clave, i]) => [clave, valores[i] ?? '']));
  }
}

const vacia = (valores: string[]) => valores.every((v) => v.trim() === '');

// ---------------------------------------------------------------------------------------------
// xlsx

async function* filasXlsx(bytes: AsyncIterable<Buffer>): AsyncGenerator<FilaArchivo> {
  const hojasVistas = new Map<Clase, string>();
  try {
    for await (const { nombre: hoja, filas } of hojasXlsx(bytes)) {
      let encabezado: Encabezado | undefined;
      for await (const fila of filas) {
        const valores = limitar(fila.valores, hoja, fila.numero);
        if (vacia(valores)) continue;
        if (!encabezado) {
          // A sheet is looked at only once it holds something: an empty 'Hoja1' is no mistake.
          if (!hoja.trim()) throw solicitudInvalida(M.hojaSinNombre);
          const clase = claseDeNombre(hoja);
          if (!clase) throw solicitudInvalida(M.hojaDesconocida(hoja, nombresDeHojas()));
          const otra = hojasVistas.get(clase);
          if (otra !== undefined) throw solicitudInvalida(M.hojaRepetida(hoja, otra));
          hojasVistas.set(clase, hoja);
          encabezado = new Encabezado(clase, hoja, valores);
          continue;
        }
        yield {
          clase: encabezado.clase,
          hoja: encabezado.hoja,
          fila: fila.numero,
          celdas: encabezado.celdas(valores),
        };
      }
    }
  } catch (e) {
    if (e instanceof XlsxIlegible) throw solicitudInvalida(M.xlsxIlegible);
    throw e;
  }
}

/** A row's cells within the limits a CSV has too: 50 columns, 10,000 characters a cell. */
function limitar(valores: string[], hoja: string, fila: number): string[] {
  if (valores.length > COLUMNAS_MAXIMAS && !vacia(valores.slice(COLUMNAS_MAXIMAS))) {
    throw solicitudInvalida(M.demasiadasColumnas(hoja, fila));
  }
  if (valores.some((v) => v.length > LARGO_MAXIMO_CELDA)) {
    throw solicitudInvalida(M.celdaLarga(hoja, fila));
  }
  return valores.slice(0, COLUMNAS_MAXIMAS);
}

// ---------------------------------------------------------------------------------------------
// CSV

/** UTF-8 text in chunks, without its BOM; anything else (Windows-1252…) is refused. */
async function* textoUtf8(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decodificador = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const b of bytes) yield decodificador.decode(b, { stream: true });
    yield decodificador.decode();
  } catch (e) {
    if (e instanceof TypeError) throw solicitudInvalida(M.csvNoUtf8);
    throw e;
  }
}

async function* filasCsv(bytes: AsyncIterable<Buffer>, clase: Clase, hoja: string) {
  let encabezado: Encabezado | undefined;
  try {
    for await (const { numero, campos } of registrosCsv(textoUtf8(bytes))) {
      if (vacia(campos)) continue;
      if (!encabezado) {
        encabezado = new Encabezado(clase, hoja, campos);
        continue;
      }
      yield { clase, hoja, fila: numero, celdas: encabezado.celdas(campos) } satisfies FilaArchivo;
    }
  } catch (e) {
    if (e instanceof ErrorCsv) {
      throw solicitudInvalida(
        e.motivo === 'celdaLarga'
          ? M.celdaLarga(hoja, e.registro)
          : M.demasiadasColumnas(hoja, e.registro),
      );
    }
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Either

/** The first bytes of a stream, and the whole stream again (those bytes included). */
async function mirarInicio(
  fuente: AsyncIterable<Buffer>,
  cuantos: number,
): Promise<{ inicio: Buffer; todo: AsyncIterable<Buffer> }> {
  const iterador = fuente[Symbol.asyncIterator]();
  const leidos: Buffer[] = [];
  let largo = 0;
  let terminado = false;
  while (largo < cuantos) {
    const paso = await iterador.next();
    if (paso.done) {
      terminado = true;
      break;
    }
    leidos.push(paso.value);
    largo += paso.value.length;
  }
  return {
    inicio: Buffer.concat(leidos).subarray(0, cuantos),
    todo: (async function* () {
      yield* leidos;
      if (terminado) return;
      for (;;) {
        const paso = await iterador.next();
        if (paso.done) return;
        yield paso.value;
      }
    })(),
  };
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The old binary Excel (.xls) and every OLE2 document. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

export interface PedidoLectura {
  /** The file's name: a CSV's kind may come from it ('empresas.csv'). */
  archivo: string;
  /** What a CSV holds; an xlsx names its sheets. */
  clase?: Clase;
}

/**
 * Every row of the file, sheet after sheet in the file's order, header rows and empty rows left
 * out. Told apart by their first bytes: a zip is an xlsx, anything else is read as a CSV.
 */
export async function* leerArchivo(
  fuente: AsyncIterable<Buffer>,
  pedido: PedidoLectura,
): AsyncGenerator<FilaArchivo> {
  const { inicio, todo } = await mirarInicio(fuente, 4);
  if (inicio.length === 0) throw solicitudInvalida(M.archivoVacio);
  if (inicio.equals(ZIP)) {
    yield* filasXlsx(todo);
    return;
  }
  if (inicio.equals(OLE2)) throw solicitudInvalida(M.xlsAntiguo);
  // A NUL in the first bytes: some binary file, not text.
  if (inicio.includes(0)) throw solicitudInvalida(M.formatoDesconocido);
  const clase = pedido.clase ?? claseDeNombre(pedido.archivo);
  if (!clase) {
    throw solicitudInvalida(
      M.csvSinClase(CLASES.map((c) => `'${CLASES_IMPORTACION[c].hoja}'`).join(', ')),
    );
  }
  yield* filasCsv(todo, clase, pedido.archivo);
}
