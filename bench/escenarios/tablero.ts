import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { poolDe, type Db } from '../../src/server/db/client';
import * as tablero from '../../src/server/features/tablero/servicio';
import { generarHistorialTablero } from '../../src/server/features/tablero/volumen';
import type { TableroBody } from '../../src/shared/contracts/tablero';
import { segunEscala } from '../modo';
import { medirSqlPlano } from '../sql-plano';
import type { ContextoBench, Escenario } from '../tipos';

/**
 * The dashboard (issue 16) at harvest-peak volume plus two years of history: about 500,000
 * finished trucks (generarHistorialTablero) on top of the harvest data set, each call as the
 * administrator for every client over the last week, and the heavier cases: every client over
 * two years, one client over 30 days.
 *
 * The history is written once, by the first of these scenarios to run, and stays: undoing half a
 * million trucks with their stages, quotas, tickets and dispatches (and the rollups and balances
 * rebuilt after) would cost more than writing them. So these scenarios go last in main.ts's list.
 */
const CAMIONES = segunEscala({ cosecha: 500_000, chica: 50_000, humo: 2_000 });
/**
 * "One client": a typical one (as in the stock scenarios). Not the harvest client 1001: the
 * history gives company 1001 + i % 200 the unit 1 + (i % 5 = 0), so 1001 has its two years in
 * unit 2 only, and in unit 1 just the harvest data set's yard (no finished truck).
 */
const CLIENTE = 1002;
const UNINEG = 1;
const SECRETO = 'bench-'.padEnd(64, 'x');
const raiz = fileURLToPath(new URL('../..', import.meta.url));

let historial: Promise<void> | null = null;

const segundos = (desde: number) => ((Date.now() - desde) / 1000).toFixed(1);

/** `npm run cli -- …` on the benchmark's database, timed from the shell's side. */
async function cli(db: Db, ...argumentos: string[]): Promise<void> {
  const inicio = Date.now();
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'cli', '--', ...argumentos],
    {
      cwd: raiz,
      env: {
        ...process.env,
        DATABASE_URL: poolDe(db).options.connectionString,
        CARD_SECRET: SECRETO,
      },
      maxBuffer: 64 * 2 ** 20,
    },
  );
  console.log(
    `tablero: npm run cli -- ${argumentos.join(' ')} en ${segundos(inicio)} s: ${stdout.trim()}`,
  );
}

/**
 * Two years of finished trucks, unless a scenario of this file (or an earlier run on the same
 * database) already wrote them; then `tablero verificar` and `tablero recalcular` timed on them.
 */
