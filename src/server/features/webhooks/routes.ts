/** Webhooks' endpoints as the administration manages them (issue 25). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as webhooks from './servicio';

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'GET /api/administracion/webhooks', {
    acceso: 'administrador',
    handler: () => webhooks.listar(app.db),
  });

  ruta(app, 'POST /api/administracion/webhooks/crear', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const creado = await webhooks.crear(
        app.db,
        actorDe(request),
        request.body,
        app.config.webhooksPermitidos,
      );
      return reply.code(201).send(creado);
    },
  });

  ruta(app, 'POST /api/administracion/webhooks/activar', {
    acceso: 'administrador',
    handler: async (request) => {
      await webhooks.activar(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  });

  ruta(app, 'POST /api/administracion/webhooks/eliminar', {
    acceso: 'administrador',
    handler: async (request) => {
      await webhooks.eliminar(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  });

  ruta(app, 'POST /api/administracion/webhooks/entregas', {
    acceso: 'administrador',
    handler: (request) => webhooks.entregas(app.db, request.body),
  });

  ruta(app, 'POST /api/administracion/webhooks/reenviar', {
    acceso: 'administrador',
    handler: async (request) => {
      await webhooks.reenviar(app.db, actorDe(request), request.body);
      app.avisos.despertar();
      return { ok: true as const };
    },
  });
};
