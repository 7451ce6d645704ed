import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MENSAJES_API } from '../../shared/textos';
import { buildApp } from '../app';
import { leerConfig } from '../config';
import { conectar } from '../db/client';
import { crearAppDePrueba, usarAppDePrueba, type AppDePrueba } from '../test/app';
import { get, ingresar, post } from '../test/sesion';

const t = usarAppDePrueba({
  rutasExtra: (app) => {
    // What a write meets on a database that just stopped being the primary (a failover): the
    // node that answers is a standby or a demoted primary, read only until the switch ends.
    app.get('/api/prueba/solo-lectura', { config: { acceso: 'publico' } }, () =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`set transaction read only`);
        await tx.execute(sql`update usuarios set id = id where false`);
      }),
    );
    app.get('/api/prueba/falla', { config: { acceso: 'publico' } }, () => {
      throw new Error('detalle interno: contraseña=secreta en /srv/app.ts:12');
    });
    // Answers that break their contract: a field of more, and a wrong type.
    const contrato = { 200: z.object({ codempre: z.number().int(), nomempre: z.string() }) };
    const config = { acceso: 'publico' } as const;
    app.get('/api/prueba/de-mas', { config, schema: { response: contrato } }, () => ({
      codempre: 1,
      nomempre: 'Uno',
      tokenHash: 'no debe salir',
    }));
    app.get('/api/prueba/tipo-erroneo', { config, schema: { response: contrato } }, () => ({
      codempre: '1' as unknown as number,
      nomempre: 'Uno',
    }));
  },
});

describe('toda respuesta sale por su contrato', () => {
  it('un campo que el contrato no declara no sale', async () => {
    const res = await get(t.app, '/api/prueba/de-mas');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"codempre":1,"nomempre":"Uno"}');
  });

  it('un tipo que no es el del contrato es un 500, nunca una respuesta equivocada', async () => {
    const res = await get(t.app, '/api/prueba/tipo-erroneo');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ msj: MENSAJES_API.errorInterno });
  });
});