async function escribirHistorial(ctx: ContextoBench): Promise<void> {
  await generarSiFalta(ctx);
  await medirFinal(ctx);
  for (const caso of CASOS) {
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from tablero_recorridos
      where unineg = ${UNINEG} and finalizado_en >= current_date - ${caso.dias - 1}::int
        and (${caso.codempre ?? null}::int is null or codempre = ${caso.codempre ?? null})`);
    console.log(`tablero: ${rows[0]!.n} camiones finalizados en unidad ${UNINEG}, ${caso.texto}`);
  }
}

async function generarSiFalta(ctx: ContextoBench): Promise<void> {
  const { rows } = await ctx.db.execute<{ hay: boolean; empresas: number }>(sql`
    select exists (select 1 from camiones where nomchofer = 'Chofer histórico') as hay,
           (select count(*)::int from empresas where codempre > 1000) as empresas`);
  if (rows[0]!.hay) {
    console.log('tablero: el historial de dos años ya está escrito');
    return;
  }
  const inicio = Date.now();
  await generarHistorialTablero(ctx.db, { camiones: CAMIONES, empresas: rows[0]!.empresas });
  const { rows: cuentas } = await ctx.db.execute<Record<string, number>>(sql`
    select (select count(*)::int from camiones where finalizado_en is not null) as finalizados,
           (select count(*)::int from tablero_recorridos) as recorridos,
           (select count(*)::int from tablero_horas) as horas,
           (select count(*)::int from tablero_productos_horas) as productos`);
  console.log(
    `tablero: ${CAMIONES} camiones finalizados en dos años escritos en ${segundos(inicio)} s (${JSON.stringify(cuentas[0])})`,
  );
  // BENCH_TABLERO_SIN_CLI=1: without timing the two commands (minutes with a loaded machine),
  // to compare the calls sooner; the history is already rebuilt once by generarHistorialTablero.
  if (process.env.BENCH_TABLERO_SIN_CLI !== '1') {
    await cli(ctx.db, 'tablero', 'verificar');
    await cli(ctx.db, 'tablero', 'recalcular');
  }
  // What autovacuum would have done by the time anyone reads them: recalcular leaves every row
  // of the rollups dead once, and index-only scans need the visibility map.
  const { rows: tablas } = await ctx.db.execute<{ t: string }>(
    sql`select tablename as t from pg_tables where tablename like 'tablero\_%' order by 1`,
  );
  await ctx.db.execute(sql.raw(`vacuum analyze ${tablas.map((r) => r.t).join(', ')}`));
}

/**
 * What the dashboard's triggers add to a truck's finish on top of two years of history: the
 * statement that finishes a truck in the yard of unit 1 (status, instant, its status history and
 * every rollup, folded as its commit would), timed alone 40 times, each rolled back so the data
 * stays as it was.
 */
async function medirFinal(ctx: ContextoBench): Promise<void> {
  const { rows } = await ctx.db.execute<{ ctrl: number }>(sql`
    select ctrl from camiones where unineg = ${UNINEG} and codestado = 3 order by ctrl limit 40`);
  const tiempos: number[] = [];
  for (const { ctrl } of rows) {
    await ctx.db
      .transaction(async (tx) => {
        const inicio = performance.now();
        await tx.execute(sql`
          update camiones set codestado = 4, finalizado_en = now(), estado_desde = now()
          where ctrl = ${ctrl}`);
        // The rollups are added to at commit (migration 0036), which a rollback never reaches:
        // folded here, inside the timing.
        await tx.execute(sql`set constraints all immediate`);
        tiempos.push(performance.now() - inicio);
        tx.rollback();
      })
      .catch(() => undefined);
  }
  tiempos.sort((a, b) => a - b);
  const en = (q: number) => tiempos[Math.floor(q * (tiempos.length - 1))]!.toFixed(2);
  console.log(
    `tablero: finalizar un camión (${tiempos.length}, deshechos): mediana ${en(0.5)} ms, p90 ${en(0.9)} ms`,
  );
}

/** A day of the terminal's calendar, `dias` back from today, as 'AAAA-MM-DD'. */
async function diaAtras(ctx: ContextoBench, dias: number): Promise<string> {
  const { rows } = await ctx.db.execute<{ d: string }>(
    sql`select to_char(current_date - ${dias}::int, 'YYYY-MM-DD') as d`,
  );
  return rows[0]!.d;
}

/**
 * The text and values of a query sent to pg as an SQL again (`$n` back to its value), to time it
 * alone with EXPLAIN like the others.
 */
const comoSql = (texto: string, valores: unknown[]) =>
  sql.join(
    texto
      .split(/(\$\d+)/)
      .map((parte) =>
        /^\$\d+$/.test(parte) ? sql`${valores[Number(parte.slice(1)) - 1]}` : sql.raw(parte),
      ),
    sql``,
  );

/**
 * A Db that runs every query as usual and keeps it: the service's exact SQL, to time alone. The
 * queries through `db.execute` and those sent straight to its pool (`leerPreparada`, named
 * prepared statements).
 */
export function registrando(db: Db, consultas: SQL[]): Db {
  const pool = poolDe(db);
  const poolQueRegistra = new Proxy(pool, {
    get(objetivo, propiedad) {
      if (propiedad !== 'query') return Reflect.get(objetivo, propiedad, objetivo) as unknown;
      return (config: { text: string; values?: unknown[] }) => {
        consultas.push(comoSql(config.text, config.values ?? []));
        return objetivo.query(config);
      };
    },
  });
  return new Proxy(db, {
    get(objetivo, propiedad, receptor) {
      if (propiedad === '$client') return poolQueRegistra;
      if (propiedad !== 'execute') return Reflect.get(objetivo, propiedad, receptor) as unknown;
      return (consulta: SQL) => {
        consultas.push(consulta);
        return objetivo.execute(consulta);
      };
    },
  });
}

const LLAMADAS = {
  camiones: tablero.camiones,
  recorridos: tablero.recorridos,
  toneladas: tablero.toneladas,
  cupos: tablero.cupos,
  desvios: tablero.desvios,
} as const;
type Llamada = keyof typeof LLAMADAS;

interface Caso {
  etiqueta: string;
  texto: string;
  codempre?: number;
  /** Days in the range, today included. */
  dias: number;
}

const CASOS: Caso[] = [
  { etiqueta: 'todos, 7 días', texto: 'todos los clientes, los últimos 7 días', dias: 7 },
  { etiqueta: 'todos, 2 años', texto: 'todos los clientes, los últimos 730 días', dias: 730 },
  {
    etiqueta: `empresa ${CLIENTE}, 30 días`,
    texto: `la empresa ${CLIENTE}, los últimos 30 días`,
    codempre: CLIENTE,
    dias: 30,
  },
];

/**
 * One dashboard call as the administrator. Its plain-SQL time is the sum of the EXPLAIN ANALYZE
 * medians of every query the service runs for it (some go in parallel on the pool: the sum is
 * the database's work per call, not its wall time).
 */
function escenario(llamada: Llamada, caso: Caso): Escenario {
  const nombre = `tablero/${llamada} (${caso.etiqueta})`;
  let cuerpo: TableroBody | null = null;
  return {
    nombre,
    descripcion: `POST /api/tablero/${llamada} como admin: unidad ${UNINEG}, ${caso.texto}, sobre ${CAMIONES} camiones finalizados en dos años`,
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      historial ??= escribirHistorial(ctx);
      await historial;
      cuerpo = {
        unineg: UNINEG,
        ...(caso.codempre === undefined ? {} : { codempre: caso.codempre }),
        desde: await diaAtras(ctx, caso.dias - 1),
        hasta: await diaAtras(ctx, 0),
      };
      const peticion = {
        method: 'POST' as const,
        path: `/api/tablero/${llamada}`,
        body: cuerpo,
        cookie: ctx.cookies.admin,
      };
      const r = await fetch(`${ctx.url}${peticion.path}`, {
        method: 'POST',
        headers: { cookie: ctx.cookies.admin, 'content-type': 'application/json' },
        body: JSON.stringify(cuerpo),
      });
      const bytes = (await r.arrayBuffer()).byteLength;
      if (r.status !== 200) throw new Error(`${nombre}: respondió ${r.status}`);
      console.log(`${nombre}: ${JSON.stringify(cuerpo)} → ${bytes} bytes`);
      return peticion;
    },
    sqlPlano: async (ctx) => {
      const consultas: SQL[] = [];
      await LLAMADAS[llamada](registrando(ctx.db, consultas), 'terminal', cuerpo!);
      const tiempos: number[] = [];
      for (const c of consultas) tiempos.push(await medirSqlPlano(ctx.db, c));
      console.log(`${nombre}: SQL plano por consulta (ms) ${tiempos.join(' + ')}`);
      return Number(tiempos.reduce((a, b) => a + b, 0).toFixed(2));
    },
  };
}

export const ESCENARIOS_TABLERO: Escenario[] = CASOS.flatMap((caso) =>
  (Object.keys(LLAMADAS) as Llamada[]).map((llamada) => escenario(llamada, caso)),
);
