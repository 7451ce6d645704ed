import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  codordenBody,
  crearCupoBody,
  cuposBody,
  cuposGuardadosRespuesta,
  cuposRespuesta,
  despachosBody,
  despachosRespuesta,
  detalleCupoRespuesta,
  editarCupoBody,
  eliminadosRespuesta,
  errorCupo,
  limpiarCuposBody,
} from '../../../shared/contracts/cupos';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import * as cupos from './servicio';

/** Answers of create and edit: 201 with the quotas saved, or 400 with the form's messages. */
const respuestasGuardado = { 201: cuposGuardadosRespuesta, ...respuestasDeError, 400: errorCupo };

/** 400 carries the list the form shows as bullets, and `msj` as every error does. */
function responderGuardado(reply: FastifyReply, r: cupos.ResultadoGuardado) {
  if ('errores' in r)
    return reply.code(400).send({ msj: r.errores.join('; '), erroresCupo: r.errores });
  // 201 for an edit too: the form saves both and the spec calls a save successful on 201.
  return reply.code(201).send(r);
}

const esquema = (summary: string) => ({ tags: ['cupos'], summary });

export const cuposRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cupos',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Cupos sin asignar de un cliente y unidad de negocio, los más nuevos primero'),
        body: cuposBody,
        response: { 200: cuposRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const { codEmpre, uniNeg } = request.body;
      return {
        resultado: await cupos.disponibles(app.db, usuarioDe(request), codEmpre, uniNeg),
      };
    },
  );

  app.post(
    '/cupo/detalle',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Un cupo con su mezcla y sus envases vacíos (detalle y formulario de edición)'),
        body: codordenBody,
        response: { 200: detalleCupoRespuesta, ...respuestasDeError },
      },
    },
    (request) => cupos.detalle(app.db, usuarioDe(request), request.body.codorden),
  );

  app.post(
    '/cupos/crear',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Crea cantCuposIguales cupos idénticos (hasta 100), todos o ninguno'),
        body: crearCupoBody,
        response: respuestasGuardado,
      },
    },
    async (request, reply) => {
      const r = await cupos.crear(
        app.db,
        usuarioDe(request),
        actorDe(request),
        request.body.mergedCupo,
      );
      return responderGuardado(reply, r);
    },
  );

  app.post(
    '/cupos/editar',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Modifica un cupo sin asignar: todos sus valores, mezcla y envases'),
        body: editarCupoBody,
        response: respuestasGuardado,
      },
    },
    async (request, reply) => {
      const r = await cupos.editar(
        app.db,
        usuarioDe(request),
        actorDe(request),
        request.body.mergedCupo,
      );
      return responderGuardado(reply, r);
    },
  );

  app.post(
    '/cupos/eliminar',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema(
          'Elimina un cupo sin asignar (queda en la base como eliminado, con quién y cuándo)',
        ),
        body: codordenBody,
        response: { 200: eliminadosRespuesta, ...respuestasDeError },
      },
    },
    (request) =>
      cupos.eliminar(app.db, usuarioDe(request), actorDe(request), request.body.codorden),
  );

  app.post(
    '/cupos/limpiar',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Limpiar Cupos: elimina todos los cupos sin asignar de un cliente y unidad'),
        body: limpiarCuposBody,
        response: { 200: eliminadosRespuesta, ...respuestasDeError },
      },
    },
    (request) => {
      const { codEmpre, uniNeg } = request.body;
      return cupos.limpiar(app.db, usuarioDe(request), actorDe(request), codEmpre, uniNeg);
    },
  );

  // The order form's catalogue of dispatch types (containers and products: their features).

  app.post(
    '/cupos/despachos',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Tipos de despacho de una unidad de negocio (coddespacho lleva la unidad)'),
        body: despachosBody,
        response: { 200: despachosRespuesta, ...respuestasDeError },
      },
    },
    (request) => cupos.despachos(app.db, usuarioDe(request), request.body.coddespacho),
  );
};
