import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cerrarSesionRespuesta,
  compararCoordenadasBody,
  compararCoordenadasRespuesta,
  pedirCoordenadasBody,
  pedirCoordenadasRespuesta,
  verificarUsuarioRespuesta,
} from '../../../shared/contracts/auth';
import {
  reautenticacionDesafioRespuesta,
  reautenticadoRespuesta,
  reautenticarBody,
} from '../../../shared/contracts/auth';
import { respuestasDeError, sinCuerpo } from '../../../shared/contracts/comun';
import { usuarioDe } from '../../acceso';
import { MENSAJES_API } from '../../../shared/textos';
import { ErrorHttp } from '../../errores';
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

  app.post(
    '/auth/request-coordenadas',
    {
      config: { acceso: 'publico', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Paso 1 del ingreso: pide dos coordenadas de la tarjeta',
        body: pedirCoordenadasBody,
        response: { 200: pedirCoordenadasRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const usuario = request.body.userName;
      const { nonce, respuesta } = await auth.pedirDesafio(app.db, app.config.cardSecret, usuario, {
        proposito: 'ingreso',
        ip: request.ip,
      });
      ponerCookieDesafio(reply, cookieSecure, nonce, usuario);
      return respuesta;
    },
  );

  app.post(
    '/auth/comparar-coordenadas',
    {
      config: { acceso: 'publico', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Paso 2 del ingreso: verifica las coordenadas y abre la sesión',
        body: compararCoordenadasBody,
        response: { 200: compararCoordenadasRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/auth/verifyuser',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['auth'],
        summary: 'Estado de la sesión (nunca 401: sin sesión responde loggedIn false)',
        response: { 200: verificarUsuarioRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/user/logout',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['auth'],
        summary: 'Cierra la sesión actual',
        body: sinCuerpo,
        response: { 200: cerrarSesionRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const token = request.cookies[nombreCookieSesion(cookieSecure)];
      await auth.salir(app.db, token, request.usuario, request.ip);
      quitarCookieSesion(reply, cookieSecure);
      return { cerrada: true as const };
    },
  );

  app.post(
    '/auth/reautenticacion/desafio',
    {
      config: { acceso: 'administrador', rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Reautenticación, paso 1: dos coordenadas de la tarjeta propia, antes de un acto sensible de la administración',
        body: sinCuerpo,
        response: { 200: reautenticacionDesafioRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/auth/reautenticacion',
    {
      config: { acceso: 'administrador', rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Reautenticación, paso 2: con las coordenadas correctas, esta sesión puede emitir tarjetas, crear tokens y administradores por 5 minutos',
        body: reautenticarBody,
        response: { 200: reautenticadoRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
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
  );
};
