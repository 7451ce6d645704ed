/**
 * The stock ledger (design section 6). `stock_movimientos` is the source of truth; `stock_saldos`
 * holds each (client, unit, product) balance, written in the same statement as the movements
 * that change it, so that reading stock costs the same with ten movements or ten million.
 */
import { sql } from 'drizzle-orm';
import type { LineaStock, MovimientoStock } from '../../../shared/contracts/stock';
import type { Db, DbOTx } from '../../db/client';
import { fechaLocal, filasNumeradas, sentenciaPreparada, type Valor } from '../../db/sql';

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
 * Appends movements to the ledger, adds them to the balances and to the daily closings of their
 * day and every later day, in one transaction (a savepoint inside the caller's).
 *
 * First the balances: their rows are locked in key order, so two transactions that touch the same
 * products never wait on each other in a cycle, and whoever writes a product's closings holds its
 * balance row. Then, in a second statement (READ COMMITTED: its snapshot is taken after the lock,
 * so it sees what the previous holder committed), the ledger rows and the closings. A movement
 * dated in the past (a scale that syncs late, a correction) rewrites one closing row per later
 * day that has movements, never the later movements themselves: the ledger's running balance is
 * summed when a page is read (`consultaMovimientos`). See docs/decisions.md (issue 20).
 */
export async function registrarMovimientos(db: DbOTx, movimientos: Movimiento[]): Promise<void> {
  if (movimientos.length === 0) return;
  for (const m of movimientos) {
    if (!Number.isSafeInteger(m.kilos)) throw new Error(`kilos no enteros: ${m.kilos}`);
  }
  const json = JSON.stringify(
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
  // Without a date, now(): the transaction's start, as the column's default.
  const filas = sql`
    filas as (
      select m.codempre, m.unineg, m.codpro, m.tipo, m.kilos::numeric / 1000 as toneladas,
             coalesce(m.fecha, now()) as fecha, m.ticket_ctrl, m.cupo_ctrl, m.usuario_id,
             m.observacion, row_number() over () as n
      from jsonb_to_recordset(${json}::jsonb) as m(
        codempre int, unineg int, codpro int, tipo text, kilos bigint, fecha timestamptz,
        ticket_ctrl int, cupo_ctrl int, usuario_id int, observacion text)
    )`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with ${filas}
      insert into stock_saldos as s (codempre, unineg, codpro, toneladas)
      select codempre, unineg, codpro, sum(toneladas)
      from filas group by codempre, unineg, codpro
      order by codempre, unineg, codpro
      on conflict (codempre, unineg, codpro)
      do update set toneladas = s.toneladas + excluded.toneladas, actualizado_en = now()`);
    // Each closing touched, from the first day the batch moves of each product on: its day's
    // closing (or, for a day without one yet, the last one before it) plus what the batch dates up
    // to that day. Days are the terminal's calendar: every connection runs in its time zone.
    await tx.execute(sql`
      with ${filas},
      movimientos as (
        insert into stock_movimientos (codempre, unineg, codpro, fecha, tipo, toneladas,
                                       ticket_ctrl, cupo_ctrl, usuario_id, observacion)
        select codempre, unineg, codpro, fecha, tipo, toneladas, ticket_ctrl, cupo_ctrl,
               usuario_id, observacion
        from filas order by n
      ),
      dias as (
        select codempre, unineg, codpro, fecha::date as dia, sum(toneladas) as toneladas
        from filas group by 1, 2, 3, 4
      ),
      afectados as (
        select codempre, unineg, codpro, dia from dias
        union
        select c.codempre, c.unineg, c.codpro, c.dia
        from (select codempre, unineg, codpro, min(dia) as desde from dias group by 1, 2, 3) p
        join stock_cierres c using (codempre, unineg, codpro)
        where c.dia > p.desde
      )
      insert into stock_cierres as c (codempre, unineg, codpro, dia, saldo)
      select a.codempre, a.unineg, a.codpro, a.dia, coalesce(antes.saldo, 0) + lote.toneladas
      from afectados a
      left join lateral (
        select b.saldo from stock_cierres b
        where b.codempre = a.codempre and b.unineg = a.unineg and b.codpro = a.codpro
          and b.dia <= a.dia
        order by b.dia desc limit 1
      ) antes on true
      cross join lateral (
        select sum(d.toneladas) as toneladas from dias d
        where d.codempre = a.codempre and d.unineg = a.unineg and d.codpro = a.codpro
          and d.dia <= a.dia
      ) lote
      order by 1, 2, 3, 4
      on conflict (codempre, unineg, codpro, dia) do update set saldo = excluded.saldo`);
  });
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
    from jsonb_to_recordset(${filasNumeradas(filas)})
      as f(n int, codempre int, unineg int, codpro int)
    order by f.n`);
  return rows;
}

/**
 * One line per product with movements or commitments, by product code (spec section 2, 'Stock
 * listing'; issue 16: committed and available tonnes).
 */
export function stockDe(db: Db, codempre: number, unineg: number): Promise<LineaStock[]> {
  return sentenciaStock(db, { codempre, unineg });
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
const comprometidas = (codempre: Valor<number>, unineg: Valor<number>) => sql`
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
export const consultaStock = (codempre: Valor<number>, unineg: Valor<number>) => sql`
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

// Every stock screen and its live updates ask for it: built once, planned once per connection.
const sentenciaStock = sentenciaPreparada<{ codempre: number; unineg: number }, LineaStock>(
  'acopio_stock',
  (p) => consultaStock(p.codempre, p.unineg),
);

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
 * Each product's closing of each day with movements, summed from the ledger itself: everything
 * dated up to that day of the terminal's calendar (this connection's time zone). What
 * `stock_cierres` must hold, and what `recalcular` writes.
 */
const cierresDelLibro = sql`
  select codempre, unineg, codpro, dia,
         sum(toneladas) over (partition by codempre, unineg, codpro order by dia) as saldo
  from (
    select codempre, unineg, codpro, fecha::date as dia, sum(toneladas) as toneladas
    from stock_movimientos group by 1, 2, 3, 4
  ) d`;

/**
 * Balances that differ from the sum of their ledger, then daily closings that differ from the
 * opening plus the movements dated up to their day, or that are missing or left over (none,
 * unless someone wrote around them). The ledger's running balance is summed from the closings and
 * the ledger when read, so these two checks cover it too.
 */
export async function diferenciasDeSaldos(db: DbOTx): Promise<Diferencia[]> {
  const { rows: cierres } = await db.execute<Diferencia>(sql`
    with libro as (${cierresDelLibro})
    select codempre, unineg, codpro, to_char(dia, 'YYYY-MM-DD') as dia, c.saldo, l.saldo as libro
    from stock_cierres c
    full join libro l using (codempre, unineg, codpro, dia)
    where c.saldo is distinct from l.saldo
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
    insert into stock_cierres (codempre, unineg, codpro, dia, saldo) ${cierresDelLibro}`);
  return rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// A product's history (issue 16; in date order since issue 20): the ledger by the movements'
// dates, newest first, with its running balance, by the index stock_movimientos_fecha_idx
// (codempre, unineg, codpro, fecha, id).

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
 * A page of a product's movements dated in the range, newest first by date (the recording order,
 * `id`, breaks ties), one row more than asked to tell whether there is another page. Keyset on
 * (fecha, id): `antesDe` is the id of the previous page's last row, whose date is read back (only
 * among this product's movements: another's id is no cursor, and its page is empty).
 *
 * The balance after each row is summed here, not stored: the balance before the page's oldest
 * row, from the daily closings (`stock_cierres`) and the rows of that row's day between it and
 * the day's nearer end, plus the page's rows up to each one. A page costs its rows and at most
 * half a day's, whatever the ledger holds and however late a movement was recorded. Days are the
 * terminal's calendar (every connection runs in its time zone). Apart so the benchmark can
 * EXPLAIN ANALYZE exactly this SQL.
 */
