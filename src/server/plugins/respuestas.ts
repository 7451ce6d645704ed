import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { MENSAJES_API } from '../../shared/textos';
import type { JsonDe } from '../db/sql';
import { ErrorHttp } from '../errores';

/**
 * Sends an answer that PostgreSQL already serialized by its contract (`JsonDe`, built only by
 * `comoJsonDe` from the contract's own fields): a string with a JSON content type goes out as it
 * is, not serialized twice.
 */
export function enviarJsonDe<T>(reply: FastifyReply, json: JsonDe<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Sends a document (a route whose contract is a `RespuestaArchivo`) as a download: its bytes as
 * they are, with its type and file name.
 */
export function enviarArchivo(
  reply: FastifyReply,
  archivo: { contenido: Buffer; tipo: string; nombre: string },
): FastifyReply {
  return reply
    .type(archivo.tipo)
    .header('content-disposition', `attachment; filename="${archivo.nombre}"`)
    .send(archivo.contenido);
}

/**
 * A long task's answer as NDJSON: its progress lines as they come, then `{ resultado }`. The
 * answer starts with the first progress line: what fails before it is a plain error answer
 * (`{ msj }` with its status); what fails after it, a last line `{ msj, status }` (the status is
 * already sent). Not compressed (the route says `compress: false`): a compressor would hold the
 * lines back.
 */
export function responderNdjson<P extends object, R>(
  reply: FastifyReply,
  tarea: (avisar: (progreso: P) => void) => Promise<R>,
): Promise<FastifyReply> {
  const tipo = 'application/x-ndjson; charset=utf-8';
  const linea = (x: object) => `${JSON.stringify(x)}\n`;
  const salida = new PassThrough();
  let empezada = false;
  return new Promise((resolve, reject) => {
    const avisar = (progreso: P) => {
      if (!empezada) {
        empezada = true;
        resolve(reply.type(tipo).header('x-accel-buffering', 'no').send(salida));
      }
      salida.write(linea(progreso));
    };
    tarea(avisar).then(
      (resultado) => {
        if (empezada) salida.end(linea({ resultado }));
        else resolve(reply.type(tipo).send(linea({ resultado })));
      },
      (e: Error) => {
        if (!empezada) {
          // Not started: the app's error handler answers it as any route's error.
          reject(e);
          return;
        }
        if (e instanceof ErrorHttp) {
          salida.end(linea({ msj: e.msj, status: e.statusCode }));
          return;
        }
        reply.log.error({ err: e }, 'error interno en una respuesta en curso');
        salida.end(linea({ msj: MENSAJES_API.errorInterno, status: 500 }));
      },
    );
  });
}
