import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  movimientosStockBody,
  paginaMovimientosStock,
  saldosStockBody,
  saldosStockRespuesta,
  stockBody,
  stockRespuesta,
} from '../../../shared/contracts/stock';
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
          'Stock de un cliente en una unidad de negocio: una línea por producto con movimientos o comprometido en cupos de despacho abiertos, en toneladas (stock, comprometidas, disponibles)',
        body: stockBody,
        response: { 200: stockRespuesta, ...respuestasDeError },
      },
    },
    (request) => {
      const { codempre, unineg } = request.body;
      return stock.stock(app.db, usuarioDe(request), codempre, unineg);
    },
  );

  app.post(
    '/empresa/stock/movimientos',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['stock'],
        summary:
          'Movimientos de un producto (historial) fechados en un rango de días, por fecha, el más nuevo primero (a igual fecha, el anotado después), con el saldo después de cada uno: todo lo fechado hasta él. Paginación por clave (fecha, id): pase `siguiente` como `antesDe`',
        body: movimientosStockBody,
        response: { 200: paginaMovimientosStock, ...respuestasDeError },
      },
    },
    (request) => stock.movimientos(app.db, usuarioDe(request), request.body),
  );

  app.post(
    '/empresa/stock/saldos',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['stock'],
        summary:
          'Saldo de un producto a lo largo de un rango de días (para el gráfico): el inicial y el de cierre de cada día hasta hoy (todo lo fechado hasta el fin de ese día)',
        body: saldosStockBody,
        response: { 200: saldosStockRespuesta, ...respuestasDeError },
      },
    },
    (request) => stock.saldos(app.db, usuarioDe(request), request.body),
  );
};