export const consultaMovimientos = (f: FiltrosMovimientos) => {
  const producto = (t: string) => sql`
    ${sql.identifier(t)}.codempre = ${f.codempre} and ${sql.identifier(t)}.unineg = ${f.unineg}
    and ${sql.identifier(t)}.codpro = ${f.codpro}`;
  const finDelRango = sql`(${f.hasta}::date + 1)::timestamptz`;
  // After a cursor, the page starts below it, or at the range's end if the cursor is later: one
  // bound on (fecha, id), so the index scan starts right there and not at the range's end.
  const tope =
    f.antesDe === undefined
      ? sql`m.fecha < ${finDelRango}`
      : sql`(m.fecha, m.id) < (
          select case when a.fecha < ${finDelRango} then a.fecha else ${finDelRango} end,
                 case when a.fecha < ${finDelRango} then a.id else 0 end
          from stock_movimientos a where a.id = ${f.antesDe} and ${producto('a')})`;
  return sql`
    with pagina as (
      select m.id, m.fecha, m.tipo, m.ticket_ctrl, m.cupo_ctrl, m.observacion, m.toneladas
      from stock_movimientos m
      where ${producto('m')} and m.fecha >= ${f.desde}::date and ${tope}
      order by m.fecha desc, m.id desc
      limit ${f.limite + 1}
    ),
    primera as (select p.fecha, p.id from pagina p order by p.fecha, p.id limit 1),
    -- The balance before the page's oldest row, from its day's nearer end: in the morning, the
    -- previous day's closing plus the day's movements before the row; in the afternoon, the day's
    -- closing minus its movements from the row on. Either way at most half a day of rows.
    antes as (
      select case
        when p.fecha < p.fecha::date::timestamptz + interval '12 hours' then
          coalesce((select c.saldo from stock_cierres c
                    where ${producto('c')} and c.dia < p.fecha::date
                    order by c.dia desc limit 1), 0)
          + coalesce((select sum(m.toneladas) from stock_movimientos m
                      where ${producto('m')} and m.fecha >= p.fecha::date::timestamptz
                        and (m.fecha, m.id) < (p.fecha, p.id)), 0)
        else
          coalesce((select c.saldo from stock_cierres c
                    where ${producto('c')} and c.dia = p.fecha::date), 0)
          - coalesce((select sum(m.toneladas) from stock_movimientos m
                      where ${producto('m')} and (m.fecha, m.id) >= (p.fecha, p.id)
                        and m.fecha < (p.fecha::date + 1)::timestamptz), 0)
        end as saldo
      from primera p
    )
    select p.id, ${fechaLocal(sql`p.fecha`)} as fecha, p.tipo, p.ticket_ctrl as ticket,
           c.patcha as patente, p.cupo_ctrl as cupo, p.observacion, p.toneladas,
           (select saldo from antes) + sum(p.toneladas) over (order by p.fecha, p.id) as saldo
    from pagina p
    left join tickets t on t.ctrl = p.ticket_ctrl
    left join camiones c on c.ctrl = t.camion_ctrl
    order by p.fecha desc, p.id desc`;
};

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
  saldo: number;
}

