/**
 * The stock ledger (design section 6). `stock_movimientos` is the source of truth; `stock_saldos`
 * holds each (client, unit, product) balance, written in the same statement as the movements
 * that change it, so that reading stock costs the same with ten movements or ten million.
 */
import { sql } from 'drizzle-orm';
import type { LineaStock, MovimientoStock } from '../../../shared/contracts/stock';
import type { Db, DbOTx } from '../../db/client';
import { consultaPreparada, fechaLocal } from '../../db/sql';

export type TipoMovimiento = 'apertura' | 'ajuste' | 'recepcion' | 'despacho';

export interface Movimiento {
  codempre: number;
  unineg: number;
  codpro: number;
  tipo: TipoMovimiento;
  /** Signed whole kilograms: the ledger keeps tonnes with 3 decimals, so no rounding ever. */
  kilos: number;
  /** An ISO 8601 instant; default: now. */
  fecha?: string;
  ticketCtrl?: number | null;
  cupoCtrl?: number | null;
  usuarioId?: number | null;
  observacion?: string | null;
}

/**
 * Appends movements to the ledger and adds them to the balances, in one statement. The balance
 * rows are locked in key order, so two transactions that touch the same products never wait on
 * each other in a cycle.
 */
export async function registrarMovimientos(tx: DbOTx, movimientos: Movimiento[]): Promise<void> {
  if (movimientos.length === 0) return;
  for (const m of movimientos) {
    if (!Number.isSafeInteger(m.kilos)) throw new Error(`kilos no enteros: ${m.kilos}`);
  }
  const filas = JSON.stringify(
    movimientos.map((m) => ({
      codempre: m.codempre,
      unineg: m.unineg,
      codpro: m.codpro,
      tipo: m.tipo,
      kilos: m.kilos,
      fecha: m.fecha ?? null,
      ticket_ctrl: m.ticketCtrl ?? null,
      cupo_ctrl: m.cupoCtrl ?? null,
      usuario_id: m.usuarioId ?? null,
      observacion: m.observacion ?? null,
    })),
  );
  // The balances first (locking their rows in a fixed order), then the ledger rows, each with
  // the balance right after it: the new balance minus what the same batch adds after that row;
  // then each day's last movement (the chart's closing balances), kept if no later one is there.
  await tx.execute(sql`
    with filas as (
      select m.*, m.kilos::numeric / 1000 as toneladas, row_number() over () as n
      from jsonb_to_recordset(${filas}::jsonb) as m(
        codempre int, unineg int, codpro int, tipo text, kilos bigint, fecha timestamptz,
        ticket_ctrl int, cupo_ctrl int, usuario_id int, observacion text)
    ),
    saldos as (
      insert into stock_saldos as s (codempre, unineg, codpro, toneladas)
      select codempre, unineg, codpro, sum(toneladas)
      from filas group by codempre, unineg, codpro
      order by codempre, unineg, codpro
      on conflict (codempre, unineg, codpro)
      do update set toneladas = s.toneladas + excluded.toneladas, actualizado_en = now()
      returning codempre, unineg, codpro, toneladas
    ),
    movimientos as (
      insert into stock_movimientos (codempre, unineg, codpro, fecha, tipo, toneladas, ticket_ctrl,
                                     cupo_ctrl, usuario_id, observacion, saldo_posterior)
      select f.codempre, f.unineg, f.codpro, coalesce(f.fecha, now()), f.tipo, f.toneladas,
             f.ticket_ctrl, f.cupo_ctrl, f.usuario_id, f.observacion,
             s.toneladas - coalesce(sum(f.toneladas) over (
               partition by f.codempre, f.unineg, f.codpro order by f.n
               rows between 1 following and unbounded following), 0)
      from filas f join saldos s using (codempre, unineg, codpro)
      order by f.n
      returning id, codempre, unineg, codpro, fecha, saldo_posterior
    )
    insert into stock_cierres as c (codempre, unineg, codpro, dia, movimiento, saldo)
    select distinct on (codempre, unineg, codpro, fecha::date)
           codempre, unineg, codpro, fecha::date, id, saldo_posterior
    from movimientos
    order by codempre, unineg, codpro, fecha::date, id desc
    on conflict (codempre, unineg, codpro, dia) do update
      set movimiento = excluded.movimiento, saldo = excluded.saldo
      where excluded.movimiento > c.movimiento`);
}

