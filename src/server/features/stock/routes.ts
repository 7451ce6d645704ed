import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { ruta } from '../../plugins/ruta';
import * as stock from './servicio';

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'POST /api/empresa/stock', {
    acceso: 'sesion',
    handler: (request) => {
      const { codempre, unineg } = request.body;
      return stock.stock(app.db, usuarioDe(request), codempre, unineg);
    },
  });

  ruta(app, 'POST /api/empresa/stock/movimientos', {
    acceso: 'sesion',
    handler: (request) => stock.movimientos(app.db, usuarioDe(request), request.body),
  });

  ruta(app, 'POST /api/empresa/stock/saldos', {
    acceso: 'sesion',
    handler: (request) => stock.saldos(app.db, usuarioDe(request), request.body),
  });
};
