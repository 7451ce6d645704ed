import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MENSAJES_API } from '../../shared/textos';
import { ErrorHttp } from '../errores';

/**
 * Connection-level failures: the database is down, restarting or switching primaries, not a bug
 * of ours.
 */
const CODIGOS_BASE_CAIDA = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  // read_only_sql_transaction: during a failover a write can reach the node that was primary
  // (demoted) or the standby before it leaves recovery; a moment later the new primary takes it.
  '25006',
]);

interface ConCausa {
  code?: string;
  message?: string;
  cause?: unknown;
}

/** The error and its causes: Drizzle wraps the driver's error (and its SQLSTATE) in `cause`. */
function cadena(error: unknown): ConCausa[] {
  const lista: ConCausa[] = [];
  let actual = error as ConCausa | undefined;
  while (actual && typeof actual === 'object' && lista.length < 5) {
    lista.push(actual);
    actual = actual.cause as ConCausa | undefined;
  }
  return lista;
}

function baseCaida(errores: ConCausa[]): boolean {
  return errores.some((e) => {
    if (e.code && CODIGOS_BASE_CAIDA.has(e.code)) return true;
    const m = e.message ?? '';
    return (
      m.includes('Connection terminated') ||
      m.includes('timeout exceeded when trying to connect') ||
      m.includes('Client has encountered a connection error')
    );
  });
}

const POR_CODIGO: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MENSAJES_API.tipoContenido],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MENSAJES_API.cuerpoGrande],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MENSAJES_API.jsonInvalido],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MENSAJES_API.jsonInvalido],
  FST_ERR_RATE_LIMITED: [429, MENSAJES_API.demasiadasSolicitudes],
  // A constraint that fires means a rule the routes check was bypassed by a race or a bad body.
  '23505': [409, 'La operación choca con datos existentes'],
  '23503': [400, MENSAJES_API.datosInvalidos],
  '23514': [400, MENSAJES_API.datosInvalidos],
  '22003': [400, MENSAJES_API.datosInvalidos],
  '22P02': [400, MENSAJES_API.datosInvalidos],
  '22001': [400, MENSAJES_API.datosInvalidos],
  '22021': [400, MENSAJES_API.datosInvalidos], // invalid byte sequence (a NUL in a text)
  '22007': [400, MENSAJES_API.datosInvalidos], // invalid datetime format
  '22008': [400, MENSAJES_API.datosInvalidos], // datetime field overflow
};

const POR_STATUS: Record<number, string> = {
  400: MENSAJES_API.datosInvalidos,
  401: MENSAJES_API.sesionRequerida,
  403: MENSAJES_API.sinPermiso,
  404: MENSAJES_API.rutaInexistente,
  405: MENSAJES_API.rutaInexistente,
  413: MENSAJES_API.cuerpoGrande,
  415: MENSAJES_API.tipoContenido,
  429: MENSAJES_API.demasiadasSolicitudes,
};

/**
 * Every error leaves as `{ msj }` in Spanish with the right status; a 5xx never carries a stack
 * or a driver message (design section 8).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ErrorHttp) {
      const { msj, detalle } = error;
      return reply.code(error.statusCode).send(detalle ? { msj, detalle } : { msj });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detalle = error.validation
        .slice(0, 5)
        .flatMap((v) => {
          const campo = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
          // A field the contract does not declare is refused by name, not dropped in silence.
          if (v.keyword === 'unrecognized_keys') {
            const claves = (v.params as { keys?: string[] }).keys ?? [];
            return claves.map((k) => `${campo ? `${campo}.` : ''}${k}: campo desconocido`);
          }
          return [campo ? `${campo}: ${v.message}` : v.message];
        })
        .join('; ');
      return reply.code(400).send({ msj: `${MENSAJES_API.datosInvalidos}. ${detalle}` });
    }
    const errores = cadena(error);
    const codigo = errores.map((e) => e.code).find((c) => c !== undefined && c in POR_CODIGO);
    if (codigo) {
      const [status, msj] = POR_CODIGO[codigo]!;
      if (/^\d/.test(codigo)) request.log.warn({ err: error }, 'restricción de la base de datos');
      return reply.code(status).send({ msj });
    }
    if (baseCaida(errores)) {
      request.log.error({ err: error }, 'base de datos no disponible');
      return reply.code(503).send({ msj: MENSAJES_API.baseNoDisponible });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ msj: POR_STATUS[status] ?? MENSAJES_API.datosInvalidos });
    }
    request.log.error({ err: error }, 'error interno');
    return reply.code(500).send({ msj: MENSAJES_API.errorInterno });
  });
});
