/**
 * The administration of users and their coordinate cards (issue 14): administrators only. The
 * CLI's `usuarios …` and `tarjeta …` commands call the same services.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { direccionDeIngreso } from '../../config';
import { actorDe } from '../../db/auditoria';
import { enviarArchivo } from '../../plugins/respuestas';
import { ruta } from '../../plugins/ruta';
import * as auth from '../auth/servicio';
import * as usuarios from './servicio';

export const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  ruta(app, 'GET /api/administracion/usuarios', {
    acceso: 'administrador',
    handler: () => usuarios.listar(db, app.config.sessionIdleMinutes),
  });

  ruta(app, 'POST /api/administracion/usuarios/crear', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const creado = await usuarios.crear(db, usuarioDe(request), actorDe(request), request.body);
      return reply.code(201).send(creado);
    },
  });

  ruta(app, 'POST /api/administracion/usuarios/unidades', {
    acceso: 'administrador',
    handler: async (request) => {
      const { usuario, unidades } = request.body;
      await usuarios.cambiarUnidades(db, actorDe(request), usuario, unidades);
      return { ok: true as const };
    },
  });

  ruta(app, 'POST /api/administracion/usuarios/activo', {
    acceso: 'administrador',
    handler: async (request) => {
      const { usuario, activo } = request.body;
      return { cerradas: await usuarios.cambiarActivo(db, actorDe(request), usuario, activo) };
    },
  });

  ruta(app, 'POST /api/administracion/usuarios/desbloquear', {
    acceso: 'administrador',
    handler: async (request) => {
      await auth.desbloquear(db, request.body.usuario, actorDe(request));
      return { ok: true as const };
    },
  });

  ruta(app, 'POST /api/administracion/usuarios/cerrar-sesiones', {
    acceso: 'administrador',
    handler: async (request) => ({
      cerradas: await auth.cerrarSesiones(db, { usuario: request.body.usuario }, actorDe(request)),
    }),
  });

  ruta(app, 'POST /api/administracion/tarjetas/emitir', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const tarjeta = await auth.emitirTarjeta(
        db,
        app.config.cardSecret,
        usuarioDe(request),
        request.body.usuario,
        actorDe(request),
      );
      return reply.code(201).send(tarjeta);
    },
  });

  ruta(app, 'POST /api/administracion/tarjetas/pdf', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const { pdf, archivo } = await auth.tarjetaImprimible(
        db,
        app.config.cardSecret,
        request.body,
        actorDe(request),
        { ingreso: direccionDeIngreso(app.config) },
      );
      return enviarArchivo(reply, { contenido: pdf, tipo: 'application/pdf', nombre: archivo });
    },
  });
};
