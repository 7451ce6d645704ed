/**
 * Importing a spreadsheet (issue 21), for the screen and the CLI alike.
 *
 * 1. The file is read as it arrives (lectura.ts) and its rows set aside on disk (derrame.ts):
 *    memory holds a row at a time, and a file-level mistake is a 400 before any transaction.
 * 2. One transaction takes the kinds in dependency order (companies before their users…) and
 *    each kind's rows in batches through its handler (manejadores.ts), which classifies them
 *    against the database — created, changed, unchanged or refused, with the reason — and
 *    writes them. A later kind sees what an earlier one wrote: a user of a company created in
 *    the same file is fine.
 * 3. A review ends by undoing the transaction; applying keeps it only when no row was refused
 *    (a bad row anywhere → nothing written, and the answer names it), with one audit row of the
 *    file and its counts. So the review says exactly what applying would do, by the same code.
 * Rows are matched by their codes (and users by name, containers by name): importing the same
 * file twice finds every row unchanged the second time.
 */
import {
  CLASES,
  CLASES_IMPORTACION,
  LIMITE_ARCHIVO_BYTES,
  LIMITE_ARCHIVO_MB,
  MAXIMO_FILAS_LISTADAS,
  type Clase,
  type ConteoClase,
  type EstadoFila,
  type FilaInformada,
  type ResultadoImportacion,
} from '../../../shared/contracts/importacion';
import { MENSAJES_IMPORTACION as M } from '../../../shared/textos';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { ErrorHttp, solicitudInvalida } from '../../errores';
import { transaccionDeSesiones } from '../auth/cache-sesiones';
import { Derrame } from './derrame';
import { leerArchivo, type Celdas, type PedidoLectura } from './lectura';
import { MANEJADORES, type ContextoManejador, type Manejador } from './manejadores';
import { bloquearImportaciones, unidadesDeNegocio } from './repository';
import { leerFila, Rechazo, Unidades, type Filas } from './rules';

export { plantillaCsv, plantillaXlsx } from './plantilla';

export interface PedidoImportacion extends PedidoLectura {
  /** false: a review, undone at the end; true: applied, if no row is refused. */
  aplicar: boolean;
}

/** Rows read so far (and bytes of the file), then rows checked out of the total. */
export type Progreso = { leidas: number; bytes: number } | { procesadas: number; total: number };

/** Rows per batch: a few statements each, whatever the size. */
const TAMANO_LOTE = 2000;
/** A progress line every so many rows read. */
const AVISO_CADA = 2000;

/** The file's bytes, counted: past the limit, a 413. */
async function* conLimite(
  fuente: AsyncIterable<Buffer>,
  limite: number,
  alLeer: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const trozo of fuente) {
    bytes += trozo.length;
    if (bytes > limite) throw new ErrorHttp(413, M.archivoGrande(LIMITE_ARCHIVO_MB));
    alLeer(bytes);
    yield trozo;
  }
}

/** The counts and the listed rows of an import, kind by kind. */
class Informe {
  private readonly conteos = new Map<Clase, ConteoClase>();
  private readonly rechazadas: FilaInformada[] = [];
  private readonly cambiadas: FilaInformada[] = [];
  private noListadas = 0;
  totalRechazadas = 0;

  empezar(clase: Clase, hoja: string) {
    this.conteos.set(clase, {
      clase,
      hoja,
      creadas: 0,
      cambiadas: 0,
      sinCambios: 0,
      rechazadas: 0,
    });
  }

  anotar(clase: Clase, fila: number, estado: EstadoFila, clave: string, detalle = '') {
    const conteo = this.conteos.get(clase)!;
    const campo = (
      {
        creada: 'creadas',
        cambiada: 'cambiadas',
        sinCambios: 'sinCambios',
        rechazada: 'rechazadas',
      } as const
    )[estado];
    conteo[campo]++;
    if (estado === 'rechazada') this.totalRechazadas++;
    if (estado !== 'rechazada' && estado !== 'cambiada') return;
    const lista = estado === 'rechazada' ? this.rechazadas : this.cambiadas;
    if (lista.length < MAXIMO_FILAS_LISTADAS) {
      lista.push({ clase, hoja: conteo.hoja, fila, estado, clave, detalle });
    } else this.noListadas++;
  }

  resultado(archivo: string, aplicada: boolean): ResultadoImportacion {
    return {
      archivo,
      aplicada,
      conteos: CLASES.flatMap((c) => this.conteos.get(c) ?? []),
      filas: [...this.rechazadas, ...this.cambiadas],
      filasNoListadas: this.noListadas,
    };
  }
}

/** What a row refused before it was read is about: its first column, as written. */
function claveCruda(clase: Clase, celdas: Celdas): string {
  const primera = CLASES_IMPORTACION[clase].columnas[0]!;
  const valor = (celdas[primera.clave] ?? '').trim();
  return `${primera.titulo.toLowerCase()} ${valor ? `'${valor.slice(0, 40)}'` : '(vacío)'}`;
}

