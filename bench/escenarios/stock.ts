import { sql } from 'drizzle-orm';
import { consultaStock, consultaStockDelLibro } from '../../src/server/features/stock/repository';
import { medirPlanificacion, medirSqlPlano } from '../sql-plano';
import type { ContextoBench, Escenario } from '../tipos';
import { hashToken } from '../../src/server/acceso';
import { consultaSesionDelBench, tokenDe } from './plataforma';

/**
 * generarVolumen writes its ledger (1,000,000 movements at harvest scale) half in the harvest-peak
 * client's Granos (company 1001: the worst case) and half spread over the 200 companies.
 */
const PEOR = { codempre: 1001, unineg: 1 };
const TIPICO = { codempre: 1002, unineg: 1 };

async function movimientos(ctx: ContextoBench, c: typeof PEOR) {
  const { rows } = await ctx.db.execute<{ n: number; total: number }>(sql`
    select count(*) filter (where codempre = ${c.codempre} and unineg = ${c.unineg}) as n,
           count(*) as total
    from stock_movimientos`);
  return rows[0]!;
}

/** The stock of `c` as `cookie`; logs the ledger's size and what summing it would cost. */
function escenario(
  nombre: string,
  descripcion: string,
  c: typeof PEOR,
  cookie: (ctx: ContextoBench) => string,
): Escenario {
  return {
    nombre,
    descripcion,
    conexiones: 20,
    duracion: 10,
    sqlPlano: async (ctx) => {
      const plan = await medirPlanificacion(ctx.db, consultaStock(c.codempre, c.unineg));
      console.log(`${nombre}: planificar la consulta (Planning Time) ${plan} ms`);
      return medirSqlPlano(ctx.db, consultaStock(c.codempre, c.unineg));
    },
    consultaPiso: (ctx) => ({
      sql: consultaStock(c.codempre, c.unineg),
      jsonDeLaBase: false,
      preparada: true,
      previas: [consultaSesionDelBench(hashToken(tokenDe(cookie(ctx))))],
    }),
    preparar: async (ctx) => {
      const { n, total } = await movimientos(ctx, c);
      const libro = await medirSqlPlano(ctx.db, consultaStockDelLibro(c.codempre, c.unineg));
      console.log(
        `${nombre}: ${n} de ${total} movimientos son de la empresa ${c.codempre}; sumarlos del libro (EXPLAIN ANALYZE) ${libro} ms`,
      );
      return { method: 'POST', path: '/api/empresa/stock', body: c, cookie: cookie(ctx) };
    },
  };
}

export const ESCENARIOS_STOCK: Escenario[] = [
  escenario(
    'empresa/stock',
    'POST /api/empresa/stock de un cliente típico (empresa 1002, Granos) sobre un libro de 1.000.000 de movimientos',
    TIPICO,
    (ctx) => ctx.cookies.admin,
  ),
  escenario(
    'empresa/stock (peor caso)',
    'POST /api/empresa/stock del cliente con la mitad del libro (empresa 1001, Granos: 500.000 movimientos)',
    PEOR,
    (ctx) => ctx.cookies.cosecha,
  ),
];
