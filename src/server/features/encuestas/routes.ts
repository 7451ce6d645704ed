import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  crearEncuestaBody,
  crearPreguntaBody,
  editarEncuestaBody,
  editarPreguntaBody,
  encuesta,
  encuestaParams,
  encuestaUsuarioParams,
  enviarRecordatorioBody,
  enviarRecordatorioRespuesta,
  estadoRecordatorio,
  listaEncuestas,
  listaRecordatorios,
  recordatoriosVistosBody,
  recordatoriosVistosRespuesta,
  listaPreguntas,
  listaRespuestas,
  pregunta,
  respondioRespuesta,
  responderBody,
  responderRespuesta,
  resultadosBody,
  resultadosRespuesta,
  usuarioParams,
} from '../../../shared/contracts/encuestas';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import * as encuestas from './servicio';

const tags = ['encuestas'];

export const encuestasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/encuestas',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags,
        summary: 'Todas las encuestas, las más nuevas primero',
        response: { 200: listaEncuestas, ...respuestasDeError },
      },
    },
    () => encuestas.listar(db),
  );

  app.post(
    '/encuestas',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary: 'Crea una encuesta (sin preguntas)',
        body: crearEncuestaBody,
        response: { 201: encuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const creada = await encuestas.crear(db, actorDe(request), {
        ...request.body,
        creadaPor: usuarioDe(request).id,
      });
      return reply.code(201).send(creada);
    },
  );

  app.post(
    '/encuestas/editar',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary: 'Cambia el título y la descripción de una encuesta',
        body: editarEncuestaBody,
        response: { 200: encuesta, ...respuestasDeError },
      },
    },
    (request) => encuestas.editar(db, actorDe(request), request.body),
  );

  app.post(
    '/encuestas/pregunta',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary: 'Agrega una pregunta de puntaje, no obligatoria, al final de la encuesta',
        body: crearPreguntaBody,
        response: { 201: pregunta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const { EncuestaId, Texto } = request.body;
      const creada = await encuestas.agregarPregunta(db, actorDe(request), EncuestaId, Texto);
      return reply.code(201).send(creada);
    },
  );

  app.post(
    '/encuestas/pregunta/editar',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary: 'Cambia el texto de una pregunta y si es obligatoria o de texto',
        body: editarPreguntaBody,
        response: { 200: pregunta, ...respuestasDeError },
      },
    },
    (request) => encuestas.editarPregunta(db, actorDe(request), request.body),
  );

  app.get(
    '/encuestas/pendientes/:userId',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags,
        summary: 'Encuestas con preguntas que el usuario todavía no respondió',
        params: usuarioParams,
        response: { 200: listaEncuestas, ...respuestasDeError },
      },
    },
    (request) => encuestas.pendientes(db, usuarioDe(request), request.params.userId),
  );

  app.get(
    '/encuestas/:id',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags,
        summary: 'Una encuesta',
        params: encuestaParams,
        response: { 200: encuesta, ...respuestasDeError },
      },
    },
    (request) => encuestas.encuesta(db, request.params.id),
  );

  app.get(
    '/encuestas/:id/preguntas',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags,
        summary: 'Las preguntas de una encuesta, en el orden en que se hacen',
        params: encuestaParams,
        response: { 200: listaPreguntas, ...respuestasDeError },
      },
    },
    (request) => encuestas.preguntas(db, request.params.id),
  );

  app.get(
    '/encuestas/:id/respuestas',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary: 'Las respuestas de cada usuario, las más nuevas primero',
        params: encuestaParams,
        response: { 200: listaRespuestas, ...respuestasDeError },
      },
    },
    (request) => encuestas.respuestas(db, request.params.id),
  );

  app.post(
    '/encuestas/resultados',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary:
          'Los resultados de una encuesta: por pregunta respondidas, omitidas, promedio, distribución, CSAT y su evolución por mes; las respuestas de texto; la tasa de respuesta',
        body: resultadosBody,
        response: { 200: resultadosRespuesta, ...respuestasDeError },
      },
    },
    (request) => encuestas.resultados(db, request.body),
  );

  app.get(
    '/encuestas/:id/usuario/:userId/respondio',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags,
        summary: 'Si el usuario ya respondió la encuesta',
        params: encuestaUsuarioParams,
        response: { 200: respondioRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      return { respondio: await encuestas.respondio(db, usuarioDe(request), id, userId) };
    },
  );

  app.post(
    '/encuestas/responder',
    {
      config: { acceso: 'cliente' },
      schema: {
        tags,
        summary: 'Registra las respuestas del usuario a una encuesta (una sola vez)',
        body: responderBody,
        response: { 201: responderRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const registrada = await encuestas.responder(
        db,
        usuarioDe(request),
        actorDe(request),
        request.body,
      );
      return reply.code(201).send(registrada);
    },
  );

  app.get(
    '/encuestas/:id/recordatorio',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary:
          'A cuántos usuarios llegaría un recordatorio ahora (pendientes no recordados en los últimos 7 días) y el último enviado',
        params: encuestaParams,
        response: { 200: estadoRecordatorio, ...respuestasDeError },
      },
    },
    (request) => encuestas.estadoRecordatorio(db, request.params.id),
  );

  app.post(
    '/encuestas/recordatorio',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary:
          'Recuerda la encuesta a quienes la tienen pendiente; omite a quienes ya se les recordó en los últimos 7 días',
        body: enviarRecordatorioBody,
        response: { 200: enviarRecordatorioRespuesta, ...respuestasDeError },
      },
    },
    (request) => encuestas.enviarRecordatorio(db, actorDe(request), request.body.id),
  );

  app.get(
    '/encuestas/recordatorios/:userId',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags,
        summary:
          'Los recordatorios no vistos del usuario, uno por encuesta que todavía no respondió (no marca nada)',
        params: usuarioParams,
        response: { 200: listaRecordatorios, ...respuestasDeError },
      },
    },
    (request) => encuestas.recordatorios(db, usuarioDe(request), request.params.userId),
  );

  app.post(
    '/encuestas/recordatorios/vistos',
    {
      config: { acceso: 'cliente' },
      schema: {
        tags,
        summary: 'Marca como vistos los recordatorios del usuario de la sesión para esas encuestas',
        body: recordatoriosVistosBody,
        response: { 200: recordatoriosVistosRespuesta, ...respuestasDeError },
      },
    },
    (request) => encuestas.recordatoriosVistos(db, usuarioDe(request), request.body.encuestaIds),
  );
};
