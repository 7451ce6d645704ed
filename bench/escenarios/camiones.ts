import { sql } from 'drizzle-orm';
import { consultaCamionesEnPlaya } from '../../src/server/features/camiones/repository';
import type { ContextoBench, Escenario } from '../tipos';

/** The harvest-peak yard: generarVolumen puts its 5,000 trucks in company 1001, Granos. */
const FILTROS = { codempre: 1001, unineg: 1, estado: 0 };

const mediana = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.floor(o.length / 2)]!;
};

/**
 * The same query as the route, timed by PostgreSQL itself (EXPLAIN ANALYZE, median of 20 runs
 * after 3 to warm the cache): what the database costs, apart from HTTP, Fastify and JSON.
 */
export async function sqlPlanoCamionesPlaya(ctx: ContextoBench): Promise<number> {
  const consulta = consultaCamionesEnPlaya({ ...FILTROS, horasFinalizados: 48 });
  const tiempos: number[] = [];
  for (let i = 0; i < 23; i++) {
    const { rows } = await ctx.db.execute<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
      sql`explain (analyze, format json) ${consulta}`,
    );
    if (i >= 3) tiempos.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  return Number(mediana(tiempos).toFixed(2));
}

const peticion = (ctx: ContextoBench) => ({
  method: 'POST' as const,
  path: '/api/camiones/camiones-playa',
  body: { filtros: FILTROS },
  cookie: ctx.cookies.cosecha,
});

export const ESCENARIOS_CAMIONES: Escenario[] = [
  {
    nombre: 'camiones-playa',
    descripcion:
      'POST /api/camiones/camiones-playa del cliente de cosecha: 5.000 camiones en playa (empresa 1001, Granos)',
    conexiones: 20,
    duracion: 10,
    sqlPlano: sqlPlanoCamionesPlaya,
    preparar: async (ctx) => {
      const res = await fetch(`${ctx.url}/api/camiones/camiones-playa`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: ctx.cookies.cosecha },
        body: JSON.stringify({ filtros: FILTROS }),
      });
      const filas = ((await res.json()) as unknown[]).length;
      console.log(`camiones-playa: ${filas} camiones por respuesta`);
      return peticion(ctx);
    },
  },
  {
    // One operator alone: the latency a person sees when the portal is not saturated.
    nombre: 'camiones-playa (1 conexión)',
    descripcion: 'La misma consulta de a una por vez',
    conexiones: 1,
    duracion: 10,
    preparar: peticion,
  },
];
