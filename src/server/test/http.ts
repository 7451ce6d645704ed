/** Signing in over real HTTP (fetch), as a browser would: run-contract, fault and load tests. */
import type { Coordenada } from '../../shared/contracts/auth';
import { deCoordenada, type ValoresTarjeta } from '../features/auth/tarjetas';

const JSON_CT = { 'content-type': 'application/json' };

const primeraCookie = (res: Response) => res.headers.getSetCookie()[0]?.split(';')[0] ?? '';

export async function pedirDesafioHttp(url: string, usuario: string) {
  const res = await fetch(`${url}/api/auth/request-coordenadas`, {
    method: 'POST',
    headers: JSON_CT,
    body: JSON.stringify({ userName: usuario }),
  });
  const cuerpo = (await res.json()) as [[{ ctrltarjeta: number }], [Coordenada, Coordenada]];
  return { status: res.status, cuerpo, cookie: primeraCookie(res) };
}

/** Both steps of the sign-in; `valores` undefined sends wrong coordinates (a failed try). */
export async function ingresarHttp(
  url: string,
  usuario: string,
  valores?: ValoresTarjeta,
): Promise<{ status: number; cookie: string }> {
  const desafio = await pedirDesafioHttp(url, usuario);
  const [[{ ctrltarjeta }], [c1, c2]] = desafio.cuerpo;
  const res = await fetch(`${url}/api/auth/comparar-coordenadas`, {
    method: 'POST',
    headers: { ...JSON_CT, cookie: desafio.cookie },
    body: JSON.stringify({
      solicitadas: [c1, c2],
      ingresadas: {
        coordenada1: valores ? valores[deCoordenada(c1)] : 1,
        coordenada2: valores ? valores[deCoordenada(c2)] : 1,
      },
      tarjeta: ctrltarjeta,
    }),
  });
  return { status: res.status, cookie: primeraCookie(res) };
}
