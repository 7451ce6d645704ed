/**
 * One PostgreSQL for the whole server test run — embedded in a temporary folder, or the server
 * of DATABASE_URL — with two template databases migrated once: `vacia` (schema only) and `demo`
 * (schema + demo data). Each test file clones the one it needs (CREATE DATABASE … TEMPLATE).
 *
 * With DATABASE_DIRECT_URL as well (scripts/pgbouncer.ts), DATABASE_URL is a PgBouncer in
 * transaction mode in front of that server: databases are created, migrated and dropped straight
 * (DATABASE_DIRECT_URL's server), and the apps under test reach their database through the
 * pooler, with the direct URL for what needs a session (test/app.ts, `urlDirectaDe`).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { conectar } from '../db/client';
import { cargarDemo, type TarjetaDemo } from '../demo/datos';
import { abrirPostgresEmbebido, type PostgresEmbebido } from '../db/embedded';
import { migrar } from '../db/migrate';
import { SECRETO_PRUEBAS } from './constantes';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's URL straight, without a pooler. */
    urlServidorPg: string;
    /** The URL apps use: the pooler's (DATABASE_URL with DATABASE_DIRECT_URL), else the same. */
    urlServidorAgrupado: string;
    plantillaVacia: string;
    plantillaDemo: string;
    tarjetasDemo: TarjetaDemo[];
    /** Ends the name of every database of this run, so the teardown finds them all. */
    sufijoBases: string;
  }
}

const conBase = (url: string, base: string) => {
  const u = new URL(url);
  u.pathname = `/${base}`;
  return u.toString();
};

export default async function setup(project: TestProject) {
  let embebido: PostgresEmbebido | undefined;
  let carpeta: string | undefined;
  const directa = process.env.DATABASE_DIRECT_URL || undefined;
  let urlServidor = directa ?? (process.env.DATABASE_URL || undefined);
  if (!urlServidor) {
    carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-pruebas-'));
    embebido = await abrirPostgresEmbebido(carpeta, { alFallar: (log) => console.error(log) });
    urlServidor = embebido.url;
  }
  const sufijo = `${process.pid}_${Date.now()}`;
  const plantillaVacia = `acopio_vacia_${sufijo}`;
  const plantillaDemo = `acopio_demo_${sufijo}`;
  const admin = new pg.Client({ connectionString: conBase(urlServidor, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${plantillaVacia}`);
  await migrar(conBase(urlServidor, plantillaVacia), {
    zonaHoraria: 'America/Argentina/Buenos_Aires',
  });
  await admin.query(`create database ${plantillaDemo} template ${plantillaVacia}`);
  const base = conectar(conBase(urlServidor, plantillaDemo), {
    max: 2,
    timeZone: 'America/Argentina/Buenos_Aires',
  });
  const tarjetasDemo = await cargarDemo(base.db, SECRETO_PRUEBAS);
  await base.cerrar();

  project.provide('urlServidorPg', urlServidor);
  project.provide('urlServidorAgrupado', directa ? process.env.DATABASE_URL! : urlServidor);
  project.provide('plantillaVacia', plantillaVacia);
  project.provide('plantillaDemo', plantillaDemo);
  project.provide('tarjetasDemo', tarjetasDemo);
  project.provide('sufijoBases', sufijo);

  return async () => {
    // Test files drop their own databases; the templates and anything left behind go here.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '%\\_${sufijo}'`,
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.end();
    if (embebido) await embebido.detener();
    if (carpeta) await fs.rm(carpeta, { recursive: true, force: true });
  };
}
