import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ruta } from '../../plugins/ruta';
import * as salud from './servicio';

export const saludRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. No database: a supervisor that restarts on failure must not
  // restart every process because PostgreSQL is away (that is readiness's question).
  ruta(app, 'GET /api/health', {
    acceso: 'publico',
    handler: () => ({ estado: 'ok' as const }),
  });

  ruta(app, 'GET /api/health/ready', {
    acceso: 'publico',
    handler: async (_request, reply) => {
      const r = await salud.preparacion(app.db, app.enVivo.escuchando);
      if (r.listo) return { estado: 'ok' as const };
      return reply.code(503).send({ msj: r.msj });
    },
  });
};
