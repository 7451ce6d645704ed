import { sql } from 'drizzle-orm';
import {
  consultaCierres,
  consultaMovimientos,
  consultaPrevio,
  type FiltrosMovimientos,
  type RangoDeProducto,
} from '../../src/server/features/stock/repository';
import { medirSqlPlano } from '../sql-plano';
import type { ContextoBench, Escenario } from '../tipos';

/**
 * A product's ledger (issue 16) at its worst: 500,000 movements of one product of the
 * harvest-peak client (company 1001, Granos, Girasol: the generated ledger leaves it empty), one
 * every 2 minutes back from now (almost two years), with their running balance, written with
 * set-based SQL once, on the first scenario; the last one removes them.
 */
const PRODUCTO = { codempre: 1001, unineg: 1, codpro: 4 };
const MOVIMIENTOS = 500_000;
/** How many movements the deep page leaves newer than its cursor. */
const PROFUNDIDAD = 490_000;
const LIMITE = 100;
let escritos = false;

const dia = (diasAtras: number) =>
  sql`to_char(current_date - ${diasAtras}::int, 'YYYY-MM-DD') as d`;

async function diaAtras(ctx: ContextoBench, dias: number): Promise<string> {
  const { rows } = await ctx.db.execute<{ d: string }>(sql`select ${dia(dias)}`);
  return rows[0]!.d;
}

async function llenarLibro(ctx: ContextoBench): Promise<void> {
  if (escritos) return;
  const inicio = Date.now();
  await ctx.db.execute(sql`
    insert into stock_movimientos (codempre, unineg, codpro, fecha, tipo, toneladas, observacion,
                                   saldo_posterior)
    select ${PRODUCTO.codempre}, ${PRODUCTO.unineg}, ${PRODUCTO.codpro}, fecha, tipo, toneladas,
           observacion, sum(toneladas) over (order by i)
    from (
      select i, now() - make_interval(mins => (${MOVIMIENTOS} - i) * 2) as fecha,
             case when i = 1 then 'apertura' else 'ajuste' end as tipo,
             case when i = 1 then 50000 else round((random() * 60 - 30)::numeric, 3) end as toneladas,
             'Movimiento ' || i as observacion
      from generate_series(1, ${MOVIMIENTOS}) i
    ) m
    order by i`);
  await ctx.db.execute(sql`
    insert into stock_saldos (codempre, unineg, codpro, toneladas)
    select codempre, unineg, codpro, sum(toneladas) from stock_movimientos
    where codempre = ${PRODUCTO.codempre} and unineg = ${PRODUCTO.unineg}
      and codpro = ${PRODUCTO.codpro}
    group by 1, 2, 3`);
  // The daily closings, as registrarMovimientos keeps them (this connection is in the terminal's
  // time zone).
  await ctx.db.execute(sql`
    insert into stock_cierres (codempre, unineg, codpro, dia, movimiento, saldo)
    select distinct on (fecha::date) codempre, unineg, codpro, fecha::date, id, saldo_posterior
    from stock_movimientos
    where codempre = ${PRODUCTO.codempre} and unineg = ${PRODUCTO.unineg}
      and codpro = ${PRODUCTO.codpro}
    order by fecha::date, id desc`);
  await ctx.db.execute(sql`analyze stock_movimientos`);
  await ctx.db.execute(sql`analyze stock_cierres`);
  escritos = true;
  console.log(
    `historial de stock: ${MOVIMIENTOS} movimientos escritos en ${((Date.now() - inicio) / 1000).toFixed(1)} s`,
  );
}

async function limpiar(ctx: ContextoBench) {
  const donde = sql`codempre = ${PRODUCTO.codempre} and unineg = ${PRODUCTO.unineg}
                    and codpro = ${PRODUCTO.codpro}`;
  await ctx.db.execute(sql`delete from stock_movimientos where ${donde}`);
  await ctx.db.execute(sql`delete from stock_saldos where ${donde}`);
  await ctx.db.execute(sql`delete from stock_cierres where ${donde}`);
  escritos = false;
}

/** Two years back to today: the range of both pages. */
async function dosAnios(ctx: ContextoBench): Promise<RangoDeProducto> {
  return { ...PRODUCTO, desde: await diaAtras(ctx, 730), hasta: await diaAtras(ctx, 0) };
}

/** A page of the ledger as the harvest client's user, with the same query timed alone. */
function pagina(
  nombre: string,
  descripcion: string,
  filtros: (ctx: ContextoBench) => Promise<FiltrosMovimientos>,
): Escenario {
  let cuerpo: FiltrosMovimientos | null = null;
  return {
    nombre,
    descripcion,
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      await llenarLibro(ctx);
      cuerpo = await filtros(ctx);
      return {
        method: 'POST',
        path: '/api/empresa/stock/movimientos',
        body: cuerpo,
        cookie: ctx.cookies.cosecha,
      };
    },
    sqlPlano: (ctx) => medirSqlPlano(ctx.db, consultaMovimientos(cuerpo!)),
  };
}

/** The chart's balances over `dias` days up to today. */
function saldos(nombre: string, descripcion: string, dias: number, ultimo = false): Escenario {
  let rango: RangoDeProducto | null = null;
  return {
    nombre,
    descripcion,
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      await llenarLibro(ctx);
      rango = { ...PRODUCTO, desde: await diaAtras(ctx, dias - 1), hasta: await diaAtras(ctx, 0) };
      return {
        method: 'POST',
        path: '/api/empresa/stock/saldos',
        body: rango,
        cookie: ctx.cookies.cosecha,
      };
    },
    // The two queries the route runs, one after the other.
    sqlPlano: async (ctx) => {
      const antes = await medirSqlPlano(ctx.db, consultaPrevio(rango!));
      const dias = await medirSqlPlano(ctx.db, consultaCierres(rango!));
      return Number((antes + dias).toFixed(2));
    },
    ...(ultimo ? { limpiar } : {}),
  };
}

export const ESCENARIOS_HISTORIAL_STOCK: Escenario[] = [
  pagina(
    'historial de stock (primera página)',
    'POST /api/empresa/stock/movimientos: los 100 movimientos más nuevos de un producto con 500.000, rango de dos años',
    async (ctx) => ({ ...(await dosAnios(ctx)), limite: LIMITE }),
  ),
  pagina(
    'historial de stock (página profunda)',
    'POST /api/empresa/stock/movimientos: 100 movimientos con un cursor (antesDe) que deja 490.000 más nuevos',
    async (ctx) => {
      const { rows } = await ctx.db.execute<{ id: number }>(sql`
        select id from stock_movimientos
        where codempre = ${PRODUCTO.codempre} and unineg = ${PRODUCTO.unineg}
          and codpro = ${PRODUCTO.codpro}
        order by id desc offset ${PROFUNDIDAD} limit 1`);
      return { ...(await dosAnios(ctx)), antesDe: rows[0]!.id, limite: LIMITE };
    },
  ),
  saldos(
    'historial de stock (saldos de 30 días)',
    'POST /api/empresa/stock/saldos: el saldo de cierre de cada uno de los últimos 30 días (21.600 movimientos) del mismo producto',
    30,
  ),
  saldos(
    'historial de stock (saldos de un año)',
    'POST /api/empresa/stock/saldos: el saldo de cierre de cada uno de los últimos 365 días (262.800 movimientos) del mismo producto',
    365,
    true,
  ),
];
