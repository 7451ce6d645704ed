import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import * as cupos from './servicio';

/** 400 carries the list the form shows as bullets, and `msj` as every error does. */
function responderGuardado(reply: FastifyReply, r: cupos.ResultadoGuardado) {
  if ('errores' in r)
    return reply.code(400).send({ msj: r.errores.join('; '), erroresCupo: r.errores });
  // 201 for an edit too: the form saves both and the spec calls a save successful on 201.
  return reply.code(201).send(r);
}

export const cuposRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'POST /api/cupos', {
    acceso: 'sesion',
    handler: async (request) => {
      const { codEmpre, uniNeg } = request.body;
      return {
        resultado: await cupos.disponibles(app.db, usuarioDe(request), codEmpre, uniNeg),
      };
    },
  });

  ruta(app, 'POST /api/cupo/detalle', {
    acceso: 'sesion',
    handler: (request) => cupos.detalle(app.db, usuarioDe(request), request.body.codorden),
  });

  ruta(app, 'POST /api/cupos/crear', {
    acceso: 'sesion',
    handler: async (request, reply) => {
      const r = await cupos.crear(
        app.db,
        usuarioDe(request),
        actorDe(request),
        request.body.mergedCupo,
      );
      return responderGuardado(reply, r);
    },
  });

  ruta(app, 'POST /api/cupos/editar', {
    acceso: 'sesion',
    handler: async (request, reply) => {
      const r = await cupos.editar(
        app.db,
        usuarioDe(request),
        actorDe(request),
        request.body.mergedCupo,
      );
      return responderGuardado(reply, r);
    },
  });

  ruta(app, 'POST /api/cupos/eliminar', {
    acceso: 'sesion',
    handler: (request) =>
      cupos.eliminar(app.db, usuarioDe(request), actorDe(request), request.body.codorden),
  });

  ruta(app, 'POST /api/cupos/limpiar', {
    acceso: 'sesion',
    handler: (request) => {
      const { codEmpre, uniNeg } = request.body;
      return cupos.limpiar(app.db, usuarioDe(request), actorDe(request), codEmpre, uniNeg);
    },
  });

  // The order form's catalogue of dispatch types (containers and products: their features).

  ruta(app, 'POST /api/cupos/despachos', {
    acceso: 'sesion',
    handler: (request) => cupos.despachos(app.db, usuarioDe(request), request.body.coddespacho),
  });
};
