/**
 * Loads who is calling before every /api route — the session of the cookie for people, the
 * bearer token for the terminal's machines — and applies the route's declared `acceso`
 * (acceso.ts). It also keeps the list of every API route with its access: the authorization
 * matrix, the property tests and the route-map test read it, so a new route cannot escape them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { exigirAcceso, type Acceso, type RutaApi } from '../acceso';
import { nombreCookieSesion } from '../features/auth/cookies';
import { usuarioDeSesion, usuarioEnCache } from '../features/auth/servicio';
import { autenticar } from '../features/tokens/servicio';

/** The token of `Authorization: Bearer <token>`, if the header has that form. */
function tokenBearer(cabecera: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(cabecera ?? '');
  return m?.[1];
}

export const autenticacionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('usuario', null);
  app.decorateRequest('servicio', null);
  const rutasApi: RutaApi[] = [];
  app.decorate('rutasApi', rutasApi);

  /** Who is calling, the asynchronous way: a service token, or a session the cache cannot answer. */
  const cargarAsincrono = async (acceso: Acceso, request: FastifyRequest, reply: FastifyReply) => {
    // Machines and people never share a credential: operations read only the bearer token and
    // ignore cookies; user routes read only the cookie and ignore any Authorization header.
    if (acceso === 'servicio') {
      const bearer = tokenBearer(request.headers.authorization);
      request.servicio = bearer ? await autenticar(app.db, bearer) : null;
      if (!request.servicio) reply.header('www-authenticate', 'Bearer realm="operaciones"');
    } else {
      const token = request.cookies[cookieSesion];
      request.usuario = token
        ? await usuarioDeSesion(app.db, token, app.config.sessionIdleMinutes)
        : null;
    }
    exigirAcceso(acceso, request);
  };
  /**
   * Who is calling, and whether the route lets them in. A hook of each route, made when the route
   * is registered with its `acceso` (static files, the SPA and 404s have none): a global hook
   * would look the route's config up again on every request. It goes first among the route's
   * own hooks, before the rate limit's, as when it was global.
   *
   * A plain callback hook: a session this process's cache holds (nearly every request) is loaded
   * and checked without a promise or a turn of the event loop (docs/rendimiento.md, issue 23);
   * anything else (a token, no cookie, a session to read or to touch) takes the path above.
   */
  const cargarQuienLlama =
    (acceso: Acceso) =>
    (request: FastifyRequest, reply: FastifyReply, seguir: (error?: Error) => void) => {
      const token = acceso === 'servicio' ? undefined : request.cookies[cookieSesion];
      const enCache = token === undefined ? undefined : usuarioEnCache(app.db, token);
      if (enCache === undefined) {
        cargarAsincrono(acceso, request, reply).then(() => seguir(), seguir);
        return;
      }
      request.usuario = enCache;
      try {
        exigirAcceso(acceso, request);
      } catch (error) {
        seguir(error as Error);
        return;
      }
      seguir();
    };
  const cookieSesion = nombreCookieSesion(app.config.cookieSecure);

  app.addHook('onRoute', (ruta) => {
    if (!ruta.url.startsWith('/api')) return;
    if (ruta.url.startsWith('/api/docs')) {
      ruta.config = { ...ruta.config, acceso: 'publico' };
      return;
    }
    const acceso = ruta.config?.acceso;
    if (!acceso) {
      throw new Error(`La ruta ${String(ruta.method)} ${ruta.url} no declara config.acceso`);
    }
    for (const metodo of [ruta.method].flat()) {
      if (metodo !== 'HEAD') rutasApi.push({ metodo, url: ruta.url, acceso });
    }
    ruta.onRequest = [cargarQuienLlama(acceso), ...[ruta.onRequest ?? []].flat()];
  });
});
