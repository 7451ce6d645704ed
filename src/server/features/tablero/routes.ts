import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  guardarParametrosTableroBody,
  parametrosTablero,
  tableroBody,
  tableroCamionesRespuesta,
  tableroCuposRespuesta,
  tableroDesviosRespuesta,
  tableroRecorridosRespuesta,
  tableroToneladasRespuesta,
} from '../../../shared/contracts/tablero';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import * as tablero from './servicio';

const RANGO =
  'de una unidad de negocio entre dos días de la terminal (ambos incluidos); el administrador ve todos los clientes o uno (`codempre`), un cliente solo su empresa';

/**
 * The dashboard (issue 16). Session routes, not for service tokens: the gate's machines record
 * the yard, they do not read its figures.
 */
export const tableroRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tablero/camiones',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['tablero'],
        summary: `Camiones ingresados y finalizados por hora y por día, y la capacidad por hora declarada, ${RANGO}`,
        body: tableroBody,
        response: { 200: tableroCamionesRespuesta, ...respuestasDeError },
      },
    },
    (request) => tablero.camiones(app.db, usuarioDe(request), request.body),
  );

  app.post(
    '/tablero/recorridos',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['tablero'],
        summary: `Tiempo de ingreso a finalizado (mediana y percentil 90, en minutos) por etapa y por día, y los camiones que hoy superan los umbrales de espera, ${RANGO}`,
        body: tableroBody,
        response: { 200: tableroRecorridosRespuesta, ...respuestasDeError },
      },
    },
    (request) => tablero.recorridos(app.db, usuarioDe(request), request.body),
  );

  app.post(
    '/tablero/toneladas',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['tablero'],
        summary: `Toneladas despachadas por producto y por día, ${RANGO}`,
        body: tableroBody,
        response: { 200: tableroToneladasRespuesta, ...respuestasDeError },
      },
    },
    (request) => tablero.toneladas(app.db, usuarioDe(request), request.body),
  );

  app.post(
    '/tablero/cupos',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['tablero'],
        summary: `Cupos pedidos, usados y eliminados sin usar por día, ${RANGO}`,
        body: tableroBody,
        response: { 200: tableroCuposRespuesta, ...respuestasDeError },
      },
    },
    (request) => tablero.cupos(app.db, usuarioDe(request), request.body),
  );

  app.post(
    '/tablero/desvios',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['tablero'],
        summary: `Camiones finalizados cuyo neto supera la carga máxima de sus cupos o queda por debajo más que la tolerancia de la unidad, con su ticket (los 500 más recientes y el total), ${RANGO}`,
        body: tableroBody,
        response: { 200: tableroDesviosRespuesta, ...respuestasDeError },
      },
    },
    (request) => tablero.desvios(app.db, usuarioDe(request), request.body),
  );

  app.post(
    '/administracion/tablero-parametros',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags: ['administración'],
        summary:
          'Fija la capacidad declarada (camiones por hora) y la tolerancia de faltante (porcentaje) de una unidad de negocio para el tablero; responde lo guardado',
        body: guardarParametrosTableroBody,
        response: { 200: parametrosTablero, ...respuestasDeError },
      },
    },
    (request) => tablero.guardarParametros(app.db, actorDe(request), request.body),
  );
};
