import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorApi } from '../../../shared/contracts/comun';
import { MENSAJES_API } from '../../../shared/textos';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['salud'],
        summary: 'El portal responde y su base de datos también',
        response: { 200: z.object({ estado: z.literal('ok') }), 503: errorApi },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { estado: 'ok' as const };
      } catch {
        return reply.code(503).send({ msj: MENSAJES_API.baseNoDisponible });
      }
    },
  );
};
