import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crearAppDePrueba, crearBaseDePrueba, type AppDePrueba } from '../test/app';
import { ejecutarCli } from '../test/cli';
import { cacheDe } from '../features/auth/cache-sesiones';
import { get, ingresar } from '../test/sesion';
import { respaldar, restaurar } from './respaldo';

let t: AppDePrueba;
let carpeta: string;

/** One fingerprint per table: the md5 of all its rows in a fixed order. */
async function huellas(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: tablas } = await c.query<{ t: string }>(
      `select tablename as t from pg_tables where schemaname = 'public' order by 1`,
    );
    const huellas: Record<string, string> = {};
    for (const { t: tabla } of tablas) {
      const { rows } = await c.query<{ h: string; n: number }>(
        `select md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h, count(*)::int as n from "${tabla}" x`,
      );
      huellas[tabla] = `${rows[0]!.n}:${rows[0]!.h}`;
    }
    return huellas;
  } finally {
    await c.end();
  }
}

async function consulta(url: string, texto: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(texto);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  t = await crearAppDePrueba();
  carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-respaldo-'));
});
afterAll(async () => {
  await t.cerrar();
  await fs.rm(carpeta, { recursive: true, force: true });
});

describe('respaldo y restauración', { timeout: 120_000 }, () => {
  it('ida y vuelta: cada tabla vuelve idéntica, en la misma base y en una base nueva', async () => {
    const archivo = path.join(carpeta, 'ida-vuelta.respaldo');
    const antes = await huellas(t.url);
    const r = await respaldar(t.url, archivo);
    expect(r.tablas.find((x) => x.nombre === 'cupos')?.filas).toBeGreaterThan(0);
    expect((await fs.stat(archivo)).mode & 0o777).toBe(0o600);

    // Changes after the backup are undone by the restore.
    await consulta(t.url, `delete from stock_movimientos`);
    await consulta(t.url, `update empresas set nomempre = 'Cambiada' where codempre = 1`);
    await consulta(t.url, `insert into unidades_negocio (unineg) values ('Aceites')`);
    expect(await huellas(t.url)).not.toEqual(antes);
    await restaurar(t.url, archivo);
    expect(await huellas(t.url)).toEqual(antes);

    const otra = await crearBaseDePrueba('vacia');
    try {
      await restaurar(otra.url, archivo);
      expect(await huellas(otra.url)).toEqual(antes);
      // Serial ids continue after the restored ones.
      const { rows } = await consulta(
        otra.url,
        `insert into unidades_negocio (unineg) values ('Aceites') returning ctrl`,
      );
      expect(rows[0].ctrl).toBeGreaterThan(2);
    } finally {
      await otra.borrar();
    }
  });

  it('es consistente con el portal escribiendo a la vez', async () => {
    const archivo = path.join(carpeta, 'en-caliente.respaldo');
    // Quotas and their products are written in pairs, in transactions, during the backup.
    let seguir = true;
    let confirmados = 0;
    const escritor = (async () => {
      const c = new pg.Client({ connectionString: t.url });
      await c.connect();
      while (seguir) {
        await c.query('begin');
        const { rows } = await c.query(
          `insert into cupos (codempre, unineg, coddespacho, cantidad) values (1, 1, 1, 1000) returning ctrl`,
        );
        await c.query(`insert into cupo_productos values ($1, 1, 100)`, [rows[0].ctrl]);
        await c.query('commit');
        confirmados++;
      }
      await c.end();
    })();
    // The backup starts once the writer is committing, and the writer keeps committing during it.
    await vi.waitFor(
      () => {
        if (confirmados === 0) throw new Error('el escritor no confirmó ningún cupo en 30 s');
      },
      { timeout: 30_000, interval: 5 },
    );
    const alEmpezar = confirmados;
    await respaldar(t.url, archivo);
    const alTerminar = confirmados;
    seguir = false;
    await escritor;
    expect(alTerminar, 'cupos confirmados durante el respaldo').toBeGreaterThan(alEmpezar);

    const otra = await crearBaseDePrueba('vacia');
    try {
      await restaurar(otra.url, archivo); // foreign keys are checked on load
      const { rows } = await consulta(
        otra.url,
        `select count(*)::int as n from cupos c where not exists (select 1 from cupo_productos p where p.cupo_ctrl = c.ctrl)`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await otra.borrar();
    }
  });

  it('las sesiones vuelven a ser las del respaldo también en el caché de cada proceso', async () => {
    const archivo = path.join(carpeta, 'sesiones.respaldo');
    await respaldar(t.url, archivo);
    const cookie = await ingresar(t.app, 'cliente2');
    const conectado = async () =>
      (await get(t.app, '/api/auth/verifyuser', cookie)).json<{ loggedIn: boolean }>().loggedIn;
    await expect.poll(() => cacheDe(t.db)!.activa, { timeout: 10_000 }).toBe(true);
    expect(await conectado()).toBe(true);
    await restaurar(t.url, archivo);
    await expect.poll(conectado, { timeout: 5_000, interval: 20 }).toBe(false);
  });

  it('rechaza un archivo que no es un respaldo, sin tocar la base', async () => {
    const falso = path.join(carpeta, 'falso.respaldo');
    await fs.writeFile(falso, gzipSync('hola\n'));
    const antes = await huellas(t.url);
    await expect(restaurar(t.url, falso)).rejects.toThrow(/no es un respaldo/);
    const cortado = path.join(carpeta, 'cortado.respaldo');
    await respaldar(t.url, path.join(carpeta, 'entero.respaldo'));
    const entero = (await import('node:zlib')).gunzipSync(
      await fs.readFile(path.join(carpeta, 'entero.respaldo')),
    );
    await fs.writeFile(cortado, gzipSync(entero.subarray(0, Math.floor(entero.length / 2))));
    await expect(restaurar(t.url, cortado)).rejects.toThrow();
    expect(await huellas(t.url)).toEqual(antes);
  });

  it('por la CLI: respaldo y restaurar', async () => {
    const archivo = path.join(carpeta, 'cli.respaldo');
    const r1 = await ejecutarCli(t.url, ['respaldo', archivo]);
    expect(r1.codigo, r1.salida).toBe(0);
    expect(r1.stdout).toMatch(/Respaldo escrito en .*cli\.respaldo: \d+ tablas, \d+ filas\./);
    const antes = await huellas(t.url);
    await consulta(t.url, `delete from encuesta_respuesta_items`);
    const r2 = await ejecutarCli(t.url, ['restaurar', archivo]);
    expect(r2.codigo, r2.salida).toBe(0);
    const despues = await huellas(t.url);
    // The restore itself is audited: everything else is back as it was.
    expect({ ...despues, auditoria: '' }).toEqual({ ...antes, auditoria: '' });
    const sin = await ejecutarCli(t.url, ['restaurar']);
    expect(sin.codigo).toBe(2);
  });
});
