/** Signing in through the real API with the demo cards, and calling routes as a signed-in user. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { Coordenada } from '../../shared/contracts/auth';
import type { App } from '../app';
import type { TarjetaDemo } from '../demo/datos';
import { deCoordenada, type ValoresTarjeta } from '../features/auth/tarjetas';

export type UsuarioDemo = 'admin' | 'cliente1' | 'cliente2';

export function tarjetaDemo(usuario: string): TarjetaDemo {
  const tarjeta = inject('tarjetasDemo').find((t) => t.usuario === usuario);
  if (!tarjeta) throw new Error(`${usuario} no es un usuario de demostración`);
  return tarjeta;
}

/** The `name=value` of a Set-Cookie in the response, ready for a Cookie header. */
export function cookieDe(res: LightMyRequestResponse, nombre: string): string | undefined {
  const c = res.cookies.find((x) => x.name === nombre);
  return c ? `${c.name}=${c.value}` : undefined;
}

export async function pedirDesafio(app: App, usuario: string, cookie?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/request-coordenadas',
    payload: { userName: usuario },
    headers: cookie ? { cookie } : {},
  });
  const cuerpo = res.json<[[{ ctrltarjeta: number }], [Coordenada, Coordenada]]>();
  return {
    res,
    cookie: cookieDe(res, 'acopio_desafio'),
    tarjeta: cuerpo[0]?.[0]?.ctrltarjeta,
    solicitadas: cuerpo[1],
  };
}

export async function responderDesafio(
  app: App,
  desafio: Awaited<ReturnType<typeof pedirDesafio>>,
  valores: [number, number],
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/comparar-coordenadas',
    payload: {
      solicitadas: desafio.solicitadas,
      ingresadas: { coordenada1: valores[0], coordenada2: valores[1] },
      tarjeta: desafio.tarjeta,
    },
    headers: desafio.cookie ? { cookie: desafio.cookie } : {},
  });
}

export const valoresPara = (valores: ValoresTarjeta, solicitadas: [Coordenada, Coordenada]) =>
  [valores[deCoordenada(solicitadas[0])], valores[deCoordenada(solicitadas[1])]] as [
    number,
    number,
  ];

/** Signs in with the card values and returns the session cookie (`acopio_sesion=…`). */
export async function ingresarCon(
  app: App,
  usuario: string,
  valores: ValoresTarjeta,
): Promise<string> {
  const desafio = await pedirDesafio(app, usuario);
  const res = await responderDesafio(app, desafio, valoresPara(valores, desafio.solicitadas));
  const cookie = cookieDe(res, 'acopio_sesion');
  if (res.statusCode !== 200 || !cookie) {
    throw new Error(`No se pudo ingresar como ${usuario}: ${res.statusCode} ${res.body}`);
  }
  return cookie;
}

export const ingresar = (app: App, usuario: UsuarioDemo) =>
  ingresarCon(app, usuario, tarjetaDemo(usuario).valores);

/** POST with a JSON body as the browser sends it, optionally with a session cookie. */
export function post(
  app: App,
  url: string,
  cuerpo: unknown,
  cookie?: string,
  extra: Partial<InjectOptions> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(cuerpo ?? {}),
    ...extra,
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...extra.headers,
    },
  });
}

export function get(app: App, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/**
 * Step-up through the real API: the user's session answers two cells of its own card, and may
 * do the administration's sensitive acts for the next 5 minutes.
 */
export async function reautenticar(
  app: App,
  cookie: string,
  valores: ValoresTarjeta,
): Promise<void> {
  const desafio = await app.inject({
    method: 'POST',
    url: '/api/auth/reautenticacion/desafio',
    payload: {},
    headers: { cookie },
  });
  if (desafio.statusCode !== 200) {
    throw new Error(`No se pudo pedir la reautenticación: ${desafio.statusCode} ${desafio.body}`);
  }
  const [[{ ctrltarjeta }], solicitadas] =
    desafio.json<[[{ ctrltarjeta: number }], [Coordenada, Coordenada]]>();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/reautenticacion',
    payload: {
      solicitadas,
      ingresadas: {
        coordenada1: valores[deCoordenada(solicitadas[0])],
        coordenada2: valores[deCoordenada(solicitadas[1])],
      },
      tarjeta: ctrltarjeta,
    },
    headers: { cookie: `${cookie}; ${cookieDe(desafio, 'acopio_desafio')}` },
  });
  if (res.statusCode !== 200) throw new Error(`No se pudo reautenticar: ${res.body}`);
}
