/**
 * `npm run bench -- metricas`: what one Prometheus scrape of the portal costs (issue 26, goal
 * < 10 ms with 5,000 trucks in the yard). Scrapes one after another, as Prometheus does, of the
 * portal with the harvest-peak yard, timed from the request to the last byte; beside it, the
 * trucks gauge's query alone in PostgreSQL (EXPLAIN ANALYZE). Then again with the finished
 * trucks of past harvests in the table (HISTORIA rows, finished weeks ago), which the gauge
 * must not read: inserted with triggers off (they are history, not events for the live yard)
 * and removed at the end.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { consultaCamionesPorUnidadYEstado } from '../src/server/features/camiones/repository';
import { cpuSegundos } from './en-vivo';
import { segunEscala } from './modo';
import { medirSqlPlano } from './sql-plano';
import type { ContextoBench, MedicionExtra } from './tipos';

const RASPADOS = segunEscala({ cosecha: 500, chica: 200, humo: 3 });
const HISTORIA = segunEscala({ cosecha: 200_000, chica: 50_000, humo: 100 });
/** FINISHED_TRUCK_HOURS' default, the bench portal's. */
const HORAS_FINALIZADOS = 48;

const percentil = (xs: number[], p: number) => {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.floor((p / 100) * o.length))]!;
};
const redondear = (x: number) => Number(x.toFixed(2));

/** Milliseconds of each of RASPADOS requests to `ruta` of the metrics' server, one after another. */
async function tiempos(ctx: ContextoBench, ruta: string, esperado: number) {
  const ms: number[] = [];
  let bytes = 0;
  // The first five warm the connection and the query's plan.
  for (let i = 0; i < RASPADOS + 5; i++) {
    const inicio = performance.now();
    const res = await fetch(`${ctx.urlMetricas}${ruta}`);
    const texto = await res.text();
    if (res.status !== esperado) throw new Error(`${ruta} respondió ${res.status}`);
    if (i >= 5) ms.push(performance.now() - inicio);
    bytes = Buffer.byteLength(texto);
  }
  return { ms, bytes };
}

async function rasparVarias(ctx: ContextoBench) {
  // The floor: the same server answering 404 (no metric collected), in the same moment.
  const piso = await tiempos(ctx, '/nada', 404);
  const cpuAntes = cpuSegundos(ctx.pidPortal);
  const { ms, bytes } = await tiempos(ctx, '/metrics', 200);
  // CPU of the portal process per scrape: what a scrape costs it, whatever else the machine runs.
  const cpuMs = ((cpuSegundos(ctx.pidPortal) - cpuAntes) * 1000) / (RASPADOS + 5);
  const consulta = consultaCamionesPorUnidadYEstado(HORAS_FINALIZADOS);
  return {
    p50ms: redondear(percentil(ms, 50)),
    p99ms: redondear(percentil(ms, 99)),
    maxMs: redondear(percentil(ms, 100)),
    pisoP50ms: redondear(percentil(piso.ms, 50)),
    cpuMsPorRaspado: redondear(cpuMs),
    kB: redondear(bytes / 1024),
    sqlCamionesMs: await medirSqlPlano(ctx.db, consulta),
  };
}

async function enLaPlaya(ctx: ContextoBench): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from camiones where codestado in (1, 2, 3)
        or finalizado_en > now() - make_interval(hours => ${HORAS_FINALIZADOS})`,
  );
  return rows[0]!.n;
}

export const MEDICION_METRICAS: MedicionExtra = {
  nombre: 'metricas',
  async medir(ctx) {
    const camiones = await enLaPlaya(ctx);
    const sinHistoria = await rasparVarias(ctx);
    const marca = 'BENCHHIST';
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into camiones (codempre, unineg, patcha, pataco, cargateorica, nomchofer, dni,
                              ingplaya, codestado, finalizado_en)
        select 1 + (i % 5), 1 + (i % 2), ${marca}, 'ZZ000ZZ', 30000, 'Historia', '1',
               now() - make_interval(days => 7 + i % 700, hours => 2), 4,
               now() - make_interval(days => 7 + i % 700)
        from generate_series(1, ${HISTORIA}) i`);
    });
    await ctx.db.execute(sql`analyze camiones`);
    try {
      const conHistoria = await rasparVarias(ctx);
      const datos = { camionesEnPlaya: camiones, raspados: RASPADOS, sinHistoria, conHistoria };
      const fila = (que: string, r: typeof sinHistoria) =>
        `| ${que} | ${r.p50ms} | ${r.p99ms} | ${r.maxMs} | ${r.pisoP50ms} | ${r.cpuMsPorRaspado} | ${r.kB} | ${r.sqlCamionesMs} |`;
      return {
        datos,
        lineas: [
          `Un raspado de /metrics (METRICS_PORT), ${RASPADOS} seguidos, con ${camiones} camiones en la playa (meta: < 10 ms):`,
          '',
          '| tabla camiones | p50 ms | p99 ms | máx ms | piso (404 del mismo servidor) p50 ms | CPU del portal por raspado, ms | kB | SQL de acopio_trucks sola, ms |',
          '|---|---|---|---|---|---|---|---|',
          fila('la playa de cosecha', sinHistoria),
          fila(`más ${HISTORIA} finalizados de cosechas pasadas`, conHistoria),
        ],
      };
    } finally {
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`delete from camiones where patcha = ${marca}`);
      });
      await ctx.db.execute(sql`analyze camiones`);
    }
  },
};