/** A client company (not the terminal), a unit and a product that all exist. */
export async function destinoExiste(
  db: DbOTx,
  codempre: number,
  unineg: number,
  codpro: number,
): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`
    select exists (select 1 from empresas where codempre = ${codempre} and codempre <> 0)
       and exists (select 1 from unidades_negocio where ctrl = ${unineg})
       and exists (select 1 from productos where codpro = ${codpro}) as ok`);
  return rows[0]!.ok;
}

/**
 * For each (client, unit, product) of an import's opening balances: whether the company is a
 * client that works in the unit, whether the product exists, and its opening balance so far
 * (the sum of its 'apertura' movements, in kilos; null when it has none).
 */
export async function aperturasDe(
  db: DbOTx,
  filas: { codempre: number; unineg: number; codpro: number }[],
): Promise<
  { empresa: boolean; empresaEnUnidad: boolean; producto: boolean; kilos: number | null }[]
> {
  if (filas.length === 0) return [];
  const { rows } = await db.execute<{
    n: number;
    empresa: boolean;
    empresaEnUnidad: boolean;
    producto: boolean;
    kilos: number | null;
  }>(sql`
    select f.n,
           exists (select 1 from empresas e
                   where e.codempre = f.codempre and f.codempre <> 0) as empresa,
           exists (select 1 from empresa_unidades eu
                   where eu.codempre = f.codempre and eu.unineg = f.unineg
                     and f.codempre <> 0) as "empresaEnUnidad",
           exists (select 1 from productos p where p.codpro = f.codpro) as producto,
           (select round(sum(m.toneladas) * 1000)
            from stock_movimientos m
            where m.codempre = f.codempre and m.unineg = f.unineg and m.codpro = f.codpro
              and m.tipo = 'apertura') as kilos
    from jsonb_to_recordset(${JSON.stringify(filas.map((f, n) => ({ ...f, n })))}::jsonb)
      as f(n int, codempre int, unineg int, codpro int)
    order by f.n`);
  return rows;
}

/**
 * One line per product with movements or commitments, by product code (spec section 2, 'Stock
 * listing'; issue 16: committed and available tonnes).
 */
export function stockDe(db: Db, codempre: number, unineg: number): Promise<LineaStock[]> {
  // Every stock screen and its live updates ask for it: planned once per connection.
  return consultaPreparada<LineaStock>(db, 'acopio_stock', consultaStock(codempre, unineg));
}

/**
 * The tonnes of each product promised to open dispatch quotas of a client in a unit (issue 16):
 * quotas of type D, not deleted, and either unlinked (their whole `cantidad`) or linked to a
 * truck that has not finished (what was linked, `cantidad_asignada`: the amount the truck loads,
 * by which its ticket will be split, and the quota can serve no other truck). A finished truck's
 * dispatch is already in the ledger. Kilos are `cantidad` for bulk, units × `peso_envase` for
 * containers; each product takes its percentage. Two branches so each finds its rows by index:
 * the free quotas by `cupos_disponibles_idx`, the linked ones by `cupos_asignados_idx` (a few,
 * whatever the yard holds), each with its truck.
 */
const comprometidas = (codempre: number, unineg: number) => sql`
  select qp.codpro, round(sum(k.kilos * qp.porcentaje / 100) / 1000, 3) as toneladas
  from (
    select q.ctrl, q.cantidad * coalesce(q.peso_envase, 1) as kilos
    from cupos q
    where q.codempre = ${codempre} and q.unineg = ${unineg} and q.tipo = 'D'
      and q.eliminado_en is null and q.camion_ctrl is null
    union all
    select q.ctrl, q.cantidad_asignada * coalesce(q.peso_envase, 1)
    from cupos q join camiones c on c.ctrl = q.camion_ctrl
    where q.codempre = ${codempre} and q.unineg = ${unineg} and q.tipo = 'D'
      and q.camion_ctrl is not null and q.eliminado_en is null and c.codestado < 4
  ) k
  join cupo_productos qp on qp.cupo_ctrl = k.ctrl
  group by qp.codpro`;

