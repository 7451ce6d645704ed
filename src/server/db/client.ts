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
  /** The pool's connections go through a pooler in transaction mode (see `conectar`). */
  agrupada: boolean;
  cerrar(): Promise<void>;
}

/** How a pool reaches its database: set by `conectar`, read by `conexionDe`. */
interface Conexion {
  agrupada: boolean;
  /** Settings of a connection of its own, straight to PostgreSQL: LISTEN, session locks. */
  directa: pg.ClientConfig;
}

const conexiones = new WeakMap<pg.Pool, Conexion>();

/**
 * How `db` reaches PostgreSQL. A pool not made by `conectar` (none in the portal) is taken as
 * direct, with its own settings.
 */
export function conexionDe(db: Db): Conexion {
  const pool = poolDe(db);
  return conexiones.get(pool) ?? { agrupada: false, directa: pool.options };
}

export interface OpcionesConexion {
  max: number;
  timeZone: string;
  /**
   * The same database without a pooler (DATABASE_DIRECT_URL). Set and different from `url`:
   * `url` is a PgBouncer in transaction mode, where each transaction may run on another server
   * connection.
   */
  urlDirecta?: string;
  /**
   * Run on each new connection straight to PostgreSQL, before the pool hands it out (the
   * deliveries' priority). Not through a pooler: there a connection is not one server process.
   */
  alConectar?: (cliente: pg.ClientBase) => Promise<void>;
}

/**
 * Every connection runs in the terminal's time zone, so that to_char() of a timestamptz gives
 * the wall time the spec shows ('first 19 characters, T replaced by a space').
 *
 * Straight to PostgreSQL the zone goes in the startup packet (`options=-c timezone=…`). Through
 * a pooler in transaction mode it cannot: PgBouncer 1.18 refuses the `options` startup parameter,
 * and a session `SET` would stay on whichever server connection ran it. Instead each new client
 * connection runs `set_config('TimeZone', …)` before the pool hands it out (pg-pool's `onConnect`
 * hook, which it awaits; a failure ends that connection): TimeZone is one of the parameters
 * PgBouncer tracks per client, and it sets it again on every server connection it lends that
 * client (db/agrupacion.test.ts proves it).
 */
const ponerZona = async (cliente: pg.ClientBase, zona: string) => {
  await cliente.query(`select set_config('TimeZone', $1, false)`, [zona]);
};

export function conectar(url: string, opciones: OpcionesConexion): BaseDeDatos {
  const agrupada = opciones.urlDirecta !== undefined && opciones.urlDirecta !== url;
  const enZona = { options: `-c timezone=${opciones.timeZone}` };
  const alConectar = agrupada ? undefined : opciones.alConectar;
  // pg-pool awaits onConnect's promise before handing the connection out, and ends the
  // connection when it rejects (@types/pg declares it void).
  const onConnect = (async (cliente: pg.ClientBase) => {
    if (agrupada) await ponerZona(cliente, opciones.timeZone);
    if (alConectar) await alConectar(cliente);
  }) as (cliente: pg.ClientBase) => void;
  const pool = new pg.Pool({
    connectionString: url,
    max: opciones.max,
    application_name: 'portal-acopio',
    ...(agrupada ? {} : enZona),
    ...(agrupada || alConectar ? { onConnect } : {}),
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  conexiones.set(pool, {
    agrupada,
    directa: agrupada
      ? { ...pool.options, connectionString: opciones.urlDirecta, ...enZona }
      : pool.options,
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
    agrupada,
    cerrar: () => pool.end(),
  };
}
