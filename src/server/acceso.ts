/**
 * Who is calling and what they may touch (design section 2), in one place: the authentication
 * plugin decides a route's `acceso` with it, and every service checks tenancy with it, so a
 * screen, the gate API and the CLI apply the very same rules.
 */
import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UnidadNegocio } from '../shared/contracts/comun';
import { MENSAJES_ADMINISTRACION, MENSAJES_API, MENSAJES_OPERACIONES } from '../shared/textos';
import { ErrorHttp, noEncontrado, sinPermisoDatos } from './errores';

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

/** A signed-in person, as their session loads them. */
export interface UsuarioSesion {
  id: number;
  usuario: string;
  codempre: number;
  esAdministrador: boolean;
  /** The units the user works in; administrators hold every unit. */
  uniNegs: UnidadNegocio[];
  /** This session confirmed two cells of the user's card in the last 5 minutes (step-up). */
  reautenticada: boolean;
}

/** A service token as it authenticates a request: which machine is calling. */
export interface TokenServicio {
  id: number;
  nombre: string;
}

/**
 * Whose data a service call may touch: a signed-in user's (their company and units, or every
 * client's for an administrator), or the whole terminal's — its own machines (gate, scale), the
 * CLI and the demo, which are not people and see every client.
 */
export type Alcance = UsuarioSesion | 'terminal';

/**
 * How a credential (a session's or a service token) is kept: only its SHA-256, so a database
 * dump holds none that works. `crypto.hash` is the one-shot form: a fifth of createHash's cost,
 * which every request with a session pays (docs/rendimiento.md).
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** Only lets the request through when a session exists: for handlers of 'sesion' routes. */
export function usuarioDe(request: FastifyRequest): UsuarioSesion {
  if (!request.usuario) throw new ErrorHttp(401, MENSAJES_API.sesionRequerida);
  return request.usuario;
}

/** Only lets the request through when a service token authenticated it: 'servicio' routes. */
export function servicioDe(request: FastifyRequest): TokenServicio {
  if (!request.servicio) throw new ErrorHttp(401, MENSAJES_OPERACIONES.tokenRequerido);
  return request.servicio;
}

/** What a route's `acceso` demands of the request, once its credentials are loaded. */
export function exigirAcceso(acceso: Acceso, request: FastifyRequest): void {
  if (acceso === 'publico') return;
  if (acceso === 'servicio') {
    servicioDe(request);
    return;
  }
  const usuario = usuarioDe(request);
  if (acceso === 'administrador' && !usuario.esAdministrador) {
    throw new ErrorHttp(403, MENSAJES_API.sinPermiso);
  }
  if (acceso === 'cliente' && usuario.esAdministrador) {
    throw new ErrorHttp(403, MENSAJES_API.sinPermiso);
  }
}

/** A client user may only name its own company (design section 2). */
export function exigirEmpresa(alcance: Alcance, codempre: number): void {
  if (alcance === 'terminal' || alcance.esAdministrador) return;
  if (codempre !== alcance.codempre) throw sinPermisoDatos();
}

/** The business unit must be one of the user's (administrators hold them all). */
export function exigirUnidad(alcance: Alcance, unineg: number): void {
  if (alcance === 'terminal') return;
  if (!alcance.uniNegs.some((u) => u.ctrl === unineg)) throw sinPermisoDatos();
}

export function exigirEmpresaYUnidad(alcance: Alcance, codempre: number, unineg: number): void {
  exigirEmpresa(alcance, codempre);
  exigirUnidad(alcance, unineg);
}

/** Whether a row of some company and unit (a truck, a quota) is the caller's to see. */
export function puedeVer(alcance: Alcance, fila: { codempre: number; unineg: number }): boolean {
  if (alcance === 'terminal') return true;
  return (
    (alcance.esAdministrador || fila.codempre === alcance.codempre) &&
    alcance.uniNegs.some((u) => u.ctrl === fila.unineg)
  );
}

/**
 * A row addressed by id that is missing, or of another company, or of a unit outside the user's,
 * is answered exactly the same way (design section 2): the answer must not tell that it exists.
 */
export function exigirVisible<T extends { codempre: number; unineg: number }>(
  alcance: Alcance,
  fila: T | undefined,
): T {
  if (fila === undefined || !puedeVer(alcance, fila)) throw noEncontrado();
  return fila;
}

/**
 * The sensitive acts of the administration — issuing a card, creating a service token or an
 * administrator — need two fresh cells of the administrator's own card (step-up, 5 minutes).
 * The terminal itself (the CLI: whoever has a shell on the server) is not asked.
 */
export function exigirReautenticacion(alcance: Alcance): void {
  if (alcance === 'terminal' || alcance.reautenticada) return;
  throw new ErrorHttp(403, MENSAJES_ADMINISTRACION.reautenticacionRequerida);
}

/** A user may ask about itself only; the administrator about anyone (design section 7). */
export function exigirPropioOAdministrador(usuario: UsuarioSesion, usuarioId: number): void {
  if (usuario.id !== usuarioId && !usuario.esAdministrador) throw sinPermisoDatos();
}
