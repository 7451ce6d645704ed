import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handed to repositories; it offers the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOTx = Db | Tx;

/**
 * Counts (int8) and sums (numeric) come back as JS numbers: every value the portal stores fits
 * a double exactly (at most 14 digits, 3 decimals, rounded in SQL before it leaves). Set on pg's
 * global parsers because Drizzle hands every query its own parser table built on top of them.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/**
 * The pool behind a Db: drizzle(pool) keeps it in $client, which the NodePgDatabase type does not
 * declare. For what drizzle does not do: named prepared statements, a LISTEN connection with the
 * pool's settings.
 */
export const poolDe = (db: Db): pg.Pool => (db as unknown as { $client: pg.Pool }).$client;

export interface BaseDeDatos {
  pool: pg.Pool;
  db: Db;
  cerrar(): Promise<void>;
}

/**
 * Every connection runs in the terminal's time zone, so that to_char() of a timestamptz gives
 * the wall time the spec shows ('first 19 characters, T replaced by a space').
 */
export function conectar(url: string, opciones: { max: number; timeZone: string }): BaseDeDatos {
  const pool = new pg.Pool({
    connectionString: url,
    max: opciones.max,
    application_name: 'portal-acopio',
    options: `-c timezone=${opciones.timeZone}`,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server (database restarted) must not crash the process.
  pool.on('error', () => undefined);
  // A client handed out (a transaction between two statements) whose server ends the connection
  // (a failover, a restart) gets an 'error' the pool does not listen to while it is out: without a
  // listener it would end the process. Its next statement fails (503) and the pool drops it.
  pool.on('connect', (cliente) => cliente.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return {
    pool,
    db,
    cerrar: () => pool.end(),
  };
}
