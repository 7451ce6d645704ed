/** Service tokens of the gate and the weighbridges (issue 14): administrators only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as tokens from './servicio';

export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'GET /api/administracion/tokens', {
    acceso: 'administrador',
    handler: () => tokens.listarTokens(app.db),
  });

  ruta(app, 'POST /api/administracion/tokens/crear', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const { nombre, vence } = request.body;
      const token = await tokens.crearToken(
        app.db,
        usuarioDe(request),
        nombre.toLowerCase(),
        actorDe(request),
        vence,
      );
      return reply.code(201).send({ nombre: nombre.toLowerCase(), token });
    },
  });

  ruta(app, 'POST /api/administracion/tokens/revocar', {
    acceso: 'administrador',
    handler: async (request) => {
      await tokens.revocarToken(app.db, request.body.nombre.toLowerCase(), actorDe(request));
      return { ok: true as const };
    },
  });
};