/** The query itself, apart so that the benchmark can EXPLAIN ANALYZE exactly this SQL. */
export const consultaStock = (codempre: number, unineg: number) => sql`
  with saldos as (
    select s.codpro, s.toneladas from stock_saldos s
    where s.codempre = ${codempre} and s.unineg = ${unineg}
  ),
  comprometidas as (${comprometidas(codempre, unineg)})
  select p.codpro, p.nompro, coalesce(s.toneladas, 0) as toneladas,
         coalesce(c.toneladas, 0) as comprometidas,
         coalesce(s.toneladas, 0) - coalesce(c.toneladas, 0) as disponibles
  from saldos s
  full join comprometidas c using (codpro)
  join productos p on p.codpro = coalesce(s.codpro, c.codpro)
  order by p.codpro`;

/** The same balances summed from the ledger itself: what the balances must always equal. */
export const consultaStockDelLibro = (codempre: number, unineg: number) => sql`
  select m.codpro, p.nompro, sum(m.toneladas) as toneladas
  from stock_movimientos m join productos p on p.codpro = m.codpro
  where m.codempre = ${codempre} and m.unineg = ${unineg}
  group by m.codpro, p.nompro
  order by m.codpro`;

export interface Diferencia extends Record<string, unknown> {
  codempre: number;
  unineg: number;
  codpro: number;
  /** A day's closing balance that differs (stock_cierres); absent on a product's balance. */
  dia?: string;
  saldo: number | null;
  libro: number | null;
}

/**
 * Balances that differ from the sum of their ledger, then daily closings that differ from the
 * ledger's last movement of that day (none, unless someone wrote around it).
 */
export async function diferenciasDeSaldos(db: DbOTx): Promise<Diferencia[]> {
  const { rows: cierres } = await db.execute<Diferencia>(sql`
    with libro as (
      select distinct on (codempre, unineg, codpro, fecha::date)
             codempre, unineg, codpro, fecha::date as dia, id as movimiento, saldo_posterior as saldo
      from stock_movimientos
      order by codempre, unineg, codpro, fecha::date, id desc
    )
    select codempre, unineg, codpro, to_char(dia, 'YYYY-MM-DD') as dia, c.saldo, l.saldo as libro
    from stock_cierres c
    full join libro l using (codempre, unineg, codpro, dia)
    where (c.movimiento, c.saldo) is distinct from (l.movimiento, l.saldo)
    order by 1, 2, 3, 4`);
  return [...(await diferenciasDeSaldosSolos(db)), ...cierres];
}

async function diferenciasDeSaldosSolos(db: DbOTx): Promise<Diferencia[]> {
  const { rows } = await db.execute<Diferencia>(sql`
    with libro as (
      select codempre, unineg, codpro, sum(toneladas) as toneladas
      from stock_movimientos group by codempre, unineg, codpro
    )
    select coalesce(s.codempre, l.codempre) as codempre, coalesce(s.unineg, l.unineg) as unineg,
           coalesce(s.codpro, l.codpro) as codpro, s.toneladas as saldo, l.toneladas as libro
    from stock_saldos s
    full join libro l using (codempre, unineg, codpro)
    where s.toneladas is distinct from l.toneladas
    order by 1, 2, 3`);
  return rows;
}

/**
 * Rebuilds every balance from the ledger. The lock keeps movements from being added meanwhile
 * (they wait, then add to the rebuilt balance).
 */
