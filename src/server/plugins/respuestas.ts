import type { FastifyReply } from 'fastify';
import type { JsonDe } from '../db/sql';

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
