import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIMITE_ARCHIVO_BYTES,
  LIMITE_ARCHIVO_MB,
  TIPO_XLSX,
} from '../../../shared/contracts/importacion';
import { MENSAJES_IMPORTACION as M } from '../../../shared/textos';
import { actorDe } from '../../db/auditoria';
import { ErrorHttp } from '../../errores';
import { enviarArchivo, responderNdjson } from '../../plugins/respuestas';
import { ruta } from '../../plugins/ruta';
import * as importacion from './servicio';

/**
 * Importing from a spreadsheet (issue 21): administrators only. The file is the body, as it is
 * (application/octet-stream), handed to the service as the stream it arrives as: never held
 * whole, and refused with a 413 past LIMITE_ARCHIVO_MB (at once when its length says so).
 */
export const importacionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/octet-stream', (request, cuerpo, listo) => {
    if (Number(request.headers['content-length']) > LIMITE_ARCHIVO_BYTES) {
      listo(new ErrorHttp(413, M.archivoGrande(LIMITE_ARCHIVO_MB)), undefined);
      return;
    }
    listo(null, cuerpo);
  });

  const pasos = [
    ['POST /api/administracion/importacion/revisar', false],
    ['POST /api/administracion/importacion/aplicar', true],
  ] as const;
  for (const [clave, aplicar] of pasos) {
    ruta(app, clave, {
      acceso: 'administrador',
      config: { archivo: true },
      handler: async (request, reply) =>
        responderNdjson(reply, (avisar) =>
          importacion.importar(
            app.db,
            actorDe(request),
            request.body as Readable,
            { ...request.query, aplicar },
            avisar,
          ),
        ),
    });
  }

  ruta(app, 'GET /api/administracion/importacion/plantilla', {
    acceso: 'administrador',
    handler: async (_request, reply) =>
      enviarArchivo(reply, {
        contenido: await importacion.plantillaXlsx(),
        tipo: TIPO_XLSX,
        nombre: 'plantilla-importacion.xlsx',
      }),
  });

  ruta(app, 'GET /api/administracion/importacion/plantilla/:clase', {
    acceso: 'administrador',
    handler: async (request, reply) =>
      enviarArchivo(reply, {
        ...importacion.plantillaCsv(request.params.clase),
        tipo: 'text/csv; charset=utf-8',
      }),
  });
};
