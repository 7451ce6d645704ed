/**
 * The catalogues of the quota order form: dispatch types of a unit, containers of a client,
 * products of a client in a unit. They live with the quotas because only the order form uses
 * them and because the server's ownership checks of a quota read the same tables through the
 * same repository (see repository.ts), so what the form offers is what the server accepts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  despachosBody,
  despachosRespuesta,
  envasesClientesBody,
  envasesClientesRespuesta,
  productosClientesBody,
  productosClientesRespuesta,
} from '../../../shared/contracts/cupos';
import {
  exigirEmpresa,
  exigirEmpresaYUnidad,
  exigirUnidad,
  usuarioDe,
} from '../../plugins/session';
import { envasesDeCliente, productosDeCliente, tiposDespachoDeUnidad } from './repository';

export const catalogosCupoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cupos/despachos',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['cupos'],
        summary: 'Tipos de despacho de una unidad de negocio (coddespacho lleva la unidad)',
        body: despachosBody,
        response: { 200: despachosRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const unineg = request.body.coddespacho;
      exigirUnidad(usuarioDe(request), unineg);
      return tiposDespachoDeUnidad(app.db, unineg);
    },
  );

  app.post(
    '/envases/envases-clientes',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['cupos'],
        summary: 'Envases activos de un cliente',
        body: envasesClientesBody,
        response: { 200: envasesClientesRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      exigirEmpresa(usuarioDe(request), request.body.cliente);
      return envasesDeCliente(app.db, request.body.cliente);
    },
  );

  app.post(
    '/productos/productos-clientes',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['cupos'],
        summary: 'Productos que un cliente maneja en una unidad de negocio',
        body: productosClientesBody,
        response: { 200: productosClientesRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const { cliente, unineg } = request.body;
      exigirEmpresaYUnidad(usuarioDe(request), cliente, unineg);
      return productosDeCliente(app.db, cliente, unineg);
    },
  );
};
