import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as umbrales from './servicio';

/** The wait thresholds per business unit (issue 15). */
export const umbralesRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'GET /api/camiones/umbrales-espera', {
    acceso: 'sesion',
    handler: (request) => umbrales.deUnidades(app.db, usuarioDe(request)),
  });

  ruta(app, 'POST /api/administracion/umbrales-espera', {
    acceso: 'administrador',
    handler: async (request) => {
      await umbrales.guardar(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  });
};
