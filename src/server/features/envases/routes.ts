/**
 * Containers per client (issue 21): the order form's spec route, for any signed-in user, and
 * their administration, for administrators. The CLI's `envases …` calls the same services.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as envases from './servicio';

export const envasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  ruta(app, 'POST /api/envases/envases-clientes', {
    acceso: 'sesion',
    handler: (request) => envases.ofrecidos(db, usuarioDe(request), request.body.cliente),
  });

  ruta(app, 'POST /api/administracion/envases', {
    acceso: 'administrador',
    handler: (request) => envases.listar(db, request.body.codempre),
  });

  ruta(app, 'POST /api/administracion/envases/crear', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const creado = await envases.crear(db, actorDe(request), request.body);
      return reply.code(201).send(creado);
    },
  });

  ruta(app, 'POST /api/administracion/envases/editar', {
    acceso: 'administrador',
    handler: (request) => envases.editar(db, actorDe(request), request.body),
  });

  ruta(app, 'POST /api/administracion/envases/activo', {
    acceso: 'administrador',
    handler: (request) => envases.cambiarActivo(db, actorDe(request), request.body),
  });

  ruta(app, 'POST /api/administracion/envases/eliminar', {
    acceso: 'administrador',
    handler: async (request) => {
      await envases.eliminar(db, actorDe(request), request.body.ctrl);
      return { ok: true as const };
    },
  });
};
