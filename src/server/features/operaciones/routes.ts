import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import { servicioDe } from '../../acceso';
import { actorDe, type Actor } from '../../db/auditoria';
import type { Tx } from '../../db/client';
import {
  operar,
  registrarBruto,
  registrarEgreso,
  registrarIngreso,
  registrarTara,
  registrarVinculo,
} from './servicio';

/** Declared once in the OpenAPI document (app.ts): the bearer token of the terminal's machines. */
export const ESQUEMA_TOKEN = 'tokenServicio';

interface Operacion<B extends z.ZodType, R extends z.ZodType> {
  ruta: string;
  summary: string;
  body: B;
  status: 200 | 201;
  respuesta: R;
  hacer: (tx: Tx, actor: Actor, cuerpo: z.output<B>) => Promise<z.output<R>>;
}

/**
 * `POST /api/operaciones/<ruta>`: only with a service token; the service runs it in a
 * transaction under the request's idempotency key (a replayed answer says so in
 * `Idempotent-Replayed: true`), audited as the token.
 */
function registrar<B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  o: Operacion<B, R>,
) {
  app.post(
    `/operaciones/${o.ruta}`,
    {
      config: { acceso: 'servicio' },
      schema: {
        tags: ['operaciones'],
        summary: o.summary,
        security: [{ [ESQUEMA_TOKEN]: [] }],
        headers: cabecerasOperacion,
        body: o.body,
        response: { [o.status]: o.respuesta, ...respuestasDeError, 422: errorApi },
      },
    },
    async (request, reply) => {
      const clave = request.headers['idempotency-key'];
      const r = await operar(
        app.db,
        {
          token: servicioDe(request),
          actor: actorDe(request),
          operacion: o.ruta,
          status: o.status,
          clave: typeof clave === 'string' ? clave : undefined,
          cuerpo: request.body as z.output<B>,
        },
        o.hacer,
      );
      if (r.repetida) reply.header('idempotent-replayed', 'true');
      // The status is the route's own (or the replayed one): the schema above serializes it.
      return (reply as FastifyReply).code(r.status).send(r.cuerpo);
    },
  );
}

export const operacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  registrar(app, {
    ruta: 'ingreso',
    summary: 'Un camión entra a playa: Playa sin orden, o Playa con orden si llega con su cupo',
    body: ingresoBody,
    status: 201,
    respuesta: camionOperado,
    hacer: registrarIngreso,
  });
  registrar(app, {
    ruta: 'vincular',
    summary:
      'El chofer presenta su cupo en playa: se asigna al camión, como en la pantalla Camiones',
    body: vincularBody,
    status: 200,
    respuesta: camionOperado,
    hacer: registrarVinculo,
  });
  registrar(app, {
    ruta: 'tara',
    summary:
      'Pesaje de tara: abre el ticket y el camión pasa a Operando (solo desde Playa con orden)',
    body: pesajeBody,
    status: 201,
    respuesta: camionOperado,
    hacer: registrarTara,
  });
  registrar(app, {
    ruta: 'bruto',
    summary:
      'Pesaje bruto: cierra el ticket (neto = bruto - tara), el camión pasa a Finalizado y el neto entra al stock',
    body: pesajeBody,
    status: 200,
    respuesta: brutoRespuesta,
    hacer: registrarBruto,
  });
  registrar(app, {
    ruta: 'egreso',
    summary: 'El camión sale de playa (después del pesaje bruto)',
    body: egresoBody,
    status: 200,
    respuesta: camionOperado,
    hacer: registrarEgreso,
  });
};
