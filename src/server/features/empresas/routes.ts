import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as empresas from './servicio';

export const empresasRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'POST /api/clientes/clientes-empresas', {
    acceso: 'sesion',
    // Every screen asks for it: its answer is checked and written in one pass, as availability's
    // (docs/rendimiento.md, issue 23).
    serializacion: 'compilada',
    handler: (request) => empresas.visibles(app.db, usuarioDe(request), request.body.codempre),
  });
};

/**
 * The administration of companies and the units they work in (issue 14): administrators only.
 * The units themselves are the unidades feature's.
 */
export const empresasAdministracionRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'GET /api/administracion/empresas', {
    acceso: 'administrador',
    handler: () => empresas.listarAdministradas(app.db),
  });

  ruta(app, 'POST /api/administracion/empresas/crear', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const creada = await empresas.crear(app.db, actorDe(request), request.body);
      return reply.code(201).send(creada);
    },
  });

  ruta(app, 'POST /api/administracion/empresas/unidades', {
    acceso: 'administrador',
    handler: async (request) => {
      const { codempre, unidades } = request.body;
      await empresas.cambiarUnidades(app.db, actorDe(request), codempre, unidades);
      return { ok: true as const };
    },
  });
};
