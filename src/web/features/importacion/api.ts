/**
 * The import's calls: the file goes up as it is (not JSON), and the answer is read line by line
 * with fetch's body reader (NDJSON: progress, then the result), so the screen shows a progress
 * bar while the server reads and checks a large file. Types and paths come from the route map.
 */
import type { LineaImportacion, ResultadoImportacion } from '../../../shared/contracts/importacion';
import type { Clase } from '../../../shared/importacion';
import type { RutaGet, RutaPost } from '../../../shared/contracts/rutas';
import { TEXTOS } from '../../../shared/textos';
import { ErrorApi } from '../../lib/api-client';
import { rellenar } from '../../lib/caminos';

const RUTAS = {
  revisar: '/api/administracion/importacion/revisar',
  aplicar: '/api/administracion/importacion/aplicar',
} as const satisfies Record<string, RutaPost>;

const PLANTILLA_XLSX = '/api/administracion/importacion/plantilla' satisfies RutaGet;
const PLANTILLA_CSV = '/api/administracion/importacion/plantilla/:clase' satisfies RutaGet;

export const plantillaXlsx = PLANTILLA_XLSX;
export const plantillaCsv = (clase: Clase) => rellenar(PLANTILLA_CSV, { clase });

/** Bytes of the file the server has read and rows read, or rows checked out of the total. */
export type Avance = Exclude<LineaImportacion, { resultado: unknown } | { msj: string }>;

/** The lines of an NDJSON body, as they arrive. */
async function* lineas(cuerpo: ReadableStream<Uint8Array>): AsyncGenerator<LineaImportacion> {
  const lector = cuerpo.getReader();
  const decodificador = new TextDecoder();
  let pendiente = '';
  for (;;) {
    const { value, done } = await lector.read();
    if (done) break;
    pendiente += decodificador.decode(value, { stream: true });
    const partes = pendiente.split('\n');
    pendiente = partes.pop()!;
    for (const p of partes) if (p.trim()) yield JSON.parse(p) as LineaImportacion;
  }
  pendiente += decodificador.decode();
  if (pendiente.trim()) yield JSON.parse(pendiente) as LineaImportacion;
}

/**
 * Reviews (`aplicar: false`) or applies the file; `alAvanzar` gets each progress line. Refuses
 * with an ErrorApi carrying the server's `{ msj }`, as every call of the web does.
 */
export async function importar(
  archivo: File,
  opciones: { clase?: Clase; aplicar: boolean },
  alAvanzar: (avance: Avance) => void,
): Promise<ResultadoImportacion> {
  const consulta = new URLSearchParams({
    archivo: archivo.name,
    ...(opciones.clase ? { clase: opciones.clase } : {}),
  });
  let respuesta: Response;
  try {
    respuesta = await fetch(`${RUTAS[opciones.aplicar ? 'aplicar' : 'revisar']}?${consulta}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/octet-stream', accept: 'application/x-ndjson' },
      body: archivo,
    });
  } catch {
    throw new ErrorApi(0, TEXTOS.algoSalioMal, null);
  }
  const referencia = respuesta.headers.get('x-request-id');
  if (!respuesta.ok || !respuesta.body) {
    if (respuesta.status === 401) window.location.assign('/');
    const datos: unknown = await respuesta.json().catch(() => null);
    const msj =
      datos && typeof datos === 'object' && 'msj' in datos && typeof datos.msj === 'string'
        ? datos.msj
        : TEXTOS.algoSalioMal;
    throw new ErrorApi(respuesta.status, msj, datos, referencia);
  }
  try {
    for await (const linea of lineas(respuesta.body)) {
      if ('resultado' in linea) return linea.resultado;
      if ('msj' in linea) throw new ErrorApi(linea.status, linea.msj, linea, referencia);
      alAvanzar(linea);
    }
  } catch (e) {
    if (e instanceof ErrorApi) throw e;
    throw new ErrorApi(0, TEXTOS.algoSalioMal, null, referencia);
  }
  // The answer ended without its result: the connection was cut.
  throw new ErrorApi(0, TEXTOS.algoSalioMal, null, referencia);
}
