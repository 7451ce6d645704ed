import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import type { UnidadNegocio } from '../../shared/contracts/comun';
import { CODEMPRE_ADMINISTRADOR } from '../../shared/estados';
import { MENSAJES_API, MENSAJES_OPERACIONES } from '../../shared/textos';
import { ErrorHttp, sinPermisoDatos } from '../errores';

/**
 * Who may call a route. Every /api route declares one in `config.acceso`; a route that does not
 * makes the app refuse to start, so no route can be left open by omission.
 * - publico: anyone; sesion: any signed-in user; administrador: company 0 only;
 *   cliente: signed-in users of client companies only;
 *   servicio: machines of the terminal (gate, scale) with a service token, never a user session.
 */
export type Acceso = 'publico' | 'sesion' | 'administrador' | 'cliente' | 'servicio';

export interface RutaApi {
  metodo: string;
  url: string;
  acceso: Acceso;
}

export interface UsuarioSesion {
  id: number;
  usuario: string;
  codempre: number;
  esAdministrador: boolean;
  uniNegs: UnidadNegocio[];
}

/** A service token as it authenticates a request: which machine is calling. */
export interface TokenServicio {
  id: number;
  nombre: string;
}

export function nombreCookieSesion(seguro: boolean): string {
  // __Host- binds the cookie to this exact origin over HTTPS (no Domain, Path=/, Secure).
  return seguro ? '__Host-acopio_sesion' : 'acopio_sesion';
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Only lets the request through when a session exists: for handlers of 'sesion' routes. */
export function usuarioDe(request: FastifyRequest): UsuarioSesion {
  if (!request.usuario) throw new ErrorHttp(401, MENSAJES_API.sesionRequerida);
  return request.usuario;
}

/** A client user may only name its own company (design section 2). */
export function exigirEmpresa(usuario: UsuarioSesion, codempre: number): void {
  if (!usuario.esAdministrador && codempre !== usuario.codempre) throw sinPermisoDatos();
}

/** The business unit must be one of the user's (administrators have them all). */
export function exigirUnidad(usuario: UsuarioSesion, unineg: number): void {
  if (!usuario.uniNegs.some((u) => u.ctrl === unineg)) throw sinPermisoDatos();
}

export function exigirEmpresaYUnidad(usuario: UsuarioSesion, codempre: number, unineg: number) {
  exigirEmpresa(usuario, codempre);
  exigirUnidad(usuario, unineg);
}

/** JSON array `[{ ctrl, unineg }]` of the units of user row `u`: all of them for administrators. */
export const unidadesDeUsuarioSql = (u: SQL) => sql`
  coalesce((
    select json_agg(json_build_object('ctrl', un.ctrl, 'unineg', un.unineg) order by un.ctrl)
    from unidades_negocio un
    where ${u}.codempre = ${CODEMPRE_ADMINISTRADOR}
       or exists (select 1 from usuario_unidades uu where uu.usuario_id = ${u}.id and uu.unineg = un.ctrl)
  ), '[]'::json)`;

interface FilaSesion extends Record<string, unknown> {
  usuario_id: number;
  usuario: string;
  codempre: number;
  tocar: boolean;
  unidades: UnidadNegocio[];
}

/** Sessions live in PostgreSQL so that any instance can serve any request (design section 9). */
export async function crearSesion(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  usuarioId: number,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const { sessionAbsoluteHours, cookieSecure } = app.config;
  // Signing in again in the same browser ends the session it had: a token fixed or stolen
  // before the sign-in is worth nothing after it. Other browsers keep theirs.
  const anterior = request.cookies[nombreCookieSesion(cookieSecure)];
  if (anterior)
    await app.db.execute(sql`delete from sesiones where token_hash = ${hashToken(anterior)}`);
  await app.db.execute(sql`
    insert into sesiones (token_hash, usuario_id, expira_en, ip, user_agent)
    values (${hashToken(token)}, ${usuarioId}, now() + make_interval(hours => ${sessionAbsoluteHours}),
            ${request.ip}, ${(request.headers['user-agent'] ?? '').slice(0, 300)})`);
  reply.setCookie(nombreCookieSesion(cookieSecure), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure,
    path: '/',
  });
}

