/**
 * The live stream's harness: two real portal processes (`a` and `b`) over one test database
 * with the demo's data, a connection of the test's own to it, sessions of the demo's users and
 * streams (`GET /api/camiones/eventos`) that are closed after each test (the per-user limit
 * counts open ones). For the yard's live tests and the turns' (the same stream).
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { conectar, type BaseDeDatos, type Db } from '../db/client';
import { crearBaseDePrueba } from './app';
import { abrirFlujoSse, type FlujoDePrueba } from './flujo';
import { ingresarHttp } from './http';
import { iniciarPortales, type Portales } from './portales';
import { tarjetaDemo } from './sesion';

export interface DosPortales {
  /** The two processes' URLs. */
  a: string;
  b: string;
  /** The test's own connection to their database. */
  db: Db;
  /** A session of a demo user, signed in through `url` (default a); its cookie. */
  sesion: (usuario: 'cliente1' | 'cliente2' | 'admin', url?: string) => Promise<string>;
  /**
   * A stream of the session, on `url` (default a), with extra headers and a query string;
   * expected accepted (200). Closed after the test.
   */
  flujo: (
    cookie: string,
    opciones?: { cabeceras?: Record<string, string>; url?: string; consulta?: string },
  ) => Promise<FlujoDePrueba>;
  /** The streams the test has open, closed after it (a test may push its own or close one). */
  abiertos: FlujoDePrueba[];
}

/** `preparar` runs on the database before the processes start (e.g. a token, a calendar). */
export function usarDosPortales(preparar?: (db: Db) => Promise<void>): DosPortales {
  let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
  let conexion: BaseDeDatos;
  let portales: Portales;
  const p = { abiertos: [] as FlujoDePrueba[] } as DosPortales;

  beforeAll(async () => {
    base = await crearBaseDePrueba('demo');
    conexion = conectar(base.url, {
      max: 2,
      timeZone: 'America/Argentina/Buenos_Aires',
      urlDirecta: base.urlDirecta,
    });
    p.db = conexion.db;
    await preparar?.(conexion.db);
    portales = await iniciarPortales(base.url, 2);
    [p.a, p.b] = portales.urls as [string, string];
  });

  afterEach(() => {
    for (const f of p.abiertos.splice(0)) f.cerrar();
  });

  afterAll(async () => {
    await portales?.detener();
    await conexion?.cerrar();
    await base?.borrar();
  });

  p.sesion = async (usuario, url = p.a) => {
    const { status, cookie } = await ingresarHttp(url, usuario, tarjetaDemo(usuario).valores);
    expect(status).toBe(200);
    return cookie;
  };

  p.flujo = async (cookie, { cabeceras = {}, url = p.a, consulta = '' } = {}) => {
    const f = await abrirFlujoSse(`${url}/api/camiones/eventos${consulta}`, {
      cookie,
      ...cabeceras,
    });
    p.abiertos.push(f);
    expect(f.status).toBe(200);
    return f;
  };

  return p;
}
