import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { MENSAJES_API } from '../../shared/textos';
import type { JsonDe } from '../db/sql';
import { ErrorHttp } from '../errores';

/**
 * Every JSON answer goes out through its contract: checked by zod (a wrong type or a missing
 * field is a 500, never a wrong answer) and with only the contract's fields (one the code adds
 * and the contract does not declare never leaves). The same as fastify-type-provider-zod's
 * serializer, but with zod's `safeParse` instead of `safeEncode`: encode, which exists for
 * codecs, skips zod's compiled fast path and cost 10 µs for a one-row answer against 0.1–0.6
 * (docs/rendimiento.md). No response contract has a codec or transform: with one, encode would
 * refuse what parse converts, and its route's test would fail.
 */
export const serializarPorContrato: FastifySerializerCompiler<
  ZodType | { properties: ZodType }
> = ({ schema, method, url }) => {
  const contrato = 'properties' in schema ? schema.properties : schema;
  return (datos) => {
    const r = contrato.safeParse(datos);
    if (!r.success) throw new ResponseSerializationError(method, url, { cause: r.error });
    return JSON.stringify(r.data);
  };
};

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