describe('CSRF (diseño, sección 3)', () => {
  it('un POST que no es application/json responde 415 { msj }', async () => {
    for (const tipo of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-coordenadas',
        headers: { 'content-type': tipo },
        payload: 'userName=admin',
      });
      expect(res.statusCode, tipo).toBe(415);
      expect(res.json()).toEqual({ msj: MENSAJES_API.tipoContenido });
    }
    const sinTipo = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(sinTipo.statusCode).toBe(415);
  });

  it('un cuerpo comprimido responde 415 { msj }: la API lee los cuerpos tal como llegan', async () => {
    const { gzipSync } = await import('node:zlib');
    for (const codificacion of ['gzip', 'br', 'deflate']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-coordenadas',
        headers: { 'content-type': 'application/json', 'content-encoding': codificacion },
        payload: gzipSync('{"userName":"admin"}'),
      });
      expect(res.statusCode, codificacion).toBe(415);
      expect(res.json()).toEqual({ msj: MENSAJES_API.cuerpoComprimido });
    }
    const plano = await post(
      t.app,
      '/api/auth/request-coordenadas',
      { userName: 'admin' },
      undefined,
      {
        headers: { 'content-encoding': 'identity' },
      },
    );
    expect(plano.statusCode).toBe(200);
  });

  it('un Origin que no es el público del portal responde 403, aunque el Host diga lo mismo', async () => {
    const pedir = (origin: string, host: string) =>
      post(t.app, '/api/auth/request-coordenadas', { userName: 'admin' }, undefined, {
        headers: { origin, host },
      });
    // Issue 20, point 5: the request's own Host decided what "this server" was.
    for (const [origin, host] of [
      ['http://evil.example', 'evil.example'],
      ['https://malicioso.example', 'localhost:80'],
      ['http://localhost:80', 'localhost:80'],
      ['null', '127.0.0.1:3000'],
    ] as const) {
      const ajeno = await pedir(origin, host);
      expect(ajeno.statusCode, origin).toBe(403);
      expect(ajeno.json()).toEqual({ msj: MENSAJES_API.origenInvalido });
    }
    // Without PUBLIC_URL the public origin is http://HOST:PORT (127.0.0.1:3000 here; a local
    // HOST also answers as localhost), whatever the Host header says.
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:3000']) {
      expect((await pedir(origin, 'evil.example')).statusCode, origin).toBe(200);
    }
  });

  it('con PUBLIC_URL, los orígenes de la lista y ninguno más', async () => {
    const propia = await crearAppDePrueba({
      entorno: { PUBLIC_URL: 'https://acopio.example, http://10.0.0.7:8080/' },
    });
    try {
      const pedir = (origin: string) =>
        post(propia.app, '/api/auth/request-coordenadas', { userName: 'admin' }, undefined, {
          headers: { origin },
        });
      for (const origin of ['https://acopio.example', 'http://10.0.0.7:8080']) {
        expect((await pedir(origin)).statusCode, origin).toBe(200);
      }
      for (const origin of ['http://127.0.0.1:3000', 'http://acopio.example', 'http://10.0.0.7']) {
        expect((await pedir(origin)).statusCode, origin).toBe(403);
      }
    } finally {
      await propia.cerrar();
    }
  });

  it('PUBLIC_URL: por defecto http://HOST:PORT; un valor que no es un origen no arranca', () => {
    const origenes = (entorno: Record<string, string>) =>
      leerConfig({ DATA_DIR: os.tmpdir(), ...entorno }).publicUrl;
    expect(origenes({})).toEqual(['http://127.0.0.1:3000', 'http://localhost:3000']);
    expect(origenes({ HOST: '10.1.2.3', PORT: '80' })).toEqual(['http://10.1.2.3']);
    expect(origenes({ HOST: '::1', PORT: '8080' })).toEqual([
      'http://[::1]:8080',
      'http://127.0.0.1:8080',
      'http://localhost:8080',
    ]);
    // Listening everywhere: only this machine's own names are known (the start warns).
    expect(origenes({ HOST: '0.0.0.0' })).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
    ]);
    expect(origenes({ PUBLIC_URL: 'HTTPS://Acopio.Example:443/' })).toEqual([
      'https://acopio.example',
    ]);
    for (const malo of [
      'acopio.example',
      'ftp://acopio.example',
      'https://acopio.example/portal',
      'https://a@acopio.example',
      ',',
    ]) {
      expect(() => origenes({ PUBLIC_URL: malo }), malo).toThrow(/PUBLIC_URL=.*origen/);
    }
  });
});

