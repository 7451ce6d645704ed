import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioDe } from '../../acceso';
import { nombreCookieSesion } from '../auth/cookies';
import type { Flujo, Salida } from './central';
import { ruta } from '../../plugins/ruta';
import * as enVivo from './servicio';

export const enVivoRoutes: FastifyPluginAsyncZod = async (app) => {
  ruta(app, 'GET /api/camiones/eventos', {
    acceso: 'sesion',
    handler: async (request, reply) => {
      const usuario = usuarioDe(request);
      const lugar = await enVivo.ocuparLugar(app.enVivo, app.db, usuario);
      // EventSource sends Last-Event-ID when it reconnects by itself; `desde` when a tab takes
      // the stream over from another.
      const encabezado = Number(request.headers['last-event-id']);
      const desde =
        Number.isSafeInteger(encabezado) && encabezado >= 0 ? encabezado : request.query.desde;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies (nginx) must pass each event on as it comes, not buffer the stream.
        'x-accel-buffering': 'no',
      });
      raw.flushHeaders();
      const salida: Salida = {
        escribir: (texto) => void raw.write(texto),
        cerrar: () => raw.end(),
      };
      // The browser may leave while the stream is still opening: it leaves the hub then too.
      let flujo: Flujo | undefined;
      let cerrado = false;
      raw.on('close', () => {
        cerrado = true;
        if (flujo) app.enVivo.quitar(flujo);
      });
      try {
        flujo = await enVivo.abrir(
          app.enVivo,
          app.db,
          usuario,
          request.cookies[nombreCookieSesion(app.config.cookieSecure)] ?? '',
          desde,
          salida,
          lugar,
        );
        if (cerrado) app.enVivo.quitar(flujo);
      } catch (e) {
        request.log.error({ err: e }, 'en vivo: no se pudo abrir el flujo');
        raw.end();
      }
    },
  });
};
