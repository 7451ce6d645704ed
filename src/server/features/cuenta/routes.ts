/** 'Mi cuenta' (issue 14): every signed-in user, their own rows only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError, sinCuerpo } from '../../../shared/contracts/comun';
import {
  cerrarSesionPropiaBody,
  miCuenta,
  sesionesPropiasCerradas,
} from '../../../shared/contracts/cuenta';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { nombreCookieSesion } from '../auth/cookies';
import * as cuenta from './servicio';

const tags = ['cuenta'];

export const cuentaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The session token this request came with (a 'sesion' route always has one). */
  const tokenDe = (cookies: Record<string, string | undefined>) =>
    cookies[nombreCookieSesion(app.config.cookieSecure)] ?? '';

  app.get(
    '/cuenta',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags,
        summary: 'Mis sesiones abiertas, mis últimos ingresos e intentos fallidos, y mi tarjeta',
        response: { 200: miCuenta, ...respuestasDeError },
      },
    },
    (request) =>
      cuenta.miCuenta(
        app.db,
        usuarioDe(request),
        tokenDe(request.cookies),
        app.config.sessionIdleMinutes,
      ),
  );

  app.post(
    '/cuenta/sesiones/cerrar',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags,
        summary: 'Cierra una de mis sesiones (la de este navegador también: es salir)',
        body: cerrarSesionPropiaBody,
        response: { 200: sesionesPropiasCerradas, ...respuestasDeError },
      },
    },
    async (request) => ({
      cerradas: await cuenta.cerrarSesion(
        app.db,
        usuarioDe(request),
        actorDe(request),
        request.body.sesion,
      ),
    }),
  );

  app.post(
    '/cuenta/sesiones/cerrar-otras',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags,
        summary: 'Cierra todas mis sesiones menos la de este navegador',
        body: sinCuerpo,
        response: { 200: sesionesPropiasCerradas, ...respuestasDeError },
      },
    },
    async (request) => ({
      cerradas: await cuenta.cerrarOtras(
        app.db,
        usuarioDe(request),
        actorDe(request),
        tokenDe(request.cookies),
      ),
    }),
  );
};
