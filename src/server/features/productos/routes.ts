/**
 * Products (issue 21): the order form's spec route, for any signed-in user, and the catalogue and
 * the products per client, for administrators. The CLI's `productos …` calls the same services.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hechoRespuesta } from '../../../shared/contracts/comun';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  activoProductoBody,
  codproBody,
  crearProductoBody,
  guardarProductosDeClienteBody,
  listaProductos,
  listaProductosDeCliente,
  productoAdministrado,
  productosClientesBody,
  productosClientesRespuesta,
  productosDeClienteBody,
  renombrarProductoBody,
} from '../../../shared/contracts/productos';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import * as productos from './servicio';

export const productosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/productos/productos-clientes',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['cupos'],
        summary: 'Productos activos que un cliente puede pedir en una unidad de negocio',
        body: productosClientesBody,
        response: { 200: productosClientesRespuesta, ...respuestasDeError },
      },
    },
    (request) => {
      const { cliente, unineg } = request.body;
      return productos.ofrecidos(db, usuarioDe(request), cliente, unineg);
    },
  );

  const tags = ['administración'];
  const config = { acceso: 'administrador' } as const;

  app.get(
    '/administracion/productos',
    {
      config,
      schema: {
        tags,
        summary: 'Los productos, activos o no, con cuántos clientes pueden pedir cada uno',
        response: { 200: listaProductos, ...respuestasDeError },
      },
    },
    () => productos.listar(db),
  );

  app.post(
    '/administracion/productos/crear',
    {
      config,
      schema: {
        tags,
        summary: 'Crea un producto (código entero positivo y nombre, ambos únicos)',
        body: crearProductoBody,
        response: { 201: productoAdministrado, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const creado = await productos.crear(db, actorDe(request), request.body);
      return reply.code(201).send(creado);
    },
  );

  app.post(
    '/administracion/productos/renombrar',
    {
      config,
      schema: {
        tags,
        summary: 'Cambia el nombre de un producto: cupos, stock y tablero lo muestran desde ya',
        body: renombrarProductoBody,
        response: { 200: productoAdministrado, ...respuestasDeError },
      },
    },
    (request) => productos.renombrar(db, actorDe(request), request.body),
  );

  app.post(
    '/administracion/productos/activo',
    {
      config,
      schema: {
        tags,
        summary:
          'Desactiva un producto (deja de ofrecerse para cupos nuevos y a clientes; su historia queda) o lo activa',
        body: activoProductoBody,
        response: { 200: productoAdministrado, ...respuestasDeError },
      },
    },
    (request) => productos.cambiarActivo(db, actorDe(request), request.body),
  );

  app.post(
    '/administracion/productos/eliminar',
    {
      config,
      schema: {
        tags,
        summary:
          'Elimina un producto al que nada se refiere; si lo usan cupos, tickets, stock o clientes, lo rechaza diciendo cuáles',
        body: codproBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await productos.eliminar(db, actorDe(request), request.body.codpro);
      return { ok: true as const };
    },
  );

  app.post(
    '/administracion/productos/cliente',
    {
      config,
      schema: {
        tags,
        summary:
          'Los productos activos marcando los que un cliente puede pedir en una unidad (y los desactivados que aún tiene)',
        body: productosDeClienteBody,
        response: { 200: listaProductosDeCliente, ...respuestasDeError },
      },
    },
    (request) => productos.productosDeCliente(db, request.body),
  );

  app.post(
    '/administracion/productos/cliente/guardar',
    {
      config,
      schema: {
        tags,
        summary:
          'Fija la lista de productos que un cliente puede pedir en una unidad (no quita uno de sus cupos abiertos)',
        body: guardarProductosDeClienteBody,
        response: { 200: listaProductosDeCliente, ...respuestasDeError },
      },
    },
    (request) => productos.guardarProductosDeCliente(db, actorDe(request), request.body),
  );
};
