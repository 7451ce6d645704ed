/** Signing in over real HTTP (fetch), as a browser would: run-contract, fault and load tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

export interface RespuestaHttp {
  status: number;
  /** The `name=value` of each Set-Cookie. */
  cookies: string[];
  body: string;
}

/**
 * A JSON POST over a real connection whose client end is bound to `desde` (a loopback address
 * such as 127.0.0.2): the portal sees that address as the client's, as it would a machine's.
 */
export function postDesde(
  desde: string,
  url: string,
  ruta: string,
  cuerpo: unknown,
  cookie?: string,
): Promise<RespuestaHttp> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method: 'POST',
        path: ruta,
        localAddress: desde,
        headers: { ...JSON_CT, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
            body,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(cuerpo));
  });
}

/**
 * Both steps of the sign-in from the address `desde`; `valores` undefined sends wrong values.
 * `respuesta` is undefined when step 1 was refused.
 */
export async function ingresarDesde(
  desde: string,
  url: string,
  usuario: string,
  valores?: ValoresTarjeta,
): Promise<{ desafio: RespuestaHttp; respuesta?: RespuestaHttp }> {
  const desafio = await postDesde(desde, url, '/api/auth/request-coordenadas', {
    userName: usuario,
  });
  if (desafio.status !== 200) return { desafio };
  const [[{ ctrltarjeta }], [c1, c2]] = JSON.parse(desafio.body) as [
    [{ ctrltarjeta: number }],
    [Coordenada, Coordenada],
  ];
  const respuesta = await postDesde(
    desde,
    url,
    '/api/auth/comparar-coordenadas',
    {
      solicitadas: [c1, c2],
      ingresadas: {
        coordenada1: valores ? valores[deCoordenada(c1)] : 1,
        coordenada2: valores ? valores[deCoordenada(c2)] : 1,
      },
      tarjeta: ctrltarjeta,
    },
    desafio.cookies.find((c) => c.startsWith('acopio_desafio=')),
  );
  return { desafio, respuesta };
}

/** A test's own HTTP server (a webhook receiver) on 127.0.0.1 at a free port; answers its URL. */
export async function escucharEnLocal(servidor: http.Server): Promise<string> {
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
}

/** Closes a test's own server, its kept-alive connections too. */
export async function cerrarServidor(servidor: http.Server): Promise<void> {
  servidor.closeAllConnections();
  await new Promise((r) => servidor.close(r));
}
