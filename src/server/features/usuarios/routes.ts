/**
 * The administration of users and their coordinate cards (issue 14): administrators only. The
 * CLI's `usuarios …` and `tarjeta …` commands call the same services.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activoUsuarioBody,
  crearUsuarioBody,
  listaUsuarios,
  sesionesCerradasRespuesta,
  unidadesUsuarioBody,
  usuarioBody,
  usuarioCreado,
} from '../../../shared/contracts/usuarios';
import { hechoRespuesta } from '../../../shared/contracts/comun';
import {
  tarjetaEmitida,
  tarjetaPdfBody,
  tarjetaPdfRespuesta,
} from '../../../shared/contracts/auth';
import { respuestasDeError } from '../../../shared/contracts/comun';
import { usuarioDe } from '../../acceso';
import { direccionDeIngreso } from '../../config';
import { actorDe } from '../../db/auditoria';
import { enviarArchivo } from '../../plugins/respuestas';
import * as auth from '../auth/servicio';
import * as usuarios from './servicio';

const tags = ['administración'];
const soloAdministradores = { acceso: 'administrador' } as const;

export const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/administracion/usuarios',
    {
      config: soloAdministradores,
      schema: {
        tags,
        summary:
          'Los usuarios con su empresa, unidades, tarjeta, bloqueo, último ingreso y sesiones abiertas',
        response: { 200: listaUsuarios, ...respuestasDeError },
      },
    },
    () => usuarios.listar(db, app.config.sessionIdleMinutes),
  );

  app.post(
    '/administracion/usuarios/crear',
    {
      config: soloAdministradores,
      schema: {
        tags,
        summary:
          'Crea un usuario de una empresa con sus unidades de negocio (sin tarjeta). Un administrador (empresa 0) pide reautenticación',
        body: crearUsuarioBody,
        response: { 201: usuarioCreado, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const creado = await usuarios.crear(db, usuarioDe(request), actorDe(request), request.body);
      return reply.code(201).send(creado);
    },
  );

  app.post(
    '/administracion/usuarios/unidades',
    {
      config: soloAdministradores,
      schema: {
        tags,
        summary: 'Cambia las unidades de negocio de un usuario',
        body: unidadesUsuarioBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const { usuario, unidades } = request.body;
      await usuarios.cambiarUnidades(db, actorDe(request), usuario, unidades);
      return { ok: true as const };
    },
  );

  app.post(
    '/administracion/usuarios/activo',
    {
      config: soloAdministradores,
      schema: {
        tags,
        summary:
          'Desactiva un usuario (no ingresa y sus sesiones se cierran en el acto) o lo reactiva',
        body: activoUsuarioBody,
        response: { 200: sesionesCerradasRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const { usuario, activo } = request.body;
      return { cerradas: await usuarios.cambiarActivo(db, actorDe(request), usuario, activo) };
    },
  );

  app.post(
    '/administracion/usuarios/desbloquear',
    {
      config: soloAdministradores,
      schema: {
        tags,
        summary: 'Quita el bloqueo por intentos fallidos (y la cuenta de fallos) de un usuario',
        body: usuarioBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await auth.desbloquear(db, request.body.usuario, actorDe(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/administracion/usuarios/cerrar-sesiones',
    {
      config: soloAdministradores,
      schema: {
        tags,
        summary: 'Cierra todas las sesiones abiertas de un usuario',
        body: usuarioBody,
        response: { 200: sesionesCerradasRespuesta, ...respuestasDeError },
      },
    },
    async (request) => ({
      cerradas: await auth.cerrarSesiones(db, { usuario: request.body.usuario }, actorDe(request)),
    }),
  );

  app.post(
    '/administracion/tarjetas/emitir',
    {
      config: soloAdministradores,
      schema: {
        tags,
        summary:
          'Emite una tarjeta de coordenadas nueva (revoca la anterior y cierra sus sesiones). Pide reautenticación; los valores se muestran una sola vez',
        body: usuarioBody,
        response: { 201: tarjetaEmitida, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const tarjeta = await auth.emitirTarjeta(
        db,
        app.config.cardSecret,
        usuarioDe(request),
        request.body.usuario,
        actorDe(request),
      );
      return reply.code(201).send(tarjeta);
    },
  );

  app.post(
    '/administracion/tarjetas/pdf',
    {
      config: soloAdministradores,
      schema: {
        tags,
        summary:
          'La tarjeta recién emitida, para imprimir (PDF). Lleva los valores que tiene la pantalla que la emitió; no se guarda',
        body: tarjetaPdfBody,
        response: { 200: tarjetaPdfRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const { pdf, archivo } = await auth.tarjetaImprimible(
        db,
        app.config.cardSecret,
        request.body,
        actorDe(request),
        { ingreso: direccionDeIngreso(app.config) },
      );
      return enviarArchivo(reply, { contenido: pdf, tipo: 'application/pdf', nombre: archivo });
    },
  );
};