/** One kind's rows: read, checked for repeats, classified and written in batches. */
async function importarClase<C extends Clase>(
  tx: DbOTx,
  clase: C,
  derrame: Derrame,
  c: ContextoManejador,
  informe: Informe,
  avanzar: (filas: number) => void,
): Promise<void> {
  const manejador = MANEJADORES[clase] as Manejador<C>;
  /** Each unique key seen, and the row that had it first. */
  const vistas = new Map<string, number>();
  let lote: { fila: number; datos: Filas[C] }[] = [];
  const vaciar = async () => {
    if (lote.length === 0) return;
    const veredictos = await manejador.aplicar(
      tx,
      lote.map((l) => l.datos),
      c,
    );
    lote.forEach((l, i) => {
      const v = veredictos[i]!;
      informe.anotar(clase, l.fila, v.estado, manejador.describir(l.datos, c.unidades), v.detalle);
    });
    avanzar(lote.length);
    lote = [];
  };
  for await (const { fila, celdas } of derrame.filas(clase)) {
    const leida = leerFila(clase, celdas, c.unidades);
    if (leida instanceof Rechazo) {
      informe.anotar(clase, fila, 'rechazada', claveCruda(clase, celdas), leida.motivo);
      avanzar(1);
      continue;
    }
    const claves = manejador.claves(leida);
    const anterior = claves.map((k) => vistas.get(k)).find((f) => f !== undefined);
    if (anterior !== undefined) {
      informe.anotar(
        clase,
        fila,
        'rechazada',
        manejador.describir(leida, c.unidades),
        M.repetida(anterior),
      );
      avanzar(1);
      continue;
    }
    for (const k of claves) vistas.set(k, fila);
    lote.push({ fila, datos: leida });
    if (lote.length >= TAMANO_LOTE) await vaciar();
  }
  await vaciar();
}

/** Thrown to undo a review's transaction, carrying its result out. */
class Deshacer extends Error {
  constructor(readonly resultado: ResultadoImportacion) {
    super('revisión deshecha');
  }
}

/**
 * Reviews or applies the file `fuente` (its bytes as they arrive). Progress goes to `avisar`.
 * File-level mistakes throw a 400 (a 413 past the size limit); rows' mistakes are in the result.
 */
export async function importar(
  db: Db,
  actor: Actor,
  fuente: AsyncIterable<Buffer>,
  pedido: PedidoImportacion,
  avisar: (p: Progreso) => void = () => undefined,
): Promise<ResultadoImportacion> {
  const derrame = await Derrame.crear();
  try {
    let bytes = 0;
    for await (const fila of leerArchivo(
      conLimite(fuente, LIMITE_ARCHIVO_BYTES, (b) => (bytes = b)),
      pedido,
    )) {
      await derrame.agregar(fila);
      if (derrame.total % AVISO_CADA === 0) avisar({ leidas: derrame.total, bytes });
    }
    await derrame.cerrar();
    if (derrame.total === 0) throw solicitudInvalida(M.sinFilas);
    avisar({ leidas: derrame.total, bytes });

    const total = derrame.total;
    let procesadas = 0;
    let avisadas = 0;
    const avanzar = (filas: number) => {
      procesadas += filas;
      if (procesadas - avisadas >= AVISO_CADA || procesadas === total) {
        avisadas = procesadas;
        avisar({ procesadas, total });
      }
    };
    try {
      return await transaccionDeSesiones(db, async (tx) => {
        await bloquearImportaciones(tx);
        const c: ContextoManejador = {
          actor,
          archivo: pedido.archivo,
          unidades: new Unidades(await unidadesDeNegocio(tx)),
        };
        const informe = new Informe();
        for (const clase of CLASES) {
          const hoja = derrame.hoja(clase);
          if (!hoja) continue;
          informe.empezar(clase, hoja.hoja);
          await importarClase(tx, clase, derrame, c, informe, avanzar);
        }
        const aplicada = pedido.aplicar && informe.totalRechazadas === 0;
        const resultado = informe.resultado(pedido.archivo, aplicada);
        if (!aplicada) throw new Deshacer(resultado);
        await auditar(tx, {
          ...actor,
          accion: 'importar',
          tabla: 'importacion',
          despues: {
            archivo: pedido.archivo,
            conteos: Object.fromEntries(
              resultado.conteos.map(({ clase, hoja: _h, ...n }) => [clase, n]),
            ),
          },
        });
        return resultado;
      });
    } catch (e) {
      if (e instanceof Deshacer) return e.resultado;
      throw e;
    }
  } finally {
    await derrame.borrar();
  }
}

/** The line that says how many rows were refused, naming the first (nothing was imported). */
export function motivoDeRechazo(r: ResultadoImportacion, aplicar: boolean): string {
  const rechazadas = r.conteos.reduce((s, c) => s + c.rechazadas, 0);
  const primera = r.filas.find((f) => f.estado === 'rechazada');
  const cual = primera
    ? M.enFila(primera.hoja, primera.fila, `${primera.clave}: ${primera.detalle}`)
    : '';
  return aplicar ? M.nadaImportado(rechazadas, cual) : M.revisionConRechazos(rechazadas, cual);
}
