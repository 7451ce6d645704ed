/**
 * Finding 1 of the outside review (issue 13): behind a proxy, a client's own X-Forwarded-For
 * must not choose the address that the sign-in's per-IP limit and the audit see. A real proxy
 * hop on 127.0.0.1 forwards as nginx does (appending the address it saw); the client connects
 * from 127.0.0.5 and sends a made-up 6.6.6.6.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leerConfig } from './config';
import { ErrorDeArranque } from './errores-arranque';
import { crearAppDePrueba, type AppDePrueba } from './test/app';

const CLIENTE = '127.0.0.5';

interface Escenario {
  t: AppDePrueba;
  proxy: http.Server;
  urlProxy: string;
  urlDirecta: string;
}

/** A reverse proxy in front of the portal: X-Forwarded-For gets the peer's address appended. */
async function proxyDelante(destino: number): Promise<http.Server> {
  const proxy = http.createServer((req, res) => {
    const previo = req.headers['x-forwarded-for'];
    const headers = {
      ...req.headers,
      'x-forwarded-for': `${previo ? `${String(previo)}, ` : ''}${req.socket.remoteAddress}`,
      'x-forwarded-proto': 'http',
    };
    const salida = http.request(
      { host: '127.0.0.1', port: destino, method: req.method, path: req.url, headers },
      (r) => {
        res.writeHead(r.statusCode!, r.headers);
        r.pipe(res);
      },
    );
    req.pipe(salida);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return proxy;
}

async function escenario(entorno: Record<string, string>): Promise<Escenario> {
  const t = await crearAppDePrueba({ entorno });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const puerto = (t.app.server.address() as AddressInfo).port;
  const proxy = await proxyDelante(puerto);
  return {
    t,
    proxy,
    urlProxy: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    urlDirecta: `http://127.0.0.1:${puerto}`,
  };
}

/** A POST from 127.0.0.5 carrying a made-up X-Forwarded-For. */
function pedir(url: string, ruta: string, cuerpo: unknown, cabeceras: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const { hostname, port } = new URL(url);
      const req = http.request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: ruta,
          localAddress: CLIENTE,
          headers: { 'content-type': 'application/json', ...cabeceras },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(cuerpo));
    },
  );
}

const falso = { 'x-forwarded-for': '6.6.6.6' };

async function ipAuditada(t: AppDePrueba, usuario: string): Promise<string[]> {
  const { rows } = await t.db.execute<{ ip: string }>(
    sql`select ip from auditoria where actor = ${usuario} order by id`,
  );
  return rows.map((r) => r.ip);
}

/** Step 2 without a challenge cookie still counts nothing; a wrong answer is audited with the IP. */
async function falloDeIngreso(url: string, usuario: string) {
  const desafio = await pedir(url, '/api/auth/request-coordenadas', { userName: usuario }, falso);
  const cookie = String(desafio.headers['set-cookie']![0]!.split(';')[0]);
  const [[{ ctrltarjeta }], solicitadas] = JSON.parse(desafio.body) as [
    [{ ctrltarjeta: number }],
    unknown,
  ];
  return pedir(
    url,
    '/api/auth/comparar-coordenadas',
    { solicitadas, ingresadas: { coordenada1: 1, coordenada2: 1 }, tarjeta: ctrltarjeta },
    { ...falso, cookie },
  );
}

describe('TRUST_PROXY=1: un solo salto', () => {
  let e: Escenario;
  beforeAll(async () => {
    e = await escenario({ TRUST_PROXY: '1', AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await new Promise((r) => e.proxy.close(r));
    await e.t.cerrar();
  });

  it('la auditoría registra la dirección que vio el proxy, no la que inventó el cliente', async () => {
    expect((await falloDeIngreso(e.urlProxy, 'intruso.uno')).status).toBe(401);
    expect(await ipAuditada(e.t, 'intruso.uno')).toEqual([CLIENTE]);
  });

  it('el límite por IP del ingreso no se esquiva cambiando X-Forwarded-For', async () => {
    const estados = [];
    for (let i = 0; i < 4; i++) {
      const r = await pedir(
        e.urlProxy,
        '/api/auth/request-coordenadas',
        { userName: 'limite' },
        { 'x-forwarded-for': `10.9.9.${i}` },
      );
      estados.push(r.status);
    }
    // intruso.uno's challenge above already used one of the three.
    expect(estados).toEqual([200, 200, 429, 429]);
  });

  it('x-request-id: el que manda el proxy se respeta; toda respuesta lleva uno', async () => {
    const r = await pedir(
      e.urlProxy,
      '/api/user/logout',
      {},
      { 'x-request-id': 'balanceador-1234' },
    );
    expect(r.headers['x-request-id']).toBe('balanceador-1234');
    const otro = await pedir(e.urlProxy, '/api/user/logout', {});
    expect(otro.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('TRUST_PROXY con la dirección del proxy', () => {
  let e: Escenario;
  beforeAll(async () => {
    e = await escenario({ TRUST_PROXY: '127.0.0.1,10.0.1.0/24' });
  });
  afterAll(async () => {
    await new Promise((r) => e.proxy.close(r));
    await e.t.cerrar();
  });

  it('solo se cree a esa dirección: el cliente es el que vio el proxy', async () => {
    expect((await falloDeIngreso(e.urlProxy, 'intruso.dos')).status).toBe(401);
    expect(await ipAuditada(e.t, 'intruso.dos')).toEqual([CLIENTE]);
  });

  it('quien llega directo no elige su dirección', async () => {
    expect((await falloDeIngreso(e.urlDirecta, 'intruso.tres')).status).toBe(401);
    expect(await ipAuditada(e.t, 'intruso.tres')).toEqual([CLIENTE]);
  });
});

describe('sin TRUST_PROXY', () => {
  let e: Escenario;
  beforeAll(async () => {
    e = await escenario({});
  });
  afterAll(async () => {
    await new Promise((r) => e.proxy.close(r));
    await e.t.cerrar();
  });

  it('X-Forwarded-For no se cree y un x-request-id del cliente tampoco', async () => {
    expect((await falloDeIngreso(e.urlProxy, 'intruso.cuatro')).status).toBe(401);
    expect(await ipAuditada(e.t, 'intruso.cuatro')).toEqual(['127.0.0.1']);
    const r = await pedir(
      e.urlDirecta,
      '/api/user/logout',
      {},
      { 'x-request-id': 'inventado-1234' },
    );
    expect(r.headers['x-request-id']).not.toBe('inventado-1234');
  });
});

describe('TRUST_PROXY al iniciar', () => {
  const leer = (v: string) => leerConfig({ DATA_DIR: '/tmp', TRUST_PROXY: v }).trustProxy;

  it('acepta 0, una cantidad de saltos o direcciones y redes', () => {
    expect(leer('0')).toBe(false);
    expect(leer('1')).toBe(1);
    expect(leer('2')).toBe(2);
    expect(leer('10.0.0.5, 10.0.1.0/24,::1')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1']);
  });

  it('rechaza con un error en castellano lo que no entiende, y true (confiar en todo)', () => {
    for (const v of ['true', 'si', '10.0.0.300', '10.0.0.0/33', '10.0.0.1/x']) {
      expect(() => leer(v), v).toThrow(ErrorDeArranque);
      expect(() => leer(v), v).toThrow(/TRUST_PROXY=.*cantidad de proxies/);
    }
  });
});
