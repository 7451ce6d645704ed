/**
 * The stock ledger (design section 6). `stock_movimientos` is the source of truth; `stock_saldos`
 * holds each (client, unit, product) balance, written in the same statement as the movements
 * that change it, so that reading stock costs the same with ten movements or ten million.
 */
import { sql } from 'drizzle-orm';
import type { LineaStock } from '../../../shared/contracts/stock';
import type { DbOTx } from '../../db/client';

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
  // the balance right after it: the new balance minus what the same batch adds after that row.
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
    )
    insert into stock_movimientos (codempre, unineg, codpro, fecha, tipo, toneladas, ticket_ctrl,
                                   cupo_ctrl, usuario_id, observacion, saldo_posterior)
    select f.codempre, f.unineg, f.codpro, coalesce(f.fecha, now()), f.tipo, f.toneladas,
           f.ticket_ctrl, f.cupo_ctrl, f.usuario_id, f.observacion,
           s.toneladas - coalesce(sum(f.toneladas) over (
             partition by f.codempre, f.unineg, f.codpro order by f.n
             rows between 1 following and unbounded following), 0)
    from filas f join saldos s using (codempre, unineg, codpro)
    order by f.n`);
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

/** One line per product with movements, by product code (spec section 2, 'Stock listing'). */
export async function stockDe(db: DbOTx, codempre: number, unineg: number): Promise<LineaStock[]> {
  const { rows } = await db.execute<LineaStock & Record<string, unknown>>(
    consultaStock(codempre, unineg),
  );
  return rows;
}

/** The query itself, apart so that the benchmark can EXPLAIN ANALYZE exactly this SQL. */
export const consultaStock = (codempre: number, unineg: number) => sql`
  select s.codpro, p.nompro, s.toneladas
  from stock_saldos s join productos p on p.codpro = s.codpro
  where s.codempre = ${codempre} and s.unineg = ${unineg}
  order by s.codpro`;

/** The same lines summed from the ledger itself: what the balances must always equal. */
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
  saldo: number | null;
  libro: number | null;
}

/** Balances that differ from the sum of their ledger (none, unless someone wrote around it). */
export async function diferenciasDeSaldos(db: DbOTx): Promise<Diferencia[]> {
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
  return rowCount ?? 0;
}
