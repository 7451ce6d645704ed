import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../../shared/contracts/comun';
import { stockBody, stockRespuesta } from '../../../shared/contracts/stock';
import { usuarioDe } from '../../acceso';
import * as stock from './servicio';

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/empresa/stock',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['stock'],
        summary:
          'Stock de un cliente en una unidad de negocio: una línea por producto con movimientos, en toneladas',
        body: stockBody,
        response: { 200: stockRespuesta, ...respuestasDeError },
      },
    },
    (request) => {
      const { codempre, unineg } = request.body;
      return stock.stock(app.db, usuarioDe(request), codempre, unineg);
    },
  );
};
