import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as terminal from './servicio';

/** The terminal's own data (issue 21): everyone signed in reads them, administrators change them. */
export const terminalRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'GET /api/terminal', {
    acceso: 'sesion',
    handler: () => terminal.datos(app.db),
  });

  ruta(app, 'POST /api/administracion/terminal', {
    acceso: 'administrador',
    handler: (request) => terminal.modificar(app.db, actorDe(request), request.body),
  });
};
