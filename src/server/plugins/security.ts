import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { MENSAJES_API } from '../../shared/textos';
import { ErrorHttp } from '../errores';

const METODOS_SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** helmet's options: a CSP the built app satisfies. */
const opcionesHelmet = (hsts: boolean): HelmetOptions => ({
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
  strictTransportSecurity: hsts,
});

/**
 * The headers helmet sets with these options, computed once. They depend on nothing of the
 * request (no nonces), and @fastify/helmet rebuilt them on every answer: it made a new helmet
 * middleware per request, parsing the CSP directives each time (~5 % of a light call's CPU,
 * docs/rendimiento.md). helmet itself still decides every header and value.
 */
export function cabecerasDeSeguridad(hsts: boolean): Record<string, string> {
  const cabeceras: Record<string, string> = {};
  const respuesta = {
    setHeader: (nombre: string, valor: string | number) => {
      cabeceras[nombre.toLowerCase()] = String(valor);
    },
    removeHeader: (nombre: string) => {
      delete cabeceras[nombre.toLowerCase()];
    },
  };
  let terminado = false;
  helmet(opcionesHelmet(hsts))(
    {} as IncomingMessage,
    respuesta as unknown as ServerResponse,
    (error?: unknown) => {
      // helmet only ever passes an Error (a bad option).
      if (error) throw error as Error;
      terminado = true;
    },
  );
  // helmet runs synchronously when no directive is a function; anything else would be a header
  // that depends on the request, which this precomputation cannot serve.
  if (!terminado) throw new Error('helmet no terminó de inmediato: sus cabeceras no son fijas');
  return cabeceras;
}

/**
 * The headers of an API answer (JSON, a download), after the OWASP REST Security Cheat Sheet: no
 * cache, nosniff, no framing, same-origin reads only, no referrer, HSTS where the portal is on
 * HTTPS, and a CSP that allows nothing (a JSON answer is never a document that loads anything).
 * What helmet adds for pages (the web client's CSP, origin-agent-cluster, x-dns-prefetch-control,
 * x-download-options, x-permitted-cross-domain-policies, x-xss-protection, the opener policy)
 * governs documents, not data: on a one-row answer those 600 bytes were most of what travelled
 * (docs/rendimiento.md, "Cabeceras de la API").
 */
export function cabecerasDeApi(hsts: boolean): Record<string, string> {
  const pagina = cabecerasDeSeguridad(hsts);
  const cabeceras: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  for (const nombre of [
    'cross-origin-resource-policy',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ]) {
    if (pagina[nombre] !== undefined) cabeceras[nombre] = pagina[nombre];
  }
  return cabeceras;
}

/** API answers, not the web client's files nor the API's own documentation pages. */
export const esDeLaApi = (url: string): boolean =>
  url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Headers (helmet with a CSP the built app satisfies; the API's own set on API answers) and the CSRF rule of design section 3:
 * a state change is a POST with Content-Type application/json — which a cross-site form cannot
 * send without a CORS preflight this server never grants — and, where the browser sends Origin,
 * one of the portal's public origins (PUBLIC_URL). Never the request's own Host: a page of
 * evil.example whose name points at the portal (DNS rebinding) sends Host and Origin alike.
 * A route that takes a file (`config.archivo`: the import) takes application/octet-stream
 * instead, and only that: no form can send it without a preflight either (a form sends only
 * urlencoded, multipart or text/plain).
 */
export const securityPlugin = fp((app: FastifyInstance, _opciones, listo: () => void) => {
  const dePagina = cabecerasDeSeguridad(app.config.cookieSecure);
  const deApi = cabecerasDeApi(app.config.cookieSecure);
  const origenes = new Set(app.config.publicUrl);
  // A plain callback hook, not an async one: nothing here waits, and every request runs it.
  app.addHook('onRequest', (request, reply, seguir) => {
    // API answers are a person's data at a moment: no browser or proxy may keep a copy (deApi
    // says no-store).
    reply.headers(esDeLaApi(request.url) ? deApi : dePagina);
    if (METODOS_SEGUROS.has(request.method)) {
      seguir();
      return;
    }
    const tipo = (request.headers['content-type'] ?? '').toLowerCase();
    if (request.routeOptions.config?.archivo) {
      if (!tipo.startsWith('application/octet-stream')) {
        seguir(new ErrorHttp(415, MENSAJES_API.tipoContenidoArchivo));
        return;
      }
    } else if (!tipo.startsWith('application/json')) {
      seguir(new ErrorHttp(415, MENSAJES_API.tipoContenido));
      return;
    }
    // No client of the portal compresses what it sends, and nothing here inflates it: a compressed
    // body is refused, not read as if it were plain (plugins/compresion.ts).
    const codificacion = request.headers['content-encoding'];
    if (codificacion !== undefined && codificacion.toLowerCase() !== 'identity') {
      seguir(new ErrorHttp(415, MENSAJES_API.cuerpoComprimido));
      return;
    }
    const origen = request.headers.origin;
    seguir(
      origen !== undefined && !origenes.has(origen)
        ? new ErrorHttp(403, MENSAJES_API.origenInvalido)
        : undefined,
    );
  });
  listo();
});
