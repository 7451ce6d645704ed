/**
 * Products (issue 21): the order form's spec route, for any signed-in user, and the catalogue and
 * the products per client, for administrators. The CLI's `productos …` calls the same services.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as productos from './servicio';

export const productosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  ruta(app, 'POST /api/productos/productos-clientes', {
    acceso: 'sesion',
    handler: (request) => {
      const { cliente, unineg } = request.body;
      return productos.ofrecidos(db, usuarioDe(request), cliente, unineg);
    },
  });

  ruta(app, 'GET /api/administracion/productos', {
    acceso: 'administrador',
    handler: () => productos.listar(db),
  });

  ruta(app, 'POST /api/administracion/productos/crear', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const creado = await productos.crear(db, actorDe(request), request.body);
      return reply.code(201).send(creado);
    },
  });

  ruta(app, 'POST /api/administracion/productos/renombrar', {
    acceso: 'administrador',
    handler: (request) => productos.renombrar(db, actorDe(request), request.body),
  });

  ruta(app, 'POST /api/administracion/productos/activo', {
    acceso: 'administrador',
    handler: (request) => productos.cambiarActivo(db, actorDe(request), request.body),
  });

  ruta(app, 'POST /api/administracion/productos/eliminar', {
    acceso: 'administrador',
    handler: async (request) => {
      await productos.eliminar(db, actorDe(request), request.body.codpro);
      return { ok: true as const };
    },
  });

  ruta(app, 'POST /api/administracion/productos/cliente', {
    acceso: 'administrador',
    handler: (request) => productos.productosDeCliente(db, request.body),
  });

  ruta(app, 'POST /api/administracion/productos/cliente/guardar', {
    acceso: 'administrador',
    handler: (request) => productos.guardarProductosDeCliente(db, actorDe(request), request.body),
  });
};
