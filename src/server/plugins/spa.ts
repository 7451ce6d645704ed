import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MENSAJES_API } from '../../shared/textos';

export const CARPETA_WEB = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/**
 * The built SPA: hashed assets cached for a year, index.html never cached, and the fallback to
 * index.html only for GETs outside /api whose path has no file extension — so a missing asset
 * or API route still answers 404 instead of a page.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opciones: { carpeta?: string }) => {
  const carpeta = opciones.carpeta ?? CARPETA_WEB;
  const hayWeb = existsSync(path.join(carpeta, 'index.html'));

  if (hayWeb) {
    await app.register(fastifyStatic, {
      root: carpeta,
      wildcard: true,
      preCompressed: true,
      index: 'index.html',
      // Build metadata (.vite/manifest.json) and any other dot path are not part of the site.
      allowedPath: (ruta) => !ruta.split('/').some((segmento) => segmento.startsWith('.')),
      cacheControl: false,
      setHeaders(reply, ruta) {
        reply.header(
          'cache-control',
          ruta.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const ruta = request.url.split('?')[0] ?? '';
    const esPagina =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !ruta.startsWith('/api') &&
      path.extname(ruta) === '';
    if (hayWeb && esPagina) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ msj: MENSAJES_API.rutaInexistente });
  });
});
