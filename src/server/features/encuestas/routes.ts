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
  listaEncuestas,
  listaPreguntas,
  listaRespuestas,
  pregunta,
  respondioRespuesta,
  responderBody,
  responderRespuesta,
  usuarioParams,
} from '../../../shared/contracts/encuestas';
import { TEXTOS_ENCUESTAS } from '../../../shared/textos';
import { actorDe, auditar } from '../../db/auditoria';
import {
  conflicto,
  ErrorHttp,
  noEncontrado,
  sinPermisoDatos,
  solicitudInvalida,
} from '../../errores';
import { usuarioDe, type UsuarioSesion } from '../../plugins/session';
import {
  actualizarEncuesta,
  actualizarPregunta,
  crearEncuesta,
  crearPregunta,
  encuestaPorId,
  existeUsuario,
  listarEncuestas,
  pendientesDe,
  preguntaPorId,
  preguntasDe,
  preguntasVigentes,
  registrarRespuesta,
  respondio,
  respuestasDe,
} from './repository';
import { itemsDeRespuesta } from './rules';

const tags = ['encuestas'];

export const encuestasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** A user may ask only about itself; the administrator about anyone (design section 7). */
  async function exigirUsuarioConsultable(usuario: UsuarioSesion, userId: number) {
    if (usuario.id === userId) return;
    if (!usuario.esAdministrador) throw sinPermisoDatos();
    if (!(await existeUsuario(db, userId))) throw noEncontrado();
  }

  async function encuestaExistente(id: number) {
    const e = await encuestaPorId(db, id);
    if (!e) throw noEncontrado();
    return e;
  }

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
    () => listarEncuestas(db),
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
      const { id } = usuarioDe(request);
      const creada = await db.transaction(async (tx) => {
        const e = await crearEncuesta(tx, { ...request.body, creadaPor: id });
        await auditar(tx, {
          ...actorDe(request),
          accion: 'crear_encuesta',
          tabla: 'encuestas',
          filaId: e.Id,
          despues: e,
        });
        return e;
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
    (request) =>
      db.transaction(async (tx) => {
        const antes = await encuestaPorId(tx, request.body.id, true);
        if (!antes) throw noEncontrado();
        const despues = await actualizarEncuesta(tx, request.body);
        await auditar(tx, {
          ...actorDe(request),
          accion: 'editar_encuesta',
          tabla: 'encuestas',
          filaId: despues.Id,
          antes,
          despues,
        });
        return despues;
      }),
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
      const creada = await db.transaction(async (tx) => {
        if (!(await encuestaPorId(tx, EncuestaId))) throw noEncontrado();
        const p = await crearPregunta(tx, EncuestaId, Texto);
        await auditar(tx, {
          ...actorDe(request),
          accion: 'crear_pregunta',
          tabla: 'encuesta_preguntas',
          filaId: p.Id,
          despues: { ...p, EncuestaId },
        });
        return p;
      });
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
    (request) =>
      db.transaction(async (tx) => {
        const antes = await preguntaPorId(tx, request.body.id);
        if (!antes) throw noEncontrado();
        const despues = await actualizarPregunta(tx, request.body);
        await auditar(tx, {
          ...actorDe(request),
          accion: 'editar_pregunta',
          tabla: 'encuesta_preguntas',
          filaId: despues.Id,
          antes,
          despues: { ...despues, EncuestaId: antes.EncuestaId },
        });
        return despues;
      }),
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
    async (request) => {
      const { userId } = request.params;
      await exigirUsuarioConsultable(usuarioDe(request), userId);
      return pendientesDe(db, userId);
    },
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
    (request) => encuestaExistente(request.params.id),
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
    async (request) => {
      await encuestaExistente(request.params.id);
      return preguntasDe(db, request.params.id);
    },
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
    async (request) => {
      await encuestaExistente(request.params.id);
      return respuestasDe(db, request.params.id);
    },
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
      await exigirUsuarioConsultable(usuarioDe(request), userId);
      const respondida = await respondio(db, id, userId);
      if (respondida === undefined) throw noEncontrado();
      return { respondio: respondida };
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
      const { usuarioId, encuestaId, respuestas } = request.body;
      if (usuarioId !== usuarioDe(request).id) {
        throw new ErrorHttp(403, TEXTOS_ENCUESTAS.soloPropioUsuario);
      }
      const registrada = await db.transaction(async (tx) => {
        const yaRespondida = () => conflicto(TEXTOS_ENCUESTAS.yaRespondiste);
        const respondida = await respondio(tx, encuestaId, usuarioId);
        if (respondida === undefined) throw noEncontrado();
        if (respondida) throw yaRespondida();
        const resultado = itemsDeRespuesta(await preguntasVigentes(tx, encuestaId), respuestas);
        if (!resultado.ok) throw solicitudInvalida(resultado.msj);
        // A second submission racing this one finds the row and gets the same 409.
        const r = await registrarRespuesta(tx, encuestaId, usuarioId, resultado.items);
        if (!r) throw yaRespondida();
        await auditar(tx, {
          ...actorDe(request),
          accion: 'responder_encuesta',
          tabla: 'encuesta_respuestas',
          filaId: r.Id,
          despues: { ...r, items: resultado.items },
        });
        return r;
      });
      return reply.code(201).send(registrada);
    },
  );
};
