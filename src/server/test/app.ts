/**
 * A real app on a real database for a test file: a fresh clone of a template database (see
 * global-setup.ts), `buildApp` without listening, and helpers to call it as a user would.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App, type OpcionesApp } from '../app';
import { leerConfig } from '../config';
import { conectar, type BaseDeDatos, type Db } from '../db/client';
import type { RelojTerminal } from '../reloj-terminal';
import { SECRETO_PRUEBAS } from './constantes';

export interface AppDePrueba {
  app: App;
  db: Db;
  base: BaseDeDatos;
  /** Connection string of this test file's own database (through the pooler, when there is one). */
  url: string;
  /** The same database straight, without the pooler (the same as `url` when there is none). */
  urlDirecta: string;
  cerrar(): Promise<void>;
}

export interface OpcionesAppDePrueba {
  plantilla?: 'demo' | 'vacia';
  /** Environment variables as the portal reads them (SESSION_IDLE_MINUTES, …). */
  entorno?: Record<string, string>;
  /** Folder of a built web client to serve; by default none. */
  carpetaWeb?: string;
  /** Extra routes a test needs (registered before the app is ready). */
  rutasExtra?: (app: App) => void;
  /** Connect to this URL instead of the cloned database (e.g. an unreachable server). */
  urlBase?: string;
  /** The terminal's clock (turns' rules); default the real one. */
  reloj?: RelojTerminal;
  /** The outbox's worker: not started, or with a test's own channels (app.ts). */
  avisos?: OpcionesApp['avisos'];
  /** The outbox's worker on its thread, as the portal runs it (features/avisos/hilo.ts). */
  hiloAvisos?: boolean;
  /** JSON log lines go here (none by default). */
  destinoRegistro?: NodeJS.WritableStream;
}

export const conBase = (url: string, base: string) => {
  const u = new URL(url);
  u.pathname = `/${base}`;
  return u.toString();
};

/** Runs `hacer` connected to the test server's `postgres` database (create or drop a database). */
export async function comoAdminPg<T>(hacer: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: conBase(inject('urlServidorPg'), 'postgres') });
  await c.connect();
  try {
    return await hacer(c);
  } finally {
    await c.end();
  }
}

/**
 * A test database's URL straight to PostgreSQL: the same database on the direct server when
 * `url` goes through the run's pooler (DATABASE_DIRECT_URL, global-setup.ts), else `url` itself.
 */
export function urlDirectaDe(url: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  if (u.host !== new URL(inject('urlServidorAgrupado')).host) return url;
  return conBase(inject('urlServidorPg'), u.pathname.slice(1));
}

export async function crearBaseDePrueba(plantilla: 'demo' | 'vacia' = 'demo') {
  const servidor = inject('urlServidorPg');
  const nombre = `prueba_${randomBytes(5).toString('hex')}_${inject('sufijoBases')}`;
  const origen = plantilla === 'demo' ? inject('plantillaDemo') : inject('plantillaVacia');
  const admin = new pg.Client({ connectionString: conBase(servidor, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${nombre} template ${origen}`);
  } finally {
    await admin.end();
  }
  return {
    url: conBase(inject('urlServidorAgrupado'), nombre),
    urlDirecta: conBase(servidor, nombre),
    async borrar() {
      const c = new pg.Client({ connectionString: conBase(servidor, 'postgres') });
      await c.connect();
      await c.query(`drop database if exists ${nombre} with (force)`);
      await c.end();
    },
  };
}

export async function crearAppDePrueba(opciones: OpcionesAppDePrueba = {}): Promise<AppDePrueba> {
  const base = await crearBaseDePrueba(opciones.plantilla);
  const config = leerConfig({
    DATA_DIR: path.join(os.tmpdir(), 'acopio-sin-uso'),
    CARD_SECRET: SECRETO_PRUEBAS,
    DEMO: '0',
    // The per-IP limit has its own test; elsewhere it would only make tests depend on order.
    AUTH_RATE_LIMIT: '1000000',
    // Small by default (many test files share one server); a concurrency test raises it.
    DB_POOL_MAX: '5',
    ...opciones.entorno,
  });
  const url = opciones.urlBase ?? base.url;
  const conexion = conectar(url, {
    max: config.dbPoolMax,
    timeZone: config.timeZone,
    urlDirecta: urlDirectaDe(url),
  });
  const app = await buildApp({
    db: conexion.db,
    config: { ...config, cardSecret: SECRETO_PRUEBAS },
    carpetaWeb: opciones.carpetaWeb ?? path.join(os.tmpdir(), 'acopio-sin-web'),
    reloj: opciones.reloj,
    avisos: opciones.hiloAvisos
      ? { ...opciones.avisos, hilo: { url, urlDirecta: urlDirectaDe(url) } }
      : opciones.avisos,
    ...(opciones.destinoRegistro
      ? { registro: 'json' as const, destinoRegistro: opciones.destinoRegistro }
      : {}),
  });
  opciones.rutasExtra?.(app);
  await app.ready();
  return {
    app,
    db: conexion.db,
    base: conexion,
    url: base.url,
    urlDirecta: base.urlDirecta,
    async cerrar() {
      await app.close();
      await conexion.cerrar();
      await base.borrar();
    },
  };
}

/**
 * `const t = usarAppDePrueba();` at the top of a test file: a fresh app and database for the
 * file, closed and dropped after it.
 */
export function usarAppDePrueba(opciones: OpcionesAppDePrueba = {}): AppDePrueba {
  const t = {} as AppDePrueba;
  beforeAll(async () => {
    Object.assign(t, await crearAppDePrueba(opciones));
  });
  afterAll(async () => {
    await t.cerrar?.();
  });
  return t;
}
