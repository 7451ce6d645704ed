import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MENSAJES_API } from '../../../shared/textos';
import { ruta } from '../../plugins/ruta';
import { baseDisponible } from './servicio';

export const saludRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'GET /api/health', {
    acceso: 'publico',
    handler: async (_request, reply) => {
      if (await baseDisponible(app.db)) return { estado: 'ok' as const };
      return reply.code(503).send({ msj: MENSAJES_API.baseNoDisponible });
    },
  });
};
