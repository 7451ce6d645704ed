import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  tarjetaEmitida,
  tarjetaPdfBody,
  tarjetaPdfRespuesta,
} from '../../../shared/contracts/auth';
import { respuestasDeError } from '../../../shared/contracts/comun';
import { estadoInicializacion, inicializarBody } from '../../../shared/contracts/inicializacion';
import { direccionDeIngreso } from '../../config';
import { enviarArchivo } from '../../plugins/respuestas';
import * as inicializacion from './servicio';

/**
 * The first set-up (issue 21): public, since nobody can sign in yet; the one-time code from the
 * portal's log is what lets a request through. Limited per address like the sign-in.
 */
export const inicializacionRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const tags = ['inicialización'];

  app.get(
    '/inicializacion',
    {
      config: { acceso: 'publico' },
      schema: {
        tags,
        summary: 'Si la inicialización de la terminal está pendiente (no hay administradores)',
        response: { 200: estadoInicializacion, ...respuestasDeError },
      },
    },
    () => inicializacion.estado(app.db),
  );

  app.post(
    '/inicializacion',
    {
      config: { acceso: 'publico', rateLimit },
      schema: {
        tags,
        summary:
          'Pone en marcha la terminal: con el código del registro del portal crea la empresa 0 con sus datos y el primer administrador, y muestra su tarjeta una sola vez. Después responde 409',
        body: inicializarBody,
        response: { 201: tarjetaEmitida, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const { codigo, ...pedido } = request.body;
      const tarjeta = await inicializacion.inicializar(app.db, app.config.cardSecret, pedido, {
        codigo,
        ip: request.ip,
      });
      return reply.code(201).send(tarjeta);
    },
  );

  app.post(
    '/inicializacion/tarjeta/pdf',
    {
      config: { acceso: 'publico', rateLimit },
      schema: {
        tags,
        summary:
          'La tarjeta del primer administrador, recién emitida, para imprimir (PDF): con los valores que mostró la inicialización',
        body: tarjetaPdfBody,
        response: { 200: tarjetaPdfRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const { pdf, archivo } = await inicializacion.tarjetaImprimible(
        app.db,
        app.config.cardSecret,
        request.body,
        request.ip,
        direccionDeIngreso(app.config),
      );
      return enviarArchivo(reply, { contenido: pdf, tipo: 'application/pdf', nombre: archivo });
    },
  );
};
