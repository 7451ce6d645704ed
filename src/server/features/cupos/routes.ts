import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../../shared/contracts/comun';
import { cuposBody, cuposRespuesta } from '../../../shared/contracts/cupos';
import { exigirEmpresaYUnidad, usuarioDe } from '../../plugins/session';
import { cuposDisponibles } from './repository';

export const cuposRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cupos',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['cupos'],
        summary: 'Cupos sin asignar de un cliente y unidad de negocio, los más nuevos primero',
        body: cuposBody,
        response: { 200: cuposRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const { codEmpre, uniNeg } = request.body;
      exigirEmpresaYUnidad(usuarioDe(request), codEmpre, uniNeg);
      return { resultado: await cuposDisponibles(app.db, codEmpre, uniNeg) };
    },
  );
};
