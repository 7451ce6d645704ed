/** The cookies of signing in: the session's, and the short-lived challenge's of step 1. */
import type { FastifyReply } from 'fastify';
import { MINUTOS_DESAFIO } from './ingreso/repository';

export const COOKIE_DESAFIO = 'acopio_desafio';

export function nombreCookieSesion(seguro: boolean): string {
  // __Host- binds the cookie to this exact origin over HTTPS (no Domain, Path=/, Secure).
  return seguro ? '__Host-acopio_sesion' : 'acopio_sesion';
}

const opcionesSesion = (seguro: boolean) =>
  ({ httpOnly: true, sameSite: 'lax', secure: seguro, path: '/' }) as const;

export function ponerCookieSesion(reply: FastifyReply, seguro: boolean, token: string) {
  reply.setCookie(nombreCookieSesion(seguro), token, opcionesSesion(seguro));
}

export function quitarCookieSesion(reply: FastifyReply, seguro: boolean) {
  reply.clearCookie(nombreCookieSesion(seguro), opcionesSesion(seguro));
}

/** `nonce:usuario`: the challenge this browser was given, only for the auth routes. */
export function ponerCookieDesafio(
  reply: FastifyReply,
  seguro: boolean,
  nonce: string,
  usuario: string,
) {
  reply.setCookie(COOKIE_DESAFIO, `${nonce}:${usuario}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: seguro,
    path: '/api/auth',
    maxAge: MINUTOS_DESAFIO * 60,
  });
}

export function leerCookieDesafio(valor: string | undefined) {
  const separador = (valor ?? '').indexOf(':');
  if (separador < 0) return undefined;
  return { nonce: valor!.slice(0, separador), usuario: valor!.slice(separador + 1) };
}
