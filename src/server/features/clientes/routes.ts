import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientesEmpresasBody,
  clientesEmpresasRespuesta,
} from '../../../shared/contracts/clientes';
import { respuestasDeError } from '../../../shared/contracts/comun';
import { exigirEmpresa, usuarioDe } from '../../plugins/session';
import { empresasVisibles } from './repository';

export const clientesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/clientes/clientes-empresas',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['clientes'],
        summary: 'Empresas que el usuario puede elegir como cliente',
        body: clientesEmpresasBody,
        response: { 200: clientesEmpresasRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const usuario = usuarioDe(request);
      exigirEmpresa(usuario, request.body.codempre);
      return empresasVisibles(app.db, usuario);
    },
  );
};
