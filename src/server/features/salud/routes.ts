import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorApi } from '../../../shared/contracts/comun';
import { saludRespuesta } from '../../../shared/contracts/salud';
import * as salud from './servicio';

export const saludRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. No database: a supervisor that restarts on failure must not
  // restart every process because PostgreSQL is away (that is readiness's question).
  app.get(
    '/health',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['salud'],
        summary: 'El proceso del portal responde (vida; no consulta la base)',
        response: { 200: saludRespuesta },
      },
    },
    () => ({ estado: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['salud'],
        summary:
          'El proceso puede atender: base disponible, migraciones aplicadas y avisos escuchados',
        response: { 200: saludRespuesta, 503: errorApi },
      },
    },
    async (_request, reply) => {
      const r = await salud.preparacion(app.db, app.enVivo.escuchando);
      if (r.listo) return { estado: 'ok' as const };
      return reply.code(503).send({ msj: r.msj });
    },
  );
};
