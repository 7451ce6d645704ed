/**
 * Containers per client (issue 21): the order form's spec route, for any signed-in user, and
 * their administration, for administrators. The CLI's `envases …` calls the same services.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hechoRespuesta } from '../../../shared/contracts/comun';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  activoEnvaseBody,
  crearEnvaseBody,
  ctrlEnvaseBody,
  editarEnvaseBody,
  envaseAdministrado,
  envasesClientesBody,
  envasesClientesRespuesta,
  envasesDeClienteBody,
  listaEnvases,
} from '../../../shared/contracts/envases';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import * as envases from './servicio';

export const envasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

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
    (request) => envases.ofrecidos(db, usuarioDe(request), request.body.cliente),
  );

  const tags = ['administración'];
  const config = { acceso: 'administrador' } as const;

  app.post(
    '/administracion/envases',
    {
      config,
      schema: {
        tags,
        summary: 'Los envases de un cliente, activos o no',
        body: envasesDeClienteBody,
        response: { 200: listaEnvases, ...respuestasDeError },
      },
    },
    (request) => envases.listar(db, request.body.codempre),
  );

  app.post(
    '/administracion/envases/crear',
    {
      config,
      schema: {
        tags,
        summary: 'Crea un envase de un cliente: nombre (único en el cliente) y peso en kg',
        body: crearEnvaseBody,
        response: { 201: envaseAdministrado, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const creado = await envases.crear(db, actorDe(request), request.body);
      return reply.code(201).send(creado);
    },
  );

  app.post(
    '/administracion/envases/editar',
    {
      config,
      schema: {
        tags,
        summary: 'Cambia el nombre y el peso de un envase (los cupos ya pedidos conservan su peso)',
        body: editarEnvaseBody,
        response: { 200: envaseAdministrado, ...respuestasDeError },
      },
    },
    (request) => envases.editar(db, actorDe(request), request.body),
  );

  app.post(
    '/administracion/envases/activo',
    {
      config,
      schema: {
        tags,
        summary: 'Desactiva un envase (deja de ofrecerse para cupos nuevos) o lo activa',
        body: activoEnvaseBody,
        response: { 200: envaseAdministrado, ...respuestasDeError },
      },
    },
    (request) => envases.cambiarActivo(db, actorDe(request), request.body),
  );

  app.post(
    '/administracion/envases/eliminar',
    {
      config,
      schema: {
        tags,
        summary: 'Elimina un envase que ningún cupo usó; si alguno lo usó, lo rechaza',
        body: ctrlEnvaseBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await envases.eliminar(db, actorDe(request), request.body.ctrl);
      return { ok: true as const };
    },
  );
};
