/**
 * No-shows with two portal processes on one database (issue 24, point 4): every process runs
 * the no-show worker; bookings whose band plus tolerance is over become 'ausente' within a
 * round, each marked and audited exactly once whichever process noticed it. The bookings are
 * made on an injected clock (the day before yesterday's bands, booked the day before); the processes run on the
 * real one. The boundary ± 1 minute and concurrent rounds in one process: puerta.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../../cli/actor';
import { conectar, type BaseDeDatos } from '../../db/client';
import { crearBaseDePrueba } from '../../test/app';
import { iniciarPortales, type Portales } from '../../test/portales';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { calendarioAbierto, diaDesdeHoy } from './datos-prueba';
import { sumarDias } from './rules';
import * as turnos from './servicio';

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let portales: Portales | undefined;
let conexion: BaseDeDatos;

beforeAll(async () => {
  base = await crearBaseDePrueba('demo');
  conexion = conectar(base.url, { max: 4, timeZone: 'America/Argentina/Buenos_Aires' });
  await calendarioAbierto(conexion.db, 1, 100);
}, 120_000);

afterAll(async () => {
  await portales?.detener();
  await conexion?.cerrar();
  await base?.borrar();
});

describe('ausentes con dos procesos', { timeout: 180_000 }, () => {
  it('cada turno vencido queda "ausente" una sola vez, con una sola fila de auditoría', async () => {
    // The day before yesterday: every band of it, 23:00 and its tolerance too, is over at any
    // hour of today (yesterday's 23:00 band is not, until past midnight plus the tolerance).
    const anteayer = await diaDesdeHoy(conexion.db, -2);
    const reloj = () => `${sumarDias(anteayer, -1)}T00:00:00`;
    const ids: number[] = [];
    // 48 bookings of that day's bands, 2 per hour.
    for (let i = 0; i < 48; i++) {
      const cupo = await insertarCupoDePrueba(conexion.db);
      const t = await turnos.reservar(conexion.db, reloj, 'terminal', CLI, {
        cupo,
        fecha: anteayer,
        hora: i % 24,
      });
      ids.push(t.id);
    }
    const manana = await diaDesdeHoy(conexion.db, 1);
    const futuro = await turnos.reservar(conexion.db, reloj, 'terminal', CLI, {
      cupo: await insertarCupoDePrueba(conexion.db),
      fecha: manana,
      hora: 10,
    });
    portales = await iniciarPortales(base.url, 2);
    await expect
      .poll(
        async () => {
          const { rows } = await conexion.db.execute<{ n: number }>(sql`
            select count(*)::int as n from turnos
            where id = any(${`{${ids.join(',')}}`}::int[]) and estado = 'ausente'`);
          return rows[0]!.n;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(ids.length);
    const { rows } = await conexion.db.execute<{ fila: string; n: number }>(sql`
      select fila_id as fila, count(*)::int as n from auditoria
      where accion = 'marcar_ausente_turno' group by fila_id`);
    // Every booking marked once, these and the demo's own past ones alike.
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const marcadas = new Set(rows.map((r) => Number(r.fila)));
    expect(ids.filter((id) => !marcadas.has(id))).toEqual([]);
    const { rows: f } = await conexion.db.execute<{ estado: string }>(
      sql`select estado from turnos where id = ${futuro.id}`,
    );
    expect(f[0]!.estado).toBe('reservado');
  });
});