export async function recalcularSaldos(tx: DbOTx): Promise<number> {
  await tx.execute(sql`lock table stock_saldos in exclusive mode`);
  await tx.execute(sql`delete from stock_saldos`);
  const { rowCount } = await tx.execute(sql`
    insert into stock_saldos (codempre, unineg, codpro, toneladas)
    select codempre, unineg, codpro, sum(toneladas)
    from stock_movimientos group by codempre, unineg, codpro`);
  // Each day's closing balance too, in this connection's (the terminal's) calendar.
  await tx.execute(sql`delete from stock_cierres`);
  await tx.execute(sql`
    insert into stock_cierres (codempre, unineg, codpro, dia, movimiento, saldo)
    select distinct on (codempre, unineg, codpro, fecha::date)
           codempre, unineg, codpro, fecha::date, id, saldo_posterior
    from stock_movimientos
    order by codempre, unineg, codpro, fecha::date, id desc`);
  return rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// A product's history (issue 16): the ledger in the order it was recorded, with its running
// balance (`saldo_posterior`, written with each movement), by the index
// stock_movimientos_historial_idx (codempre, unineg, codpro, id).

export interface RangoDeProducto {
  codempre: number;
  unineg: number;
  codpro: number;
  /** Days of the terminal's calendar, both included ('2026-11-24'). */
  desde: string;
  hasta: string;
}

export interface FiltrosMovimientos extends RangoDeProducto {
  antesDe?: number;
  limite: number;
}

/**
 * A page of a product's movements dated in the range, newest (highest id) first, one row more
 * than asked to tell whether there is another page. Days are the terminal's calendar (every
 * connection runs in its time zone). Apart so the benchmark can EXPLAIN ANALYZE exactly this SQL.
 */
export const consultaMovimientos = (f: FiltrosMovimientos) => sql`
  select m.id, ${fechaLocal(sql`m.fecha`)} as fecha, m.tipo, m.ticket_ctrl as ticket,
         c.patcha as patente, m.cupo_ctrl as cupo, m.observacion, m.toneladas,
         m.saldo_posterior as saldo
  from stock_movimientos m
  left join tickets t on t.ctrl = m.ticket_ctrl
  left join camiones c on c.ctrl = t.camion_ctrl
  where m.codempre = ${f.codempre} and m.unineg = ${f.unineg} and m.codpro = ${f.codpro}
    and m.fecha >= ${f.desde}::date and m.fecha < ${f.hasta}::date + 1
    ${f.antesDe === undefined ? sql`` : sql`and m.id < ${f.antesDe}`}
  order by m.id desc
  limit ${f.limite + 1}`;

export async function paginaDeMovimientos(
  db: DbOTx,
  f: FiltrosMovimientos,
): Promise<MovimientoStock[]> {
  const { rows } = await db.execute<MovimientoStock & Record<string, unknown>>(
    consultaMovimientos(f),
  );
  return rows;
}

export interface CierreDelDia {
  dia: string;
  /** The id of the day's last movement in the ledger's order, and the balance after it. */
  id: number;
  saldo: number;
}

/**
 * The balance before the range and the last movement of each day of the range that has any,
 * from the daily closings kept with the ledger (`stock_cierres`): a year is 365 rows, whatever
 * the ledger holds.
 *
 * The balance at the end of a day is the one after the last movement (in the ledger's order)
 * dated on or before it: the same figure the table's 'Saldo' shows on that row. `previo` is the
 * last movement dated before `desde`: the highest id among the closings of the earlier days.
 */
export async function cierresDelRango(
  db: DbOTx,
  r: RangoDeProducto,
): Promise<{ previo: { id: number; saldo: number } | null; dias: CierreDelDia[] }> {
  const { rows: previos } = await db.execute<{ id: number; saldo: number }>(consultaPrevio(r));
  const { rows: dias } = await db.execute<CierreDelDia & Record<string, unknown>>(
    consultaCierres(r),
  );
  return { previo: previos[0] ?? null, dias };
}

/** The last movement dated before the range (apart, as the next, for the benchmark). */
export const consultaPrevio = (r: RangoDeProducto) => sql`
  select movimiento as id, saldo from stock_cierres
  where codempre = ${r.codempre} and unineg = ${r.unineg} and codpro = ${r.codpro}
    and dia < ${r.desde}::date
  order by movimiento desc limit 1`;

/** The last movement of each day of the range that has movements. */
export const consultaCierres = (r: RangoDeProducto) => sql`
  select to_char(dia, 'YYYY-MM-DD') as dia, movimiento as id, saldo from stock_cierres
  where codempre = ${r.codempre} and unineg = ${r.unineg} and codpro = ${r.codpro}
    and dia between ${r.desde}::date and ${r.hasta}::date
  order by dia`;

/** Today on the terminal's calendar. */
export async function hoy(db: DbOTx): Promise<string> {
  const { rows } = await db.execute<{ hoy: string }>(
    sql`select to_char(current_date, 'YYYY-MM-DD') as hoy`,
  );
  return rows[0]!.hoy;
}
