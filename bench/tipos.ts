import type { SQL } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import type { Buzon } from './buzon';

export interface ContextoBench {
  url: string;
  db: Db;
  /** Session cookies of the demo users and of the harvest-peak client's user (usuario00001). */
  cookies: Record<'admin' | 'cliente1' | 'cosecha', string>;
  /** The portal process's pid (its CPU time in /proc/<pid>/stat). */
  pidPortal: number;
  /** Resident memory of the portal process now. */
  rssPortalMb: () => number;
  /** The portal's Prometheus metrics (METRICS_PORT on 127.0.0.1): `${urlMetricas}/metrics`. */
  urlMetricas: string;
  /** A second portal process on the same database (several instances, design section 9). */
  otroPortal: () => Promise<{ url: string; detener: () => Promise<void> }>;
  /** The SMTP server every portal of the run sends its e-mail to (SMTP_URL). */
  correo?: Buzon;
}

export interface Peticion {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  cookie?: string;
}

export interface Escenario {
  nombre: string;
  descripcion: string;
  conexiones: number;
  /** Seconds. */
  duracion: number;
  preparar: (ctx: ContextoBench) => Promise<Peticion> | Peticion;
  /** Milliseconds the same query takes in PostgreSQL alone (EXPLAIN ANALYZE), to set beside it. */
  sqlPlano?: (ctx: ContextoBench) => Promise<number>;
  /**
   * The route's own SQL, for the second floor (bench/fastify-pg.ts: Fastify + pg running it and
   * JSON.stringify, no session, validation or contract). `jsonDeLaBase`: the query answers its
   * JSON already built by PostgreSQL in a `json` column (comoJsonDe).
   */
  consultaPiso?: (ctx: ContextoBench) => {
    sql: SQL;
    jsonDeLaBase: boolean;
    /** Queries run before it on the same connection (the session's): measured as a variant. */
    previas?: SQL[];
    /**
     * Also measure the floor running it as a named prepared statement (the light calls' goal is
     * set against that one, issue 23).
     */
    preparada?: boolean;
  };
  /** Undoes what the scenario wrote, so the scenarios after it read the data set as generated. */
  limpiar?: (ctx: ContextoBench) => Promise<void>;
}

/**
 * A measurement that is not one repeated request (browser timings, Lighthouse, mixed load):
 * it gets the running portal and returns its figures and the lines it adds to the report.
 */
export interface MedicionExtra {
  nombre: string;
  medir: (ctx: ContextoBench) => Promise<{ datos: unknown; lineas: string[] }>;
}
