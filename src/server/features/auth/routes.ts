import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { MENSAJES_API } from '../../../shared/textos';
import { ErrorHttp } from '../../errores';
import { ruta } from '../../plugins/ruta';
import {
  COOKIE_DESAFIO,
  leerCookieDesafio,
  nombreCookieSesion,
  ponerCookieDesafio,
  ponerCookieSesion,
  quitarCookieSesion,
} from './cookies';
import * as auth from './servicio';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cookieSecure } = app.config;
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  ruta(app, 'POST /api/auth/request-coordenadas', {
    acceso: 'publico',
    config: { rateLimit },
    handler: async (request, reply) => {
      const usuario = request.body.userName;
      const { nonce, respuesta } = await auth.pedirDesafio(app.db, app.config.cardSecret, usuario, {
        proposito: 'ingreso',
        ip: request.ip,
      });
      ponerCookieDesafio(reply, cookieSecure, nonce, usuario);
      return respuesta;
    },
  });

  ruta(app, 'POST /api/auth/comparar-coordenadas', {
    acceso: 'publico',
    config: { rateLimit },
    handler: async (request, reply) => {
      const desafio = leerCookieDesafio(request.cookies[COOKIE_DESAFIO]);
      if (!desafio) throw new ErrorHttp(401, MENSAJES_API.desafioVencido);
      const { token, respuesta } = await auth.compararCoordenadas(app.db, app.config, {
        ...desafio,
        cuerpo: request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        tokenAnterior: request.cookies[nombreCookieSesion(cookieSecure)],
      });
      ponerCookieSesion(reply, cookieSecure, token);
      reply.clearCookie(COOKIE_DESAFIO, { path: '/api/auth' });
      return respuesta;
    },
  });

  ruta(app, 'GET /api/auth/verifyuser', {
    acceso: 'publico',
    handler: async (request) => {
      // The session was loaded before the route (plugins/autenticacion.ts): nothing to ask.
      const u = request.usuario;
      if (!u) return { loggedIn: false as const };
      return {
        loggedIn: true as const,
        usuario: u.usuario,
        codempre: u.codempre,
        uniNegs: u.uniNegs,
        userId: u.id,
      };
    },
  });

  ruta(app, 'POST /api/user/logout', {
    acceso: 'publico',
    handler: async (request, reply) => {
      const token = request.cookies[nombreCookieSesion(cookieSecure)];
      await auth.salir(app.db, token, request.usuario, request.ip);
      quitarCookieSesion(reply, cookieSecure);
      return { cerrada: true as const };
    },
  });

  ruta(app, 'POST /api/auth/reautenticacion/desafio', {
    acceso: 'administrador',
    config: { rateLimit },
    handler: async (request, reply) => {
      const { usuario } = usuarioDe(request);
      const { nonce, respuesta } = await auth.pedirDesafio(
        app.db,
        app.config.cardSecret,
        usuario,
        auth.REAUTENTICACION,
      );
      ponerCookieDesafio(reply, cookieSecure, nonce, usuario);
      return respuesta;
    },
  });

  ruta(app, 'POST /api/auth/reautenticacion', {
    acceso: 'administrador',
    config: { rateLimit },
    handler: async (request, reply) => {
      const desafio = leerCookieDesafio(request.cookies[COOKIE_DESAFIO]);
      if (!desafio) throw new ErrorHttp(401, MENSAJES_API.desafioVencido);
      const hasta = await auth.reautenticar(app.db, app.config.cardSecret, {
        usuario: usuarioDe(request),
        token: request.cookies[nombreCookieSesion(cookieSecure)] ?? '',
        nonce: desafio.nonce,
        usuarioDelDesafio: desafio.usuario,
        cuerpo: request.body,
        ip: request.ip,
      });
      reply.clearCookie(COOKIE_DESAFIO, { path: '/api/auth' });
      return { hasta };
    },
  });
};
