/** 'Mi cuenta' (issue 14): every signed-in user, their own rows only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { nombreCookieSesion } from '../auth/cookies';
import { ruta } from '../../plugins/ruta';
import * as cuenta from './servicio';

export const cuentaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The session token this request came with (a 'sesion' route always has one). */
  const tokenDe = (cookies: Record<string, string | undefined>) =>
    cookies[nombreCookieSesion(app.config.cookieSecure)] ?? '';

  ruta(app, 'GET /api/cuenta', {
    acceso: 'sesion',
    handler: (request) =>
      cuenta.miCuenta(
        app.db,
        usuarioDe(request),
        tokenDe(request.cookies),
        app.config.sessionIdleMinutes,
      ),
  });

  ruta(app, 'POST /api/cuenta/sesiones/cerrar', {
    acceso: 'sesion',
    handler: async (request) => ({
      cerradas: await cuenta.cerrarSesion(
        app.db,
        usuarioDe(request),
        actorDe(request),
        request.body.sesion,
      ),
    }),
  });

  ruta(app, 'POST /api/cuenta/sesiones/cerrar-otras', {
    acceso: 'sesion',
    handler: async (request) => ({
      cerradas: await cuenta.cerrarOtras(
        app.db,
        usuarioDe(request),
        actorDe(request),
        tokenDe(request.cookies),
      ),
    }),
  });
};
