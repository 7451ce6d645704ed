import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorApi, respuestasDeError } from '../../../shared/contracts/comun';
import {
  flujoImportacion,
  importacionConsulta,
  LIMITE_ARCHIVO_BYTES,
  LIMITE_ARCHIVO_MB,
  plantillaCsv,
  plantillaCsvParams,
  plantillaXlsx,
  TIPO_XLSX,
} from '../../../shared/contracts/importacion';
import { MENSAJES_IMPORTACION as M } from '../../../shared/textos';
import { actorDe } from '../../db/auditoria';
import { ErrorHttp } from '../../errores';
import { enviarArchivo, responderNdjson } from '../../plugins/respuestas';
import * as importacion from './servicio';

/**
 * Importing from a spreadsheet (issue 21): administrators only. The file is the body, as it is
 * (application/octet-stream), handed to the service as the stream it arrives as: never held
 * whole, and refused with a 413 past LIMITE_ARCHIVO_MB (at once when its length says so).
 */
export const importacionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['administración'];

  app.addContentTypeParser('application/octet-stream', (request, cuerpo, listo) => {
    if (Number(request.headers['content-length']) > LIMITE_ARCHIVO_BYTES) {
      listo(new ErrorHttp(413, M.archivoGrande(LIMITE_ARCHIVO_MB)), undefined);
      return;
    }
    listo(null, cuerpo);
  });

  const pasos = [
    {
      camino: 'revisar',
      aplicar: false,
      summary:
        'Revisa un archivo de importación (xlsx o CSV) sin guardar nada: fila por fila, qué se crea, qué cambia y qué se rechaza',
    },
    {
      camino: 'aplicar',
      aplicar: true,
      summary:
        'Importa un archivo (xlsx o CSV) en una sola transacción: si alguna fila se rechaza, no guarda nada y la nombra',
    },
  ] as const;
  for (const { camino, aplicar, summary } of pasos) {
    app.post(
      `/administracion/importacion/${camino}`,
      {
        config: { acceso: 'administrador', archivo: true },
        // Progress lines must leave as they come: a compressor would hold them back.
        compress: false,
        schema: {
          tags,
          summary,
          description:
            'El cuerpo es el archivo tal cual (Content-Type: application/octet-stream), hasta ' +
            `${LIMITE_ARCHIVO_MB} MB. Un xlsx con una hoja por clase, o un CSV de una clase ` +
            '(`clase`, o el nombre del archivo).',
          querystring: importacionConsulta,
          response: { 200: flujoImportacion, 413: errorApi, ...respuestasDeError },
        },
      },
      async (request, reply) =>
        responderNdjson(reply, (avisar) =>
          importacion.importar(
            app.db,
            actorDe(request),
            request.body as Readable,
            { ...request.query, aplicar },
            avisar,
          ),
        ),
    );
  }

  app.get(
    '/administracion/importacion/plantilla',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary:
          'La plantilla de importación: un xlsx con una hoja por clase y una fila de ejemplo',
        response: { 200: plantillaXlsx, ...respuestasDeError },
      },
    },
    async (_request, reply) =>
      enviarArchivo(reply, {
        contenido: await importacion.plantillaXlsx(),
        tipo: TIPO_XLSX,
        nombre: 'plantilla-importacion.xlsx',
      }),
  );

  app.get(
    '/administracion/importacion/plantilla/:clase',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags,
        summary: 'La plantilla CSV de una clase de importación',
        params: plantillaCsvParams,
        response: { 200: plantillaCsv, ...respuestasDeError },
      },
    },
    async (request, reply) =>
      enviarArchivo(reply, {
        ...importacion.plantillaCsv(request.params.clase),
        tipo: 'text/csv; charset=utf-8',
      }),
  );
};
