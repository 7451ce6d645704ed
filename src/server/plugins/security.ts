import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { MENSAJES_API } from '../../shared/textos';
import { ErrorHttp } from '../errores';

const METODOS_SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Headers (helmet with a CSP the built app satisfies) and the CSRF rule of design section 3:
 * a state change is a POST with Content-Type application/json — which a cross-site form cannot
 * send without a CORS preflight this server never grants — and, where the browser sends Origin,
 * one of the portal's public origins (PUBLIC_URL). Never the request's own Host: a page of
 * evil.example whose name points at the portal (DNS rebinding) sends Host and Origin alike.
 * A route that takes a file (`config.archivo`: the import) takes application/octet-stream
 * instead, and only that: no form can send it without a preflight either (a form sends only
 * urlencoded, multipart or text/plain).
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The spreadsheet library zips files over ~160 kB in a worker made from a blob: URL.
        workerSrc: ["'self'", 'blob:'],
        // React-Bootstrap positions modals and dropdowns with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: app.config.cookieSecure,
  });

  const origenes = new Set(app.config.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (METODOS_SEGUROS.has(request.method)) return;
    const tipo = (request.headers['content-type'] ?? '').toLowerCase();
    if (request.routeOptions.config?.archivo) {
      if (!tipo.startsWith('application/octet-stream')) {
        throw new ErrorHttp(415, MENSAJES_API.tipoContenidoArchivo);
      }
    } else if (!tipo.startsWith('application/json')) {
      throw new ErrorHttp(415, MENSAJES_API.tipoContenido);
    }
    const origen = request.headers.origin;
    if (origen !== undefined && !origenes.has(origen)) {
      throw new ErrorHttp(403, MENSAJES_API.origenInvalido);
    }
  });
});
