import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

const mediana = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.floor(o.length / 2)]!;
};

/**
 * A query timed by PostgreSQL itself (EXPLAIN ANALYZE, median of 20 runs after 3 to warm the
 * cache): what the database costs, apart from HTTP, Fastify and JSON.
 */
export async function medirSqlPlano(db: Db, consulta: SQL): Promise<number> {
  const tiempos: number[] = [];
  for (let i = 0; i < 23; i++) {
    const { rows } = await db.execute<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
      sql`explain (analyze, format json) ${consulta}`,
    );
    if (i >= 3) tiempos.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  return Number(mediana(tiempos).toFixed(2));
}

/**
 * The planning time of a query (EXPLAIN ANALYZE's "Planning Time", median of 20 after 3): paid
 * on every call, since the portal's queries are not prepared statements.
 */
export async function medirPlanificacion(db: Db, consulta: SQL): Promise<number> {
  const tiempos: number[] = [];
  for (let i = 0; i < 23; i++) {
    const { rows } = await db.execute<{ 'QUERY PLAN': [{ 'Planning Time': number }] }>(
      sql`explain (analyze, format json) ${consulta}`,
    );
    if (i >= 3) tiempos.push(rows[0]!['QUERY PLAN'][0]['Planning Time']);
  }
  return Number(mediana(tiempos).toFixed(2));
}

/**
 * With BENCH_PLANES=1, prints the query's plan as PostgreSQL ran it (EXPLAIN (ANALYZE, BUFFERS),
 * text), after the cache is warm: the before/after of a query change, quoted in
 * docs/rendimiento.md.
 */
export async function imprimirPlan(db: Db, nombre: string, consulta: SQL): Promise<void> {
  if (!process.env.BENCH_PLANES) return;
  await db.execute(consulta);
  const { rows } = await db.execute<{ 'QUERY PLAN': string }>(
    sql`explain (analyze, buffers) ${consulta}`,
  );
  console.log(`${nombre}: plan\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}
