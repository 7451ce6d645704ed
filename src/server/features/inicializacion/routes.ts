import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { direccionDeIngreso } from '../../config';
import { enviarArchivo } from '../../plugins/respuestas';
import { ruta } from '../../plugins/ruta';
import * as inicializacion from './servicio';

/**
 * The first set-up (issue 21): public, since nobody can sign in yet; the one-time code from the
 * portal's log is what lets a request through. Limited per address like the sign-in.
 */
export const inicializacionRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  ruta(app, 'GET /api/inicializacion', {
    acceso: 'publico',
    handler: () => inicializacion.estado(app.db),
  });

  ruta(app, 'POST /api/inicializacion', {
    acceso: 'publico',
    config: { rateLimit },
    handler: async (request, reply) => {
      const { codigo, ...pedido } = request.body;
      const tarjeta = await inicializacion.inicializar(app.db, app.config.cardSecret, pedido, {
        codigo,
        ip: request.ip,
      });
      return reply.code(201).send(tarjeta);
    },
  });

  ruta(app, 'POST /api/inicializacion/tarjeta/pdf', {
    acceso: 'publico',
    config: { rateLimit },
    handler: async (request, reply) => {
      const { pdf, archivo } = await inicializacion.tarjetaImprimible(
        app.db,
        app.config.cardSecret,
        request.body,
        request.ip,
        direccionDeIngreso(app.config),
      );
      return enviarArchivo(reply, { contenido: pdf, tipo: 'application/pdf', nombre: archivo });
    },
  });
};
