import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorApi } from '../../../shared/contracts/comun';
import { saludRespuesta } from '../../../shared/contracts/salud';
import { MENSAJES_API } from '../../../shared/textos';
import { baseDisponible } from './servicio';

export const saludRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['salud'],
        summary: 'El portal responde y su base de datos también',
        response: { 200: saludRespuesta, 503: errorApi },
      },
    },
    async (_request, reply) => {
      if (await baseDisponible(app.db)) return { estado: 'ok' as const };
      return reply.code(503).send({ msj: MENSAJES_API.baseNoDisponible });
    },
  );
};
