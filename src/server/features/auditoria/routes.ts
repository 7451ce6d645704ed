/** The audit trail (issue 14): administrators only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ruta } from '../../plugins/ruta';
import * as auditoria from './servicio';

export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'POST /api/administracion/auditoria', {
    acceso: 'administrador',
    handler: (request) => auditoria.pagina(app.db, request.body),
  });

  ruta(app, 'GET /api/administracion/auditoria/opciones', {
    acceso: 'administrador',
    handler: () => auditoria.opciones(app.db),
  });
};
