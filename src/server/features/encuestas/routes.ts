import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as encuestas from './servicio';

export const encuestasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  ruta(app, 'GET /api/encuestas', {
    acceso: 'sesion',
    handler: () => encuestas.listar(db),
  });

  ruta(app, 'POST /api/encuestas', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const creada = await encuestas.crear(db, actorDe(request), {
        ...request.body,
        creadaPor: usuarioDe(request).id,
      });
      return reply.code(201).send(creada);
    },
  });

  ruta(app, 'POST /api/encuestas/editar', {
    acceso: 'administrador',
    handler: (request) => encuestas.editar(db, actorDe(request), request.body),
  });

  ruta(app, 'POST /api/encuestas/pregunta', {
    acceso: 'administrador',
    handler: async (request, reply) => {
      const { EncuestaId, Texto } = request.body;
      const creada = await encuestas.agregarPregunta(db, actorDe(request), EncuestaId, Texto);
      return reply.code(201).send(creada);
    },
  });

  ruta(app, 'POST /api/encuestas/pregunta/editar', {
    acceso: 'administrador',
    handler: (request) => encuestas.editarPregunta(db, actorDe(request), request.body),
  });

  ruta(app, 'GET /api/encuestas/pendientes/:userId', {
    acceso: 'sesion',
    handler: (request) => encuestas.pendientes(db, usuarioDe(request), request.params.userId),
  });

  ruta(app, 'GET /api/encuestas/:id', {
    acceso: 'sesion',
    handler: (request) => encuestas.encuesta(db, request.params.id),
  });

  ruta(app, 'GET /api/encuestas/:id/preguntas', {
    acceso: 'sesion',
    handler: (request) => encuestas.preguntas(db, request.params.id),
  });

  ruta(app, 'GET /api/encuestas/:id/respuestas', {
    acceso: 'administrador',
    handler: (request) => encuestas.respuestas(db, request.params.id),
  });

  ruta(app, 'POST /api/encuestas/resultados', {
    acceso: 'administrador',
    handler: (request) => encuestas.resultados(db, request.body),
  });

  ruta(app, 'GET /api/encuestas/:id/usuario/:userId/respondio', {
    acceso: 'sesion',
    handler: async (request) => {
      const { id, userId } = request.params;
      return { respondio: await encuestas.respondio(db, usuarioDe(request), id, userId) };
    },
  });

  ruta(app, 'POST /api/encuestas/responder', {
    acceso: 'cliente',
    handler: async (request, reply) => {
      const registrada = await encuestas.responder(
        db,
        usuarioDe(request),
        actorDe(request),
        request.body,
      );
      return reply.code(201).send(registrada);
    },
  });

  ruta(app, 'GET /api/encuestas/recordatorios/encuesta/:id', {
    acceso: 'administrador',
    handler: (request) => encuestas.estadoRecordatorio(db, request.params.id),
  });

  ruta(app, 'POST /api/encuestas/recordatorio', {
    acceso: 'administrador',
    handler: (request) => encuestas.enviarRecordatorio(db, actorDe(request), request.body.id),
  });

  ruta(app, 'GET /api/encuestas/recordatorios/usuario/:userId', {
    acceso: 'sesion',
    handler: (request) => encuestas.recordatorios(db, usuarioDe(request), request.params.userId),
  });

  ruta(app, 'POST /api/encuestas/recordatorios/vistos', {
    acceso: 'cliente',
    handler: (request) =>
      encuestas.recordatoriosVistos(db, usuarioDe(request), request.body.encuestaIds),
  });
};
