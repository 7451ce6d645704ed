import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hechoRespuesta } from '../../../shared/contracts/comun';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  activoDespachoBody,
  activoUnidadBody,
  crearDespachoBody,
  crearUnidadBody,
  despachoAdministrado,
  despachoBody,
  listaUnidadesAdministradas,
  renombrarDespachoBody,
  renombrarUnidadBody,
  unidadAdministrada,
  unidadBody,
} from '../../../shared/contracts/unidades';
import { actorDe } from '../../db/auditoria';
import * as unidades from './servicio';

/** Business units and their dispatch types (issue 21): administrators only. */
export const unidadesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['administración'];
  const config = { acceso: 'administrador' } as const;

  app.get(
    '/administracion/unidades',
    {
      config,
      schema: {
        tags,
        summary: 'Las unidades de negocio con sus tipos de despacho, activos o no',
        response: { 200: listaUnidadesAdministradas, ...respuestasDeError },
      },
    },
    () => unidades.listar(app.db),
  );

  app.post(
    '/administracion/unidades/crear',
    {
      config,
      schema: {
        tags,
        summary: 'Crea una unidad de negocio (nombre único, sin distinguir mayúsculas)',
        body: crearUnidadBody,
        response: { 201: unidadAdministrada, ...respuestasDeError },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await unidades.crearUnidad(app.db, actorDe(request), request.body)),
  );

  app.post(
    '/administracion/unidades/renombrar',
    {
      config,
      schema: {
        tags,
        summary: 'Cambia el nombre de una unidad de negocio',
        body: renombrarUnidadBody,
        response: { 200: unidadAdministrada, ...respuestasDeError },
      },
    },
    (request) =>
      unidades.renombrarUnidad(app.db, actorDe(request), request.body.ctrl, request.body.unineg),
  );

  app.post(
    '/administracion/unidades/activo',
    {
      config,
      schema: {
        tags,
        summary:
          'Desactiva una unidad de negocio (no se ofrece para nada nuevo; su historia queda) o la activa otra vez',
        body: activoUnidadBody,
        response: { 200: unidadAdministrada, ...respuestasDeError },
      },
    },
    (request) =>
      unidades.cambiarActivoUnidad(
        app.db,
        actorDe(request),
        request.body.ctrl,
        request.body.activo,
      ),
  );

  app.post(
    '/administracion/unidades/eliminar',
    {
      config,
      schema: {
        tags,
        summary:
          'Elimina una unidad de negocio que nada usa, con sus tipos de despacho; si algo la usa responde 409 nombrándolo',
        body: unidadBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await unidades.eliminarUnidad(app.db, actorDe(request), request.body.ctrl);
      return { ok: true as const };
    },
  );

  app.post(
    '/administracion/despachos/crear',
    {
      config,
      schema: {
        tags,
        summary: "Crea un tipo de despacho de una unidad: a granel ('N') o en envases ('S')",
        body: crearDespachoBody,
        response: { 201: despachoAdministrado, ...respuestasDeError },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await unidades.crearDespacho(app.db, actorDe(request), request.body)),
  );

  app.post(
    '/administracion/despachos/renombrar',
    {
      config,
      schema: {
        tags,
        summary: 'Cambia el nombre de un tipo de despacho',
        body: renombrarDespachoBody,
        response: { 200: despachoAdministrado, ...respuestasDeError },
      },
    },
    (request) =>
      unidades.renombrarDespacho(
        app.db,
        actorDe(request),
        request.body.coddespacho,
        request.body.nomdespacho,
      ),
  );

  app.post(
    '/administracion/despachos/activo',
    {
      config,
      schema: {
        tags,
        summary:
          'Desactiva un tipo de despacho (los cupos nuevos no lo ofrecen; los que lo tienen lo conservan) o lo activa otra vez',
        body: activoDespachoBody,
        response: { 200: despachoAdministrado, ...respuestasDeError },
      },
    },
    (request) =>
      unidades.cambiarActivoDespacho(
        app.db,
        actorDe(request),
        request.body.coddespacho,
        request.body.activo,
      ),
  );

  app.post(
    '/administracion/despachos/eliminar',
    {
      config,
      schema: {
        tags,
        summary:
          'Elimina un tipo de despacho que ningún cupo tiene; si alguno lo tiene responde 409',
        body: despachoBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await unidades.eliminarDespacho(app.db, actorDe(request), request.body.coddespacho);
      return { ok: true as const };
    },
  );
};
