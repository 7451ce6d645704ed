import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { servicioDe, usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import { ruta } from '../../plugins/ruta';
import { enviarArchivo } from '../../plugins/respuestas';

import { LimiteDeFallos } from './limite-fallos';
import * as turnos from './servicio';

/**
 * The voucher is public by its unguessable code (docs/security.md): a guess costs one request of
 * a budget per address (25^8 codes: a budget of this size finds none in a lifetime).
 */
export const COMPROBANTES_POR_MINUTO = 30;

/** Turns (issue 24): availability and bookings for users; the calendar for administrators. */
export const turnosRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'POST /api/turnos/disponibilidad', {
    acceso: 'sesion',
    // 14 days are 336 bands, ~35 kB: checked and written in one pass (docs/rendimiento.md).
    serializacion: 'compilada',
    handler: (request) =>
      turnos.disponibilidad(app.db, app.reloj, usuarioDe(request), request.body),
  });

  ruta(app, 'POST /api/turnos/reservar', {
    acceso: 'sesion',
    handler: async (request, reply) =>
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
  });

  ruta(app, 'POST /api/turnos/cambiar', {
    acceso: 'sesion',
    handler: (request) =>
      turnos.cambiar(app.db, app.reloj, usuarioDe(request), actorDe(request), request.body),
  });

  ruta(app, 'POST /api/turnos/cancelar', {
    acceso: 'sesion',
    handler: (request) =>
      turnos.cancelar(app.db, app.reloj, usuarioDe(request), actorDe(request), request.body),
  });

  ruta(app, 'POST /api/turnos', {
    acceso: 'sesion',
    handler: (request) => turnos.listar(app.db, usuarioDe(request), request.body),
  });

  ruta(app, 'POST /api/administracion/turnos/calendario', {
    acceso: 'administrador',
    handler: (request) => turnos.verCalendario(app.db, request.body),
  });

  ruta(app, 'POST /api/administracion/turnos/parametros', {
    acceso: 'administrador',
    handler: (request) => turnos.guardarParametros(app.db, actorDe(request), request.body),
  });

  ruta(app, 'POST /api/administracion/turnos/plantilla', {
    acceso: 'administrador',
    handler: async (request) => {
      await turnos.guardarPlantilla(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  });

  ruta(app, 'POST /api/administracion/turnos/excepciones', {
    acceso: 'administrador',
    handler: async (request) => {
      await turnos.guardarExcepciones(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  });

  ruta(app, 'POST /api/administracion/turnos/copiar-semana', {
    acceso: 'administrador',
    handler: (request) => turnos.copiarSemana(app.db, actorDe(request), request.body),
  });

  ruta(app, 'POST /api/administracion/turnos/pausar', {
    acceso: 'administrador',
    handler: (request) => turnos.pausar(app.db, actorDe(request), request.body),
  });

  // Check-in at the gate: codes and plates that find nothing are limited per caller.
  const fallos = new LimiteDeFallos();
  ruta(app, 'POST /api/turnos/porteria/presentar', {
    acceso: 'servicio',
    handler: (request) =>
      fallos.vigilar(`token:${servicioDe(request).id}`, () =>
        turnos.presentar(app.db, app.reloj, 'terminal', actorDe(request), request.body),
      ),
  });

  ruta(app, 'POST /api/administracion/turnos/presentar', {
    acceso: 'administrador',
    handler: (request) => {
      const usuario = usuarioDe(request);
      return fallos.vigilar(`usuario:${usuario.id}`, () =>
        turnos.presentar(app.db, app.reloj, usuario, actorDe(request), request.body),
      );
    },
  });

  ruta(app, 'POST /api/administracion/turnos/reanudar', {
    acceso: 'administrador',
    handler: async (request) => {
      await turnos.reanudar(app.db, actorDe(request), request.body);
      return { ok: true as const };
    },
  });

  ruta(app, 'POST /api/administracion/turnos/ocupacion', {
    acceso: 'administrador',
    handler: (request) => turnos.ocupacion(app.db, request.body),
  });

  ruta(app, 'POST /api/turnos/pausados', {
    acceso: 'sesion',
    handler: (request) => turnos.turnosPausados(app.db, app.reloj, usuarioDe(request)),
  });

  const rateLimit = { max: COMPROBANTES_POR_MINUTO, timeWindow: '1 minute' };

  ruta(app, 'GET /api/turnos/comprobante/:codigo', {
    acceso: 'publico',
    config: { rateLimit },
    handler: (request) => turnos.comprobante(app.db, request.params.codigo),
  });

  ruta(app, 'GET /api/turnos/comprobante/:codigo/pdf', {
    acceso: 'publico',
    config: { rateLimit },
    handler: async (request, reply) => {
      const { pdf, archivo } = await turnos.comprobantePdf(app.db, request.params.codigo);
      return enviarArchivo(reply, { contenido: pdf, tipo: 'application/pdf', nombre: archivo });
    },
  });
};
