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
import { usuarioDeSesion } from '../features/auth/servicio';
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

  /**
   * Who is calling, and whether the route lets them in. A hook of each route, made when the route
   * is registered with its `acceso` (static files, the SPA and 404s have none): a global hook
   * would look the route's config up again on every request. It goes first among the route's
   * own hooks, before the rate limit's, as when it was global.
   */
  const cargarQuienLlama =
    (acceso: Acceso) => async (request: FastifyRequest, reply: FastifyReply) => {
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
