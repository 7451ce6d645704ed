/**
 * Loads who is calling before every /api route — the session of the cookie for people, the
 * bearer token for the terminal's machines — and applies the route's declared `acceso`
 * (acceso.ts). It also keeps the list of every API route with its access: the authorization
 * matrix, the property tests and the route-map test read it, so a new route cannot escape them.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { exigirAcceso, type RutaApi } from '../acceso';
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
  });

  app.addHook('onRequest', async (request, reply) => {
    const acceso = request.routeOptions.config?.acceso;
    if (!acceso) return; // static files, SPA, 404s
    // Machines and people never share a credential: operations read only the bearer token and
    // ignore cookies; user routes read only the cookie and ignore any Authorization header.
    if (acceso === 'servicio') {
      const bearer = tokenBearer(request.headers.authorization);
      request.servicio = bearer ? await autenticar(app.db, bearer) : null;
      if (!request.servicio) reply.header('www-authenticate', 'Bearer realm="operaciones"');
    } else {
      const token = request.cookies[nombreCookieSesion(app.config.cookieSecure)];
      request.usuario = token
        ? await usuarioDeSesion(app.db, token, app.config.sessionIdleMinutes)
        : null;
    }
    exigirAcceso(acceso, request);
  });
});
