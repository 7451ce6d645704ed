import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hechoRespuesta } from '../../../shared/contracts/comun';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  guardarUmbralEsperaBody,
  umbralesEsperaRespuesta,
} from '../../../shared/contracts/umbrales';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import * as umbrales from './servicio';

/** The wait thresholds per business unit (issue 15). */
export const umbralesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/camiones/umbrales-espera',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['camiones'],
        summary:
          "Los umbrales de espera (aviso y límite, en minutos, de 'Playa sin orden' y 'Playa con orden') de las unidades de negocio del usuario, y la hora de la terminal",
        response: { 200: umbralesEsperaRespuesta, ...respuestasDeError },
      },
    },
    (request) => umbrales.deUnidades(app.db, usuarioDe(request)),
  );

  app.post(
    '/administracion/umbrales-espera',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags: ['administración'],
        summary:
          'Fija los umbrales de espera de una unidad de negocio: el límite debe ser mayor que el aviso',
        body: guardarUmbralEsperaBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      await umbrales.guardar(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  );
};
