import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hechoRespuesta, respuestasDeError } from '../../../shared/contracts/comun';
import {
  calendarioBody,
  calendarioRespuesta,
  cambiarTurnoBody,
  cancelarTurnoBody,
  copiarSemanaBody,
  copiarSemanaRespuesta,
  disponibilidadBody,
  disponibilidadRespuesta,
  guardarExcepcionesBody,
  guardarParametrosTurnosBody,
  guardarPlantillaBody,
  parametrosTurnos,
  pausarBody,
  pausarRespuesta,
  reanudarBody,
  reservarTurnoBody,
  turno,
  turnosBody,
  turnosRespuesta,
} from '../../../shared/contracts/turnos';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import * as turnos from './servicio';

const esquema = (summary: string) => ({ tags: ['turnos'], summary });
const admin = (summary: string) => ({ tags: ['administración', 'turnos'], summary });

/** Turns (issue 24): availability and bookings for users; the calendar for administrators. */
export const turnosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/turnos/disponibilidad',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema(
          'Las franjas horarias de una unidad (o de un tipo de despacho) entre dos días: capacidad, reservados, lugares libres, pausa y si la reserva está abierta ahora',
        ),
        body: disponibilidadBody,
        response: { 200: disponibilidadRespuesta, ...respuestasDeError },
      },
    },
    (request) => turnos.disponibilidad(app.db, app.reloj, usuarioDe(request), request.body),
  );

  app.post(
    '/turnos/reservar',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema(
          'Reserva una franja para un cupo sin camión y responde el turno con su código; 409 si no quedan lugares, está pausada o fuera de plazo',
        ),
        body: reservarTurnoBody,
        response: { 201: turno, ...respuestasDeError },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await turnos.reservar(
            app.db,
            app.reloj,
            usuarioDe(request),
            actorDe(request),
            request.body,
          ),
        ),
  );

  app.post(
    '/turnos/cambiar',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Pasa un turno reservado a otra franja, antes del plazo de cambio'),
        body: cambiarTurnoBody,
        response: { 200: turno, ...respuestasDeError },
      },
    },
    (request) =>
      turnos.cambiar(app.db, app.reloj, usuarioDe(request), actorDe(request), request.body),
  );

  app.post(
    '/turnos/cancelar',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Cancela un turno reservado, antes del plazo de cambio: su lugar queda libre'),
        body: cancelarTurnoBody,
        response: { 200: turno, ...respuestasDeError },
      },
    },
    (request) =>
      turnos.cancelar(app.db, app.reloj, usuarioDe(request), actorDe(request), request.body),
  );

  app.post(
    '/turnos',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema(
          'Los turnos entre dos días: los de la empresa del usuario (un cliente) o de todas (el administrador)',
        ),
        body: turnosBody,
        response: { 200: turnosRespuesta, ...respuestasDeError },
      },
    },
    (request) => turnos.listar(app.db, usuarioDe(request), request.body),
  );

  app.post(
    '/administracion/turnos/calendario',
    {
      config: { acceso: 'administrador' },
      schema: {
        ...admin(
          'El calendario de capacidad de una unidad (o tipo de despacho): plantilla semanal, parámetros, excepciones y pausas de un rango',
        ),
        body: calendarioBody,
        response: { 200: calendarioRespuesta, ...respuestasDeError },
      },
    },
    (request) => turnos.verCalendario(app.db, request.body),
  );

  app.post(
    '/administracion/turnos/parametros',
    {
      config: { acceso: 'administrador' },
      schema: {
        ...admin(
          'Fija las reglas de reserva de una unidad: anticipación, cierre, plazo de cambio, tolerancia y cuota por empresa',
        ),
        body: guardarParametrosTurnosBody,
        response: { 200: parametrosTurnos, ...respuestasDeError },
      },
    },
    (request) => turnos.guardarParametros(app.db, actorDe(request), request.body),
  );

  app.post(
    '/administracion/turnos/plantilla',
    {
      config: { acceso: 'administrador' },
      schema: {
        ...admin('Reemplaza la plantilla semanal: camiones por hora de cada día de la semana'),
        body: guardarPlantillaBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await turnos.guardarPlantilla(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/administracion/turnos/excepciones',
    {
      config: { acceso: 'administrador' },
      schema: {
        ...admin(
          'Reemplaza las capacidades propias de una fecha (0: franja cerrada; lista vacía: vuelve a la plantilla)',
        ),
        body: guardarExcepcionesBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await turnos.guardarExcepciones(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/administracion/turnos/copiar-semana',
    {
      config: { acceso: 'administrador' },
      schema: {
        ...admin('Copia los 7 días desde una fecha, tal como están, sobre las semanas siguientes'),
        body: copiarSemanaBody,
        response: { 200: copiarSemanaRespuesta, ...respuestasDeError },
      },
    },
    (request) => turnos.copiarSemana(app.db, actorDe(request), request.body),
  );

  app.post(
    '/administracion/turnos/pausar',
    {
      config: { acceso: 'administrador' },
      schema: {
        ...admin(
          'Pausa una franja o un día entero con un motivo: no toma reservas; responde los turnos afectados',
        ),
        body: pausarBody,
        response: { 200: pausarRespuesta, ...respuestasDeError },
      },
    },
    (request) => turnos.pausar(app.db, actorDe(request), request.body),
  );

  app.post(
    '/administracion/turnos/reanudar',
    {
      config: { acceso: 'administrador' },
      schema: {
        ...admin('Levanta una pausa: la franja vuelve a tomar reservas'),
        body: reanudarBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await turnos.reanudar(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  );
};