/**
 * The balance before the range and the closing of each day of the range that has movements, from
 * the daily closings kept with the ledger (`stock_cierres`): a year is 365 rows, whatever the
 * ledger holds. A day's closing is everything dated up to its end: the same figure the table's
 * 'Saldo' shows on the day's newest row.
 */
export async function cierresDelRango(
  db: DbOTx,
  r: RangoDeProducto,
): Promise<{ previo: number | null; dias: CierreDelDia[] }> {
  const { rows: previos } = await db.execute<{ saldo: number }>(consultaPrevio(r));
  const { rows: dias } = await db.execute<CierreDelDia & Record<string, unknown>>(
    consultaCierres(r),
  );
  return { previo: previos[0]?.saldo ?? null, dias };
}

/** The closing of the last day with movements before the range (apart, as the next, for the benchmark). */
export const consultaPrevio = (r: RangoDeProducto) => sql`
  select saldo from stock_cierres
  where codempre = ${r.codempre} and unineg = ${r.unineg} and codpro = ${r.codpro}
    and dia < ${r.desde}::date
  order by dia desc limit 1`;

/** The closing of each day of the range that has movements. */
export const consultaCierres = (r: RangoDeProducto) => sql`
  select to_char(dia, 'YYYY-MM-DD') as dia, saldo from stock_cierres
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