describe('errores', () => {
  it('JSON inválido → 400 { msj }', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-coordenadas',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msj: MENSAJES_API.jsonInvalido });
  });

  it('cuerpo demasiado grande → 413 { msj }', async () => {
    const res = await post(t.app, '/api/auth/request-coordenadas', {
      userName: 'x'.repeat(300 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ msj: MENSAJES_API.cuerpoGrande });
  });

  it('ruta de API inexistente → 404 { msj }', async () => {
    for (const [metodo, url] of [
      ['GET', '/api/no-existe'],
      ['POST', '/api/camiones/no-existe'],
      ['GET', '/api'],
    ] as const) {
      const res = metodo === 'GET' ? await get(t.app, url) : await post(t.app, url, {});
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ msj: MENSAJES_API.rutaInexistente });
    }
  });

  it('un error no previsto → 500 "Error interno del servidor", sin detalles', async () => {
    const res = await get(t.app, '/api/prueba/falla');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ msj: 'Error interno del servidor' });
    expect(res.body).not.toMatch(/contraseña|srv|stack|Error:/);
  });

  it('una ruta sin config.acceso impide arrancar', async () => {
    const app = await buildApp({
      db: t.db,
      config: { ...leerConfig({ DATA_DIR: os.tmpdir() }), cardSecret: 'x'.repeat(64) },
    });
    expect(() => app.get('/api/olvidada', () => ({}))).toThrow(/no declara config.acceso/);
    await app.close();
  });

  it('cabeceras de seguridad y CSP: las de página fuera de la API', async () => {
    const res = await get(t.app, '/ingreso');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['cache-control']).not.toBe('no-store');
  });

  it('las respuestas de la API llevan su juego de cabeceras (OWASP REST), con sesión, sin ella y con error', async () => {
    const cookie = await ingresar(t.app, 'cliente1');
    for (const res of [
      await get(t.app, '/api/health'),
      await post(t.app, '/api/clientes/clientes-empresas', { codempre: 1 }, cookie),
      await get(t.app, '/api/encuestas'),
      await get(t.app, '/api/no-existe'),
    ]) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      // What governs documents only does not travel with data.
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
      expect(res.headers['x-xss-protection']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('una sesión que el caché del proceso ya tiene', () => {
  // The first request with a cookie reads the session from the database; the next ones find it
  // in this process's cache and are checked without waiting (plugins/autenticacion.ts): the same
  // rules, the same answer, the same headers.
  it('responde lo mismo que la primera vez: contrato, cabeceras y acceso', async () => {
    const cookie = await ingresar(t.app, 'cliente1');
    const respuestas = [];
    for (let i = 0; i < 3; i++) {
      respuestas.push(
        await post(t.app, '/api/clientes/clientes-empresas', { codempre: 1 }, cookie),
      );
    }
    for (const res of respuestas) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(respuestas[0]!.body);
      expect(res.json()).toEqual([{ codempre: 1, nomempre: expect.any(String) }]);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Another company's data, and a route of administrators: refused from the cache as well.
    for (let i = 0; i < 2; i++) {
      const ajena = await post(t.app, '/api/clientes/clientes-empresas', { codempre: 2 }, cookie);
      expect(ajena.statusCode).toBe(403);
      const admin = await get(t.app, '/api/administracion/empresas', cookie);
      expect(admin.statusCode).toBe(403);
      expect(admin.json()).toEqual({ msj: MENSAJES_API.sinPermiso });
      expect(admin.headers['cache-control']).toBe('no-store');
    }
  });

  it('una cookie sin sesión viva sigue siendo 401, la primera vez y las siguientes', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await post(
        t.app,
        '/api/clientes/clientes-empresas',
        { codempre: 1 },
        'acopio_sesion=no-es-una-sesion',
      );
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msj: MENSAJES_API.sesionRequerida });
    }
  });
});

