/**
 * Several instances behind a load balancer (design section 9): two portal processes on one
 * PostgreSQL, no shared memory. Whatever one of them knows about sign-in, the other knows too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearBaseDePrueba } from './test/app';
import { ingresarHttp, pedirDesafioHttp } from './test/http';
import { iniciarPortales, type Portales } from './test/portales';
import { tarjetaDemo } from './test/sesion';
import { deCoordenada } from './features/auth/tarjetas';

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let portales: Portales;
let urls: string[];

beforeAll(async () => {
  base = await crearBaseDePrueba('demo');
  portales = await iniciarPortales(base.url, 2);
  urls = portales.urls;
});

afterAll(async () => {
  await portales.detener();
  await base.borrar();
});

const verificar = async (url: string, cookie: string) =>
  (await (await fetch(`${url}/api/auth/verifyuser`, { headers: { cookie } })).json()) as {
    loggedIn: boolean;
  };

describe('dos instancias sobre una base', { timeout: 120_000 }, () => {
  it('una sesión abierta en una vale en la otra, y cerrarla en la otra la cierra en ambas', async () => {
    const [a, b] = urls as [string, string];
    const { status, cookie } = await ingresarHttp(a, 'cliente1', tarjetaDemo('cliente1').valores);
    expect(status).toBe(200);
    expect((await verificar(b, cookie)).loggedIn).toBe(true);
    await fetch(`${b}/api/user/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    expect((await verificar(a, cookie)).loggedIn).toBe(false);
  });

  it('el desafío pedido a una se responde en la otra, con las mismas celdas', async () => {
    const [a, b] = urls as [string, string];
    const desafio = await pedirDesafioHttp(a, 'admin');
    expect((await pedirDesafioHttp(b, 'admin')).cuerpo).toEqual(desafio.cuerpo);
    const [[{ ctrltarjeta }], [c1, c2]] = desafio.cuerpo;
    const valores = tarjetaDemo('admin').valores;
    const res = await fetch(`${b}/api/auth/comparar-coordenadas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: desafio.cookie },
      body: JSON.stringify({
        solicitadas: [c1, c2],
        ingresadas: {
          coordenada1: valores[deCoordenada(c1)],
          coordenada2: valores[deCoordenada(c2)],
        },
        tarjeta: ctrltarjeta,
      }),
    });
    expect(res.status).toBe(200);
  });

  it('un cupo asignado en una se ve en la otra, y la otra ya no puede asignarlo', async () => {
    const [a, b] = urls as [string, string];
    const { cookie } = await ingresarHttp(a, 'cliente1', tarjetaDemo('cliente1').valores);
    const llamar = (url: string, ruta: string, cuerpo: unknown) =>
      fetch(`${url}${ruta}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(cuerpo),
      });
    const listar = async (url: string) =>
      (await (
        await llamar(url, '/api/camiones/camiones-playa', {
          filtros: { codempre: 1, unineg: 1, estado: 0 },
        })
      ).json()) as {
        ctrl: number;
        codestado: number;
        cupo_camion: string | null;
      }[];
    const camion = (await listar(b)).find((c) => c.codestado === 1)!;
    const { resultado } = (await (
      await llamar(b, '/api/cupos', { uniNeg: 1, codEmpre: 1 })
    ).json()) as {
      resultado: { ctrl: number; cantidad: number }[];
    };
    const cupo = resultado[0]!;

    const enA = await llamar(a, '/api/camiones/vincular-camion-cupo', {
      ctrl: cupo.ctrl,
      codcamion: camion.ctrl,
      cantidad: cupo.cantidad,
    });
    expect(enA.status).toBe(201);
    expect((await listar(b)).find((c) => c.ctrl === camion.ctrl)).toMatchObject({
      codestado: 2,
      cupo_camion: String(cupo.ctrl),
    });
    const otro = (await listar(b)).find((c) => c.codestado === 1 && c.ctrl !== camion.ctrl)!;
    const enB = await llamar(b, '/api/camiones/vincular-camion-cupo', {
      ctrl: cupo.ctrl,
      codcamion: otro.ctrl,
      cantidad: cupo.cantidad,
    });
    expect(enB.status).toBe(409);
  });

  it('los fallos se cuentan entre las dos: el bloqueo vale en ambas', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await ingresarHttp(urls[i % 2]!, 'intruso')).status).toBe(401);
    }
    for (const url of urls) expect((await pedirDesafioHttp(url, 'intruso')).status).toBe(429);
  });
});
