/** The outbox as the administration sees it (issue 25): Administración → Avisos. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
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

/** A user's e-mail address and choices ('Mi cuenta'; the administration sets an address). */
export const correoRoutes: FastifyPluginAsyncZod = async (app) => {
  const activo = () => app.avisos.tiene('correo');

  ruta(app, 'GET /api/cuenta/avisos', {
    acceso: 'sesion',
    handler: (request) => avisos.preferencias(app.db, usuarioDe(request).id, activo()),
  });

  ruta(app, 'POST /api/cuenta/avisos', {
    acceso: 'sesion',
    handler: (request) =>
      avisos.guardarAvisos(app.db, usuarioDe(request).id, actorDe(request), request.body, activo()),
  });

  ruta(app, 'POST /api/cuenta/correo', {
    acceso: 'sesion',
    handler: async (request) => {
      const r = await avisos.pedirCambioCorreo(
        app.db,
        usuarioDe(request).id,
        actorDe(request),
        request.body,
        activo(),
      );
      app.avisos.despertar();
      return r;
    },
  });

  ruta(app, 'POST /api/cuenta/correo/confirmar', {
    acceso: 'publico',
    handler: (request) => avisos.confirmarCorreo(app.db, app.reloj(), request.body),
  });

  ruta(app, 'POST /api/administracion/usuarios/correo', {
    acceso: 'administrador',
    handler: async (request) => {
      await avisos.fijarCorreoDeUsuario(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  });
};
