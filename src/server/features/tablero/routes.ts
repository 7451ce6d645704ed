import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { enviarJsonDe } from '../../plugins/respuestas';
import { ruta } from '../../plugins/ruta';
import * as tablero from './servicio';

/**
 * The dashboard (issue 16). Session routes, not for service tokens: the gate's machines record
 * the yard, they do not read its figures.
 */
export const tableroRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'POST /api/tablero/camiones', {
    acceso: 'sesion',
    handler: async (request, reply) =>
      enviarJsonDe(reply, await tablero.camiones(app.db, usuarioDe(request), request.body)),
  });

  ruta(app, 'POST /api/tablero/recorridos', {
    acceso: 'sesion',
    handler: async (request, reply) =>
      enviarJsonDe(reply, await tablero.recorridos(app.db, usuarioDe(request), request.body)),
  });

  ruta(app, 'POST /api/tablero/toneladas', {
    acceso: 'sesion',
    handler: async (request, reply) =>
      enviarJsonDe(reply, await tablero.toneladas(app.db, usuarioDe(request), request.body)),
  });

  ruta(app, 'POST /api/tablero/cupos', {
    acceso: 'sesion',
    handler: async (request, reply) =>
      enviarJsonDe(reply, await tablero.cupos(app.db, usuarioDe(request), request.body)),
  });

  ruta(app, 'POST /api/tablero/desvios', {
    acceso: 'sesion',
    handler: async (request, reply) =>
      enviarJsonDe(reply, await tablero.desvios(app.db, usuarioDe(request), request.body)),
  });

  ruta(app, 'POST /api/tablero/turnos', {
    acceso: 'sesion',
    handler: (request) => tablero.turnos(app.db, usuarioDe(request), request.body),
  });

  ruta(app, 'POST /api/administracion/tablero-parametros', {
    acceso: 'administrador',
    handler: (request) => tablero.guardarParametros(app.db, actorDe(request), request.body),
  });
};
