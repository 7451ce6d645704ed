/**
 * Migrations run in the terminal's zone, whatever the database server's own is: a migration that
 * fills a rollup from existing rows (0024's days, 0031's histograms) turns instants into days, and
 * an upgrade on a server in UTC filed a truck finished at 22:30 in Buenos Aires under the next day.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { comoAdminPg, conBase } from '../test/app';
import { migrar } from './migrate';

const ZONA = 'America/Argentina/Buenos_Aires';
const servidor = inject('urlServidorPg');
const nombre = `migrar_zona_${inject('sufijoBases')}`;

afterAll(() => comoAdminPg((c) => c.query(`drop database if exists ${nombre} with (force)`)));

describe('migrar', () => {
  it('corre las migraciones en la zona de la terminal aunque el servidor esté en UTC', async () => {
    await comoAdminPg(async (c) => {
      await c.query(`create database ${nombre}`);
      await c.query(`alter database ${nombre} set timezone = 'UTC'`);
    });
    // The portal's migrations, and one more that writes down the zone it ran in.
    const carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'migraciones-'));
    await fs.cp(fileURLToPath(new URL('./migrations', import.meta.url)), carpeta, {
      recursive: true,
    });
    const diario = path.join(carpeta, 'meta', '_journal.json');
    const { entries, ...resto } = JSON.parse(await fs.readFile(diario, 'utf8')) as {
      entries: { idx: number; when: number }[];
    };
    const ultima = entries.at(-1)!;
    entries.push({
      ...ultima,
      idx: ultima.idx + 1,
      when: ultima.when + 1,
      tag: '9999_zona',
    } as (typeof entries)[number]);
    await fs.writeFile(diario, JSON.stringify({ ...resto, entries }));
    // 01:30 UTC of the 10th is 22:30 of the 9th in Buenos Aires.
    await fs.writeFile(
      path.join(carpeta, '9999_zona.sql'),
      `create table zona_de_migracion as select current_setting('TimeZone') as zona,
         ('2026-03-10 01:30:00+00'::timestamptz)::date::text as dia;`,
    );
    const url = conBase(servidor, nombre);
    await migrar(url, { zonaHoraria: ZONA, carpeta });
    await fs.rm(carpeta, { recursive: true });

    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query<{ zona: string; dia: string; delServidor: string }>(
        `select zona, dia, current_setting('TimeZone') as "delServidor" from zona_de_migracion`,
      );
      expect(rows).toEqual([{ zona: ZONA, dia: '2026-03-09', delServidor: 'UTC' }]);
    } finally {
      await c.end();
    }
  });
});
