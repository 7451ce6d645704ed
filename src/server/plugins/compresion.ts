/**
 * Answers of the API above 1 kB travel compressed when they are text (JSON, CSV): brotli at
 * quality 4 (near gzip's speed with smaller output; 11, zlib's default, costs ~20× the CPU) or
 * gzip, as the client's Accept-Encoding prefers. A 5,000-truck yard is ~1.2 MB of JSON. The web
 * client's files are not here: they are compressed once at build time (spa.ts).
 *
 * One onSend hook per route that looks at the size first: a light answer, most of what the API
 * sends, costs a length check. @fastify/compress, which this replaces, added three hooks to every
 * route (one to offer `reply.compress`, one to inflate request bodies no client of the portal
 * sends compressed, and an onSend that negotiated the encoding and read three headers before
 * looking at the size): ~1.5 µs of a light call's CPU (docs/rendimiento.md). A body that comes
 * compressed is refused with 415 (security.ts), not read as if it were plain.
 *
 * Streams are never compressed: the only answer streamed (the import's progress, line by line)
 * must leave as it comes, and a compressor would hold its lines back.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers go as they are: compressing them saves fewer bytes than its headers add. */
export const UMBRAL_COMPRESION = 1024;
/** Above this, compressed on libuv's thread pool instead of blocking the event loop (~1 ms at q4). */
const MAXIMO_SINCRONICO = 64 * 1024;
const CODIFICACIONES = ['br', 'gzip'];
/** What is worth compressing: JSON and text, never a live stream nor what is compressed (PDF, xlsx). */
const COMPRIMIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream))/i;

const opcionesBrotli = (tamano: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tamano,
  },
});
const brotliAsincronico = promisify(zlib.brotliCompress);
const gzipAsincronico = promisify(zlib.gzip);

/** The bytes of `datos` compressed with `codificacion`, on the pool when they are large. */
async function comprimir(codificacion: string, datos: Buffer): Promise<Buffer> {
  const sincronico = datos.length <= MAXIMO_SINCRONICO;
  if (codificacion === 'br') {
    const opciones = opcionesBrotli(datos.length);
    return sincronico
      ? zlib.brotliCompressSync(datos, opciones)
      : brotliAsincronico(datos, opciones);
  }
  return sincronico ? zlib.gzipSync(datos) : gzipAsincronico(datos);
}

/** Adds accept-encoding to the answer's Vary: caches must keep one copy per encoding. */
function variaPorCodificacion(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}

function alEnviar(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  listo: (error: Error | null, payload?: unknown) => void,
) {
  // Strings (JSON answers) and Buffers (files); a stream or nothing goes on as it is.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    listo(null, payload);
    return;
  }
  // UTF-8 takes at most 3 bytes per UTF-16 unit: most answers are decided without counting bytes.
  const chica =
    typeof payload === 'string'
      ? payload.length * 3 < UMBRAL_COMPRESION || Buffer.byteLength(payload) < UMBRAL_COMPRESION
      : payload.length < UMBRAL_COMPRESION;
  if (
    chica ||
    reply.getHeader('content-encoding') !== undefined ||
    !COMPRIMIBLE.test(String(reply.getHeader('content-type') ?? ''))
  ) {
    listo(null, payload);
    return;
  }
  variaPorCodificacion(reply);
  const aceptadas = request.headers['accept-encoding'];
  const codificacion = aceptadas ? negotiate(aceptadas.toLowerCase(), CODIFICACIONES) : null;
  if (!codificacion) {
    listo(null, payload);
    return;
  }
  comprimir(codificacion, typeof payload === 'string' ? Buffer.from(payload) : payload).then(
    (comprimido) => {
      reply.header('content-encoding', codificacion);
      listo(null, comprimido);
    },
    (error: Error) => listo(error),
  );
}

/** Registered in the API's context before its routes: each route registered after it gets the hook. */
export const compresionPlugin = fp((api: FastifyInstance, _opciones, listo: () => void) => {
  api.addHook('onRoute', (ruta) => {
    ruta.onSend = [...[ruta.onSend ?? []].flat(), alEnviar];
  });
  listo();
});
