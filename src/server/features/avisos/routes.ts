/** The outbox as the administration sees it (issue 25): Administración → Avisos. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as avisos from './servicio';

export const avisosRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'POST /api/administracion/avisos', {
    acceso: 'administrador',
    handler: (request) => avisos.listar(app.db, request.body, app.avisos.tiene('correo')),
  });

  ruta(app, 'POST /api/administracion/avisos/reenviar', {
    acceso: 'administrador',
    handler: async (request) => {
      await avisos.reenviar(app.db, actorDe(request), request.body);
      app.avisos.despertar();
      return { ok: true as const };
    },
  });
};
