import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { enviarJsonDe } from '../../plugins/respuestas';
import { ruta } from '../../plugins/ruta';
import * as camiones from './servicio';
import * as umbrales from './umbrales/servicio';

export const camionesRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'POST /api/camiones/camiones-playa', {
    acceso: 'sesion',
    handler: async (request, reply) =>
      enviarJsonDe(
        reply,
        await camiones.enPlaya(app.db, usuarioDe(request), {
          ...request.body.filtros,
          horasFinalizados: app.config.finishedTruckHours,
        }),
      ),
  });

  ruta(app, 'POST /api/camiones/vincular-camion-cupo', {
    acceso: 'sesion',
    handler: async (request, reply) => {
      const { ctrl, codcamion, cantidad } = request.body;
      await camiones.vincular(app.db, usuarioDe(request), actorDe(request), {
        camion: codcamion,
        cupo: ctrl,
        cantidad,
      });
      return reply.code(201).send({ actualizado: 1 });
    },
  });

  ruta(app, 'POST /api/camiones/cupos-asignados', {
    acceso: 'sesion',
    handler: (request) =>
      camiones.cuposAsignados(app.db, usuarioDe(request), request.body.codcamion),
  });

  ruta(app, 'POST /api/camiones/desasignar-cupo-camion', {
    acceso: 'sesion',
    handler: async (request, reply) => {
      const { ctrl, codcamion } = request.body;
      await camiones.desvincular(app.db, usuarioDe(request), actorDe(request), {
        camion: codcamion,
        cupo: ctrl,
      });
      return reply.code(201).send({ resultado: [{ result: 1 }] });
    },
  });

  ruta(app, 'POST /api/camiones/tickets', {
    acceso: 'sesion',
    handler: (request) => camiones.tickets(app.db, usuarioDe(request), request.body.camion),
  });

  // The wait thresholds per business unit (issue 15), a part of the trucks' feature.
  ruta(app, 'GET /api/camiones/umbrales-espera', {
    acceso: 'sesion',
    handler: (request) => umbrales.deUnidades(app.db, usuarioDe(request)),
  });

  ruta(app, 'POST /api/administracion/umbrales-espera', {
    acceso: 'administrador',
    handler: async (request) => {
      await umbrales.guardar(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  });
};