export async function cerrarSesion(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const nombre = nombreCookieSesion(app.config.cookieSecure);
  const token = request.cookies[nombre];
  if (token) await app.db.execute(sql`delete from sesiones where token_hash = ${hashToken(token)}`);
  reply.clearCookie(nombre, {
    path: '/',
    secure: app.config.cookieSecure,
    httpOnly: true,
    sameSite: 'lax',
  });
}

async function cargarUsuario(app: FastifyInstance, token: string): Promise<UsuarioSesion | null> {
  const hash = hashToken(token);
  const { rows } = await app.db.execute<FilaSesion>(sql`
    select s.usuario_id, u.usuario, u.codempre,
           s.ultima_actividad_en < now() - interval '1 minute' as tocar,
           ${unidadesDeUsuarioSql(sql`u`)} as unidades
    from sesiones s
    join usuarios u on u.id = s.usuario_id
    where s.token_hash = ${hash}
      and s.expira_en > now()
      and s.ultima_actividad_en > now() - make_interval(mins => ${app.config.sessionIdleMinutes})
      and u.activo`);
  const fila = rows[0];
  if (!fila) return null;
  // Idle time is tracked to the minute: one write a minute per session, not one per request.
  if (fila.tocar) {
    await app.db.execute(
      sql`update sesiones set ultima_actividad_en = now() where token_hash = ${hash}`,
    );
  }
  return {
    id: fila.usuario_id,
    usuario: fila.usuario,
    codempre: fila.codempre,
    esAdministrador: fila.codempre === CODEMPRE_ADMINISTRADOR,
    uniNegs: fila.unidades,
  };
}

/** The token of `Authorization: Bearer <token>`, if the header has that form. */
function tokenBearer(cabecera: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(cabecera ?? '');
  return m?.[1];
}

/** A service token not revoked; its last use is written at most once a minute, as sessions. */
async function cargarServicio(app: FastifyInstance, token: string): Promise<TokenServicio | null> {
  const { rows } = await app.db.execute<{ id: number; nombre: string; tocar: boolean }>(sql`
    select id, nombre,
           ultimo_uso_en is null or ultimo_uso_en < now() - interval '1 minute' as tocar
    from tokens_servicio
    where token_hash = ${hashToken(token)} and revocado_en is null`);
  const fila = rows[0];
  if (!fila) return null;
  if (fila.tocar) {
    await app.db.execute(
      sql`update tokens_servicio set ultimo_uso_en = now() where id = ${fila.id}`,
    );
  }
  return { id: fila.id, nombre: fila.nombre };
}

/** Only lets the request through when a service token authenticated it: 'servicio' routes. */
export function servicioDe(request: FastifyRequest): TokenServicio {
  if (!request.servicio) throw new ErrorHttp(401, MENSAJES_OPERACIONES.tokenRequerido);
  return request.servicio;
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('usuario', null);
  app.decorateRequest('servicio', null);
  // Every API route with its access, as registered: the authorization-matrix and property
  // tests read it, so a new route cannot escape them.
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
      request.servicio = bearer ? await cargarServicio(app, bearer) : null;
      if (!request.servicio) reply.header('www-authenticate', 'Bearer realm="operaciones"');
      servicioDe(request);
      return;
    }
    const token = request.cookies[nombreCookieSesion(app.config.cookieSecure)];
    request.usuario = token ? await cargarUsuario(app, token) : null;
    if (acceso === 'publico') return;
    const usuario = usuarioDe(request);
    if (acceso === 'administrador' && !usuario.esAdministrador) {
      throw new ErrorHttp(403, MENSAJES_API.sinPermiso);
    }
    if (acceso === 'cliente' && usuario.esAdministrador) {
      throw new ErrorHttp(403, MENSAJES_API.sinPermiso);
    }
  });
});
