import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as unidades from './servicio';

/** Business units and their dispatch types (issue 21): administrators only. */
export const unidadesRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'GET /api/administracion/unidades', {
    acceso: 'administrador',
    handler: () => unidades.listar(app.db),
  });

  ruta(app, 'POST /api/administracion/unidades/crear', {
    acceso: 'administrador',
    handler: async (request, reply) =>
      reply.code(201).send(await unidades.crearUnidad(app.db, actorDe(request), request.body)),
  });

  ruta(app, 'POST /api/administracion/unidades/renombrar', {
    acceso: 'administrador',
    handler: (request) =>
      unidades.renombrarUnidad(app.db, actorDe(request), request.body.ctrl, request.body.unineg),
  });

  ruta(app, 'POST /api/administracion/unidades/activo', {
    acceso: 'administrador',
    handler: (request) =>
      unidades.cambiarActivoUnidad(
        app.db,
        actorDe(request),
        request.body.ctrl,
        request.body.activo,
      ),
  });

  ruta(app, 'POST /api/administracion/unidades/eliminar', {
    acceso: 'administrador',
    handler: async (request) => {
      await unidades.eliminarUnidad(app.db, actorDe(request), request.body.ctrl);
      return { ok: true as const };
    },
  });

  ruta(app, 'POST /api/administracion/despachos/crear', {
    acceso: 'administrador',
    handler: async (request, reply) =>
      reply.code(201).send(await unidades.crearDespacho(app.db, actorDe(request), request.body)),
  });

  ruta(app, 'POST /api/administracion/despachos/renombrar', {
    acceso: 'administrador',
    handler: (request) =>
      unidades.renombrarDespacho(
        app.db,
        actorDe(request),
        request.body.coddespacho,
        request.body.nomdespacho,
      ),
  });

  ruta(app, 'POST /api/administracion/despachos/activo', {
    acceso: 'administrador',
    handler: (request) =>
      unidades.cambiarActivoDespacho(
        app.db,
        actorDe(request),
        request.body.coddespacho,
        request.body.activo,
      ),
  });

  ruta(app, 'POST /api/administracion/despachos/eliminar', {
    acceso: 'administrador',
    handler: async (request) => {
      await unidades.eliminarDespacho(app.db, actorDe(request), request.body.coddespacho);
      return { ok: true as const };
    },
  });
};
