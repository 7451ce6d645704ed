/** Service tokens of the gate and the weighbridges (issue 14): administrators only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  crearTokenBody,
  listaTokens,
  nombreTokenBody,
  tokenCreado,
} from '../../../shared/contracts/tokens';
import { hechoRespuesta } from '../../../shared/contracts/comun';
import { respuestasDeError } from '../../../shared/contracts/comun';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import * as tokens from './servicio';

const tags = ['administración'];
const config = { acceso: 'administrador' } as const;

export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/administracion/tokens',
    {
      config,
      schema: {
        tags,
        summary: 'Los tokens de servicio: creación, último uso, vencimiento y revocación',
        response: { 200: listaTokens, ...respuestasDeError },
      },
    },
    () => tokens.listarTokens(app.db),
  );

  app.post(
    '/administracion/tokens/crear',
    {
      config,
      schema: {
        tags,
        summary:
          'Crea un token de servicio, con vencimiento optativo. Pide reautenticación; el token se muestra una sola vez',
        body: crearTokenBody,
        response: { 201: tokenCreado, ...respuestasDeError },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/administracion/tokens/revocar',
    {
      config,
      schema: {
        tags,
        summary: 'Revoca un token de servicio: deja de valer en el acto',
        body: nombreTokenBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await tokens.revocarToken(app.db, request.body.nombre.toLowerCase(), actorDe(request));
      return { ok: true as const };
    },
  );
};
