import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  camionesPlayaBody,
  camionesPlayaRespuesta,
  cuposAsignadosBody,
  cuposAsignadosRespuesta,
  desasignarCupoCamionBody,
  desasignarCupoCamionRespuesta,
  ticketsBody,
  ticketsRespuesta,
  vincularCamionCupoBody,
  vincularCamionCupoRespuesta,
} from '../../../shared/contracts/camiones';
import { respuestasDeError } from '../../../shared/contracts/comun';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { enviarJsonDe } from '../../plugins/respuestas';
import * as camiones from './servicio';

export const camionesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/camiones/camiones-playa',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['camiones'],
        summary:
          'Camiones en playa de un cliente y unidad (estados 1-3 y finalizados recientes), el ingreso más nuevo primero',
        body: camionesPlayaBody,
        response: { 200: camionesPlayaRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) =>
      enviarJsonDe(
        reply,
        await camiones.enPlaya(app.db, usuarioDe(request), {
          ...request.body.filtros,
          horasFinalizados: app.config.finishedTruckHours,
        }),
      ),
  );

  app.post(
    '/camiones/vincular-camion-cupo',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['camiones'],
        summary:
          'Asigna un cupo sin asignar a un camión en playa (el camión pasa a Playa con orden)',
        body: vincularCamionCupoBody,
        response: { 201: vincularCamionCupoRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const { ctrl, codcamion, cantidad } = request.body;
      await camiones.vincular(app.db, usuarioDe(request), actorDe(request), {
        camion: codcamion,
        cupo: ctrl,
        cantidad,
      });
      return reply.code(201).send({ actualizado: 1 });
    },
  );

  app.post(
    '/camiones/cupos-asignados',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['camiones'],
        summary: 'Cupos asignados a un camión',
        body: cuposAsignadosBody,
        response: { 200: cuposAsignadosRespuesta, ...respuestasDeError },
      },
    },
    (request) => camiones.cuposAsignados(app.db, usuarioDe(request), request.body.codcamion),
  );

  app.post(
    '/camiones/desasignar-cupo-camion',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['camiones'],
        summary:
          'Quita un cupo de un camión en Playa con orden (sin cupos, el camión vuelve a Playa sin orden)',
        body: desasignarCupoCamionBody,
        response: { 201: desasignarCupoCamionRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const { ctrl, codcamion } = request.body;
      await camiones.desvincular(app.db, usuarioDe(request), actorDe(request), {
        camion: codcamion,
        cupo: ctrl,
      });
      return reply.code(201).send({ resultado: [{ result: 1 }] });
    },
  );

  app.post(
    '/camiones/tickets',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['camiones'],
        summary: 'Tickets de pesaje de un camión (pesos en kg)',
        body: ticketsBody,
        response: { 200: ticketsRespuesta, ...respuestasDeError },
      },
    },
    (request) => camiones.tickets(app.db, usuarioDe(request), request.body.camion),
  );
};
