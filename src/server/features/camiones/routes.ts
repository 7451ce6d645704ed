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
import { actorDe, auditar } from '../../db/auditoria';
import { exigirEmpresaYUnidad, usuarioDe } from '../../plugins/session';
import {
  bloquearCamion,
  bloquearCupo,
  buscarCamion,
  cambiarEstadoCamion,
  camionesEnPlayaJson,
  contarCuposDelCamion,
  cuposDelCamion,
  liberarCupo,
  ticketsDelCamion,
} from './repository';
import { estadoTrasDesvincular, exigirVisible, validarDesvinculo } from './rules';
import { vincularCupo } from './vinculo';

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
    async (request, reply) => {
      const { codempre, unineg, estado } = request.body.filtros;
      exigirEmpresaYUnidad(usuarioDe(request), codempre, unineg);
      const json = await camionesEnPlayaJson(app.db, {
        codempre,
        unineg,
        estado,
        horasFinalizados: app.config.finishedTruckHours,
      });
      // Already JSON text of the contract's shape (see the repository): Fastify sends a string
      // with a JSON content type as it is, without serializing it again.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
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
      await app.db.transaction((tx) =>
        vincularCupo(tx, actorDe(request), usuarioDe(request), {
          camion: codcamion,
          cupo: ctrl,
          cantidad,
        }),
      );
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
    async (request) => {
      const { codcamion } = request.body;
      exigirVisible(usuarioDe(request), await buscarCamion(app.db, codcamion));
      return cuposDelCamion(app.db, codcamion);
    },
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
      const usuario = usuarioDe(request);
      const { ctrl, codcamion } = request.body;
      await app.db.transaction(async (tx) => {
        const camion = exigirVisible(usuario, await bloquearCamion(tx, codcamion));
        const cupo = exigirVisible(usuario, await bloquearCupo(tx, ctrl));
        validarDesvinculo(camion, cupo);
        await liberarCupo(tx, cupo.ctrl);
        const codestado = estadoTrasDesvincular(await contarCuposDelCamion(tx, camion.ctrl));
        await cambiarEstadoCamion(tx, camion.ctrl, codestado);
        await auditar(tx, {
          ...actorDe(request),
          accion: 'desvincular_cupo',
          tabla: 'cupos',
          filaId: cupo.ctrl,
          antes: {
            cupo: { camion_ctrl: camion.ctrl, cantidad_asignada: cupo.cantidad_asignada },
            camion: { ctrl: camion.ctrl, codestado: camion.codestado },
          },
          despues: {
            cupo: { camion_ctrl: null, cantidad_asignada: null },
            camion: { ctrl: camion.ctrl, codestado },
          },
        });
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
    async (request) => {
      const { camion } = request.body;
      exigirVisible(usuarioDe(request), await buscarCamion(app.db, camion));
      return ticketsDelCamion(app.db, camion);
    },
  );
};