describe('cabeceras de cada respuesta', () => {
  it('toda respuesta trae x-request-id, distinto en cada pedido', async () => {
    const cookie = await ingresar(t.app, 'cliente1');
    const respuestas = [
      await get(t.app, '/api/health'),
      await get(t.app, '/api/auth/verifyuser', cookie),
      await post(t.app, '/api/empresa/stock', { codempre: 1, unineg: 1 }, cookie),
      await post(t.app, '/api/empresa/stock', { codempre: 2, unineg: 1 }, cookie),
      await get(t.app, '/api/no-existe'),
    ];
    const ids = respuestas.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('las respuestas de la API no se guardan en cachés (no-store), con sesión, sin ella y con error', async () => {
    const cookie = await ingresar(t.app, 'cliente1');
    for (const res of [
      await post(t.app, '/api/empresa/stock', { codempre: 1, unineg: 1 }, cookie),
      await get(t.app, '/api/auth/verifyuser', cookie),
      await get(t.app, '/api/encuestas', cookie),
      await post(t.app, '/api/empresa/stock', { codempre: 2, unineg: 1 }, cookie),
      await get(t.app, '/api/encuestas'),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('compresión de la API', () => {
  it('una respuesta de más de 1 kB viaja comprimida según Accept-Encoding, y sigue sin caché', async () => {
    const cookie = await ingresar(t.app, 'cliente1');
    const cuerpo = { filtros: { codempre: 1, unineg: 1, estado: 0 } };
    const plana = await post(t.app, '/api/camiones/camiones-playa', cuerpo, cookie);
    expect(plana.headers['content-encoding']).toBeUndefined();
    expect(plana.rawPayload.length).toBeGreaterThan(1024);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    for (const [encoding, descomprimir] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await post(t.app, '/api/camiones/camiones-playa', cuerpo, cookie, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plana.rawPayload.length / 3);
      expect(JSON.parse(descomprimir(res.rawPayload).toString('utf8'))).toEqual(plana.json());
    }
  });

  it('una respuesta chica va sin comprimir', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('salud y OpenAPI', () => {
  it('GET /api/health responde ok', async () => {
    const res = await get(t.app, '/api/health');
    expect(res.json()).toEqual({ estado: 'ok' });
  });

  it('/api/docs/json documenta cada ruta de la API con sus esquemas', async () => {
    const res = await get(t.app, '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const r of t.app.rutasApi) {
      const ruta = r.url.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(doc.paths[ruta]?.[r.metodo.toLowerCase()], `${r.metodo} ${r.url}`).toBeDefined();
    }
    const ui = await get(t.app, '/api/docs');
    expect(ui.statusCode).toBe(200);
  });
});

describe('base de datos caída', () => {
  it('responde 503 { msj } en castellano y la salud lo dice', async () => {
    const caida = await crearAppDePrueba({ urlBase: 'postgres://nadie:x@127.0.0.1:1/nada' });
    try {
      const salud = await get(caida.app, '/api/health/ready');
      expect(salud.statusCode).toBe(503);
      expect(salud.json()).toEqual({ msj: MENSAJES_API.baseNoDisponible });
      const ingreso = await post(caida.app, '/api/auth/request-coordenadas', { userName: 'admin' });
      expect(ingreso.statusCode).toBe(503);
      expect(ingreso.json()).toEqual({ msj: MENSAJES_API.baseNoDisponible });
    } finally {
      await caida.cerrar();
    }
  });
});

describe('base de datos de solo lectura (una conmutación en curso)', () => {
  it('una escritura rechazada por solo lectura (25006) es 503 en castellano, no 500', async () => {
    const res = await get(t.app, '/api/prueba/solo-lectura');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ msj: MENSAJES_API.baseNoDisponible });
  });
});

describe('SPA servida', () => {
  let web: AppDePrueba;
  let carpeta: string;
  beforeAll(async () => {
    carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-web-'));
    await fs.mkdir(path.join(carpeta, 'assets'));
    await fs.writeFile(
      path.join(carpeta, 'index.html'),
      '<!doctype html><title>Portal Acopio</title>',
    );
    await fs.writeFile(path.join(carpeta, 'assets', 'app-abc123.js'), 'console.log(1)');
    await fs.mkdir(path.join(carpeta, '.vite'));
    await fs.writeFile(path.join(carpeta, '.vite', 'manifest.json'), '{}');
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    await fs.writeFile(
      path.join(carpeta, 'assets', 'app-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    await fs.writeFile(
      path.join(carpeta, 'assets', 'app-abc123.js.gz'),
      gzipSync('console.log(1)'),
    );
    web = await crearAppDePrueba({ carpetaWeb: carpeta });
  });
  afterAll(async () => {
    await web.cerrar();
    await fs.rm(carpeta, { recursive: true, force: true });
  });

  it('/ y las rutas de la app devuelven index.html sin caché', async () => {
    for (const url of [
      '/',
      '/camiones',
      '/cupos/modificar/12',
      '/encuestas/responder/3',
      '/no-existe',
    ]) {
      const res = await get(web.app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Portal Acopio');
    }
  });

  it('los archivos con hash se cachean un año; un archivo que falta es 404, no la página', async () => {
    const js = await get(web.app, '/assets/app-abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/assets/falta.js',
      '/favicon.ico',
      '/api/camiones',
      '/.vite/manifest.json',
    ]) {
      const res = await get(web.app, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ msj: MENSAJES_API.rutaInexistente });
    }
  });

  it('envía la versión precomprimida que el navegador acepta', async () => {
    for (const [acepta, codificacion] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await web.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': acepta },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(codificacion);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('un POST fuera de /api no recibe la página', async () => {
    const res = await post(web.app, '/camiones', {});
    expect(res.statusCode).toBe(404);
  });
});

describe('registro de solicitudes', () => {
  /** An app that writes JSON logs at `nivel` into `lineas`. */
  async function appConRegistro(nivel: string) {
    const lineas: string[] = [];
    const { Writable } = await import('node:stream');
    const destino = new Writable({
      write(chunk: Buffer, _e, listo) {
        lineas.push(chunk.toString());
        listo();
      },
    });
    const conexion = conectar(t.url, { max: 2, timeZone: 'America/Argentina/Buenos_Aires' });
    const app = await buildApp({
      db: conexion.db,
      config: {
        ...leerConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: nivel }),
        cardSecret: 'prueba-'.padEnd(64, 'x'),
      },
      registro: 'json',
      destinoRegistro: destino,
    });
    return { app, lineas, conexion };
  }

  it('con LOG_LEVEL=warn, una línea por cada falla (4xx warn, 5xx error) y ninguna por lo que anduvo', async () => {
    const { app, lineas, conexion } = await appConRegistro('warn');
    app.get('/api/prueba/falla', { config: { acceso: 'publico' } }, () => {
      throw new Error('falla de prueba');
    });
    try {
      const bien = await get(app, '/api/health');
      const sinSesion = await get(app, '/api/encuestas');
      const falla = await get(app, '/api/prueba/falla');
      expect([bien.statusCode, sinSesion.statusCode, falla.statusCode]).toEqual([200, 401, 500]);
      const registradas = lineas.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(registradas).toEqual([
        expect.objectContaining({
          level: 40,
          reqId: sinSesion.headers['x-request-id'],
          msg: 'solicitud',
          status: 401,
        }),
        // The error handler's line, with the error, and the request's.
        expect.objectContaining({
          level: 50,
          reqId: falla.headers['x-request-id'],
          msg: 'error interno',
        }),
        expect.objectContaining({
          level: 50,
          reqId: falla.headers['x-request-id'],
          msg: 'solicitud',
          status: 500,
        }),
      ]);
    } finally {
      await app.close();
      await conexion.cerrar();
    }
  });

  it('no escribe cookies ni valores de tarjeta en el log', async () => {
    const { app, lineas, conexion } = await appConRegistro('trace');
    try {
      const cookie = await ingresar(app, 'admin');
      const res = await get(app, '/api/auth/verifyuser', cookie);
      const log = lineas.join('');
      expect(log).not.toContain(cookie.split('=')[1]!);
      expect(log).not.toMatch(/coordenada1|ingresadas/);

      // One line per request, carrying the id its answer gives the person (x-request-id), the
      // route's template, the status, the time and who called.
      const id = res.headers['x-request-id'];
      const deEsa = lineas
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.reqId === id);
      const admin = await app.db.execute<{ id: number }>(
        sql`select id from usuarios where usuario = 'admin'`,
      );
      expect(deEsa).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'solicitud',
          method: 'GET',
          route: '/api/auth/verifyuser',
          status: 200,
          ms: expect.any(Number),
          userId: admin.rows[0]!.id,
        }),
      ]);
      const encuesta = await get(app, '/api/encuestas/1', cookie);
      const linea = lineas
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.reqId === encuesta.headers['x-request-id']);
      expect(linea).toMatchObject({ route: '/api/encuestas/:id' });
      expect(JSON.stringify(linea)).not.toContain('/api/encuestas/1');

      // A live stream the browser closes never gets an answer: it still has its line.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const pedido = http.get(
          { host: '127.0.0.1', port, path: '/api/camiones/eventos', headers: { cookie } },
          () => {
            pedido.destroy();
            resolve();
          },
        );
        pedido.on('error', () => undefined);
      });
      await vi.waitFor(() =>
        expect(lineas.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
          expect.objectContaining({
            msg: 'solicitud',
            route: '/api/camiones/eventos',
            status: 200,
          }),
        ),
      );
    } finally {
      await app.close();
      await conexion.cerrar();
    }
  });
});
