import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorApi, respuestasDeError } from '../../../shared/contracts/comun';
import {
  brutoRespuesta,
  cabecerasOperacion,
  camionOperado,
  egresoBody,
  ingresoBody,
  pesajeBody,
  vincularBody,
} from '../../../shared/contracts/operaciones';
import { actorDe, type Actor } from '../../db/auditoria';
import type { Tx } from '../../db/client';
import { servicioDe } from '../../plugins/session';
import { conIdempotencia } from './idempotencia';
import {
  registrarBruto,
  registrarEgreso,
  registrarIngreso,
  registrarTara,
  registrarVinculo,
} from './playa';

/** Declared once in the OpenAPI document (app.ts): the bearer token of the terminal's machines. */
export const ESQUEMA_TOKEN = 'tokenServicio';

const errores = { ...respuestasDeError, 422: errorApi };

function esquema<B extends z.ZodType, S extends number, R extends z.ZodType>(
  summary: string,
  body: B,
  status: S,
  respuesta: R,
) {
  return {
    tags: ['operaciones'],
    summary,
    security: [{ [ESQUEMA_TOKEN]: [] }],
    headers: cabecerasOperacion,
    body,
    response: { [status]: respuesta, ...errores } as Record<S, R> & typeof errores,
  };
}

/**
 * One operation: in a transaction, under the request's idempotency key, audited as the token.
 * A replayed answer says so in `Idempotent-Replayed: true`.
 */
async function operar<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  operacion: string,
  status: number,
  hacer: (tx: Tx, actor: Actor) => Promise<T>,
) {
  const token = servicioDe(request);
  const clave = request.headers['idempotency-key'];
  const r = await app.db.transaction((tx) =>
    conIdempotencia(
      tx,
      {
        clave: typeof clave === 'string' ? clave : undefined,
        tokenId: token.id,
        operacion,
        cuerpo: request.body,
      },
      status,
      () => hacer(tx, actorDe(request)),
    ),
  );
  if (r.repetida) reply.header('idempotent-replayed', 'true');
  return reply.code(r.status).send(r.cuerpo);
}

export const operacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const servicio = { acceso: 'servicio' } as const;

  app.post(
    '/operaciones/ingreso',
    {
      config: servicio,
      schema: esquema(
        'Un camión entra a playa: Playa sin orden, o Playa con orden si llega con su cupo',
        ingresoBody,
        201,
        camionOperado,
      ),
    },
    (request, reply) =>
      operar(app, request, reply, 'ingreso', 201, (tx, actor) =>
        registrarIngreso(tx, actor, request.body),
      ),
  );

  app.post(
    '/operaciones/vincular',
    {
      config: servicio,
      schema: esquema(
        'El chofer presenta su cupo en playa: se asigna al camión, como en la pantalla Camiones',
        vincularBody,
        200,
        camionOperado,
      ),
    },
    (request, reply) =>
      operar(app, request, reply, 'vincular', 200, (tx, actor) =>
        registrarVinculo(tx, actor, request.body),
      ),
  );

  app.post(
    '/operaciones/tara',
    {
      config: servicio,
      schema: esquema(
        'Pesaje de tara: abre el ticket y el camión pasa a Operando (solo desde Playa con orden)',
        pesajeBody,
        201,
        camionOperado,
      ),
    },
    (request, reply) =>
      operar(app, request, reply, 'tara', 201, (tx, actor) =>
        registrarTara(tx, actor, request.body),
      ),
  );

  app.post(
    '/operaciones/bruto',
    {
      config: servicio,
      schema: esquema(
        'Pesaje bruto: cierra el ticket (neto = bruto - tara), el camión pasa a Finalizado y el neto entra al stock',
        pesajeBody,
        200,
        brutoRespuesta,
      ),
    },
    (request, reply) =>
      operar(app, request, reply, 'bruto', 200, (tx, actor) =>
        registrarBruto(tx, actor, request.body),
      ),
  );

  app.post(
    '/operaciones/egreso',
    {
      config: servicio,
      schema: esquema(
        'El camión sale de playa (después del pesaje bruto)',
        egresoBody,
        200,
        camionOperado,
      ),
    },
    (request, reply) =>
      operar(app, request, reply, 'egreso', 200, (tx, actor) =>
        registrarEgreso(tx, actor, request.body),
      ),
  );
};
