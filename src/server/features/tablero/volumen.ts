/**
 * Two years of finished trucks for the dashboard's benchmark and query plans (issue 16): on
 * top of the harvest-peak data set (demo/volumen.ts, whose companies start at 1001), `camiones`
 * finished trucks spread over the last 730 days (more in the April–June harvest), each with its
 * stages (entry, order, tare, gross), ticket, quota and dispatch movement. Set-based SQL: half a
 * million trucks one operation at a time would take hours. The dashboard's triggers are off
 * while it loads and the rollups are rebuilt from scratch after (as the stock balances are).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as stock from '../stock/servicio';
import { recalcularTodo } from './repository';

/**
 * Off while loading: the dashboard's (rebuilt after) and the live yard's events (history is not
 * news for any screen).
 */
const TRIGGERS: [tabla: string, trigger: string][] = [
  ['camiones', 'camiones_tablero_alta'],
  ['cupos', 'cupos_tablero_alta'],
  ['camion_estados', 'camion_estados_tablero_alta'],
  ['tickets', 'tickets_tablero_alta'],
  ['stock_movimientos', 'stock_movimientos_tablero_alta'],
  ['camiones', 'camiones_evento_playa'],
  ['cupos', 'cupos_evento_playa_alta'],
];

export async function generarHistorialTablero(
  db: Db,
  n: { camiones: number; empresas: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.16)`);
    for (const [tabla, t] of TRIGGERS) {
      await tx.execute(sql.raw(`alter table ${tabla} disable trigger ${t}`));
    }
    await tx.execute(sql`
      create temporary table historial on commit drop as
      select i, 1001 + (i % ${n.empresas}) as codempre, 1 + (i % 5 = 0)::int as unineg,
             fin - make_interval(mins => sin + con + ope) as ingreso, sin, con, ope, fin,
             13000 + (i % 3500) as tara, neto, maximo
      from (
        select i,
               -- A harvest-weighted day in the last two years, and an hour of the working day.
               date_trunc('day', now() - interval '2 days')
                 - make_interval(days => (case when random() < 0.4
                                            then (floor(random() * 2)::int * 365) + 60 + floor(random() * 90)::int
                                            else floor(random() * 728)::int end))
                 + make_interval(mins => 360 + floor(random() * 900)::int) as fin,
               floor(random() * 90)::int as sin, 5 + floor(random() * 150)::int as con,
               15 + floor(random() * 60)::int as ope,
               (26 + i % 7) * 1000 as maximo,
               (26 + i % 7) * 1000 - 2500 + floor(random() * 3000)::int as neto
        from generate_series(1, ${n.camiones}) i
      ) x`);
    await tx.execute(sql`
      alter table historial add column ctrl int, add column cupo int, add column ticket int`);
    await tx.execute(sql`
      update historial set ctrl = nextval(pg_get_serial_sequence('camiones', 'ctrl')),
                           cupo = nextval(pg_get_serial_sequence('cupos', 'ctrl')),
                           ticket = nextval(pg_get_serial_sequence('tickets', 'ctrl'))`);
    await tx.execute(sql`
      insert into camiones (ctrl, codempre, unineg, patcha, pataco, cargateorica, nomchofer, dni,
                            ingplaya, codestado, finalizado_en, egreso_en, estado_desde)
      select ctrl, codempre, unineg, 'HI' || lpad((i % 1000)::text, 3, '0') || 'ST', null, maximo,
             'Chofer histórico', (20000000 + i)::text, ingreso, 4, fin,
             fin + interval '15 minutes', fin
      from historial`);
    await tx.execute(sql`
      insert into camion_estados (camion_ctrl, codestado, desde)
      select ctrl, e.codestado, e.desde from historial
      cross join lateral (values
        (1, ingreso), (2, ingreso + make_interval(mins => sin)),
        (3, ingreso + make_interval(mins => sin + con))) e(codestado, desde)`);
    await tx.execute(sql`
      insert into cupos (ctrl, codempre, unineg, tipo, coddespacho, cantidad, fechagen, camion_ctrl,
                         cantidad_asignada, asignado_en)
      select cupo, codempre, unineg, 'D', case when unineg = 1 then 1 else 3 end, maximo,
             ingreso - interval '1 day', ctrl, maximo, ingreso + make_interval(mins => sin)
      from historial`);
    await tx.execute(sql`
      insert into cupo_productos (cupo_ctrl, codpro, porcentaje)
      select cupo, case when unineg = 1 then 1 + i % 3 else 10 + i % 2 end, 100 from historial`);
    await tx.execute(sql`
      insert into tickets (ctrl, camion_ctrl, tara, fechatara, baltara, bruto, fechabruto, balbruto)
      select ticket, ctrl, tara, ingreso + make_interval(mins => sin + con), 'Balanza 1',
             tara + neto, fin, 'Balanza 2'
      from historial`);
    // The balances and daily closings are rebuilt from the ledger below.
    await tx.execute(sql`
      insert into stock_movimientos (codempre, unineg, codpro, fecha, tipo, toneladas, ticket_ctrl,
                                     cupo_ctrl)
      select codempre, unineg, case when unineg = 1 then 1 + i % 3 else 10 + i % 2 end, fin,
             'despacho', -neto::numeric / 1000, ticket, cupo
      from historial`);
    for (const [tabla, t] of TRIGGERS) {
      await tx.execute(sql.raw(`alter table ${tabla} enable trigger ${t}`));
    }
    await recalcularTodo(tx);
    await stock.recalcular(tx, { actor: 'volumen' });
  });
  await db.execute(sql`analyze`);
}
