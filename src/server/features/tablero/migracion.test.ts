/**
 * Migration 0034 on a database that already has finished trucks: the rows of tablero_recorridos
 * get the plate and the last ticket the deviations' list shows, as the view computes them
 * (`verificar` finds nothing), without touching the day rollups.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { conectar } from '../../db/client';
import { migrar } from '../../db/migrate';
import { cargarDemo } from '../../demo/datos';
import { generarVolumen } from '../../demo/volumen';
import { comoAdminPg, conBase } from '../../test/app';
import * as tablero from './servicio';
import { generarHistorialTablero } from './volumen';

const ZONA = 'America/Argentina/Buenos_Aires';
const servidor = inject('urlServidorPg');
const nombre = `migrar_recorridos_${inject('sufijoBases')}`;
const carpetaMigraciones = fileURLToPath(new URL('../../db/migrations', import.meta.url));

afterAll(() => comoAdminPg((c) => c.query(`drop database if exists ${nombre} with (force)`)));

describe('migración 0034', () => {
  it('llena patente y ticket de los camiones ya finalizados como los calcula la vista', async () => {
    await comoAdminPg((c) => c.query(`create database ${nombre}`));
    const url = conBase(servidor, nombre);
    // The migrations before 0034, then trucks finished, then the rest.
    const carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'migraciones-'));
    await fs.cp(carpetaMigraciones, carpeta, { recursive: true });
    const diario = path.join(carpeta, 'meta', '_journal.json');
    const completo = JSON.parse(await fs.readFile(diario, 'utf8')) as {
      entries: { tag: string }[];
    };
    await fs.writeFile(
      diario,
      JSON.stringify({
        ...completo,
        entries: completo.entries.filter((e) => e.tag < '0034'),
      }),
    );
    await migrar(url, { zonaHoraria: ZONA, carpeta });
    await fs.rm(carpeta, { recursive: true });

    const base = conectar(url, { max: 2, timeZone: ZONA });
    try {
      await cargarDemo(base.db, 'prueba-'.padEnd(64, 'x'));
      await generarVolumen(base.db, {
        empresas: 3,
        camionesEnPlaya: 5,
        cupos: 10,
        movimientos: 10,
        usuarios: 1,
        encuestas: 1,
      });
      await generarHistorialTablero(base.db, { camiones: 400, empresas: 3 });
      const dias = async () =>
        (
          await base.db.execute<{ t: string }>(
            // The columns of before 0034 (0037 adds one, generated from these).
            sql`select string_agg(row(d.codempre, d.unineg, d.dia, d.camiones, d.total,
                                       d.sin_orden, d.con_orden, d.operando, d.desvios)::text,
                                   ';' order by d.codempre, d.unineg, d.dia) as t
                from tablero_recorridos_dias d`,
          )
        ).rows[0]!.t;
      const antes = await dias();

      await migrar(url, { zonaHoraria: ZONA });
      expect(await tablero.verificar(base.db)).toEqual([]);
      // Every truck weighed (with a net weight) has its ticket and plate.
      const { rows } = await base.db.execute<{ n: number; ticket: number; patcha: number }>(sql`
        select count(*)::int as n, count(ticket)::int as ticket, count(patcha)::int as patcha
        from tablero_recorridos where neto_kg is not null`);
      expect(rows[0]!.n).toBeGreaterThan(300);
      expect(rows[0]).toEqual({ n: rows[0]!.n, ticket: rows[0]!.n, patcha: rows[0]!.n });
      expect(await dias()).toBe(antes);
    } finally {
      await base.cerrar();
    }
  }, 120_000);
});
