/** SQL fragments that several features share, so every screen shows them the same way. */
import { hash } from 'node:crypto';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { conexionDe, poolDe, type Db } from './client';

/**
 * A timestamptz as the terminal's wall time, '2026-11-21T14:03:22' (design section 8). Every
 * connection runs in the terminal's time zone (db/client.ts), so to_char gives local time.
 */
export const fechaLocal = (columna: SQL) => sql`to_char(${columna}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

declare const contrato: unique symbol;

/**
 * The JSON text of a `T`, built by PostgreSQL with exactly the fields of T's contract (see
 * `comoJsonDe`): an answer serialized by its contract in the database, sent as it is.
 */
export type JsonDe<T> = string & { readonly [contrato]: T };

/**
 * `consulta` (whose rows carry at least the fields of `fila`, under those names) as one JSON
 * array text of exactly the contract's fields, in its order: a column the query adds and the
 * contract does not declare never leaves. json_agg of whole rows is compact and cheaper than a
 * json_build_object per row. `orden` orders the array.
 */
/** A `JsonDe` read back as its value (a test, or a caller that needs the rows themselves). */
export const leerJsonDe = <T>(json: JsonDe<T>): T => JSON.parse(json) as T;

export function comoJsonDe<T>(fila: { shape: Record<string, unknown> }, consulta: SQL, orden: SQL) {
  const columnas = sql.join(
    Object.keys(fila.shape).map((k) => sql`f.${sql.identifier(k)}`),
    sql`, `,
  );
  return {
    sql: sql`
      select coalesce(json_agg(c order by ${orden}), '[]')::text as json
      from (select ${columnas} from (${consulta}) f) c`,
    /** The query's single value, typed as what it is. */
    leer: (rows: { json: string }[]) => rows[0]!.json as JsonDe<T[]>,
  };
}

/**
 * Arrays for `= any(…)`, as one parameter each: a JS array written into a sql`` template
 * expands into a list of parameters instead (`($1, $2)`), which `any` does not take.
 */
export const listaEnteros = (ids: readonly number[]) =>
  sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::bigint[]`;
export const listaTextos = (textos: readonly string[]) => sql`${sql.param(textos)}::text[]`;

/**
 * A batch of rows (the import's) as one jsonb parameter, each numbered `n` in order: read with
 * `jsonb_to_recordset(…) as f(n int, …)` and `order by f.n`, one answer per row in its place.
 */
export const filasNumeradas = (filas: readonly object[]) =>
  sql`${JSON.stringify(filas.map((f, n) => ({ ...f, n })))}::jsonb`;

const dialecto = new PgDialect();

/** A value of a prepared statement's SQL: the value itself, or its placeholder (see below). */
export type Valor<T> = T | Placeholder;

/**
 * A read that every request makes, as a named prepared statement (`consulta` with a value for
 * each of its placeholders). Its text is built once, here, from the same SQL function the rest of
 * the code uses, called with placeholders (`p.codempre`) instead of values: building it with
 * drizzle's `sql` on every request cost 3–6 µs, more than the portal's whole session check
 * (docs/rendimiento.md). Each pool connection then parses and plans it once and PostgreSQL keeps
 * the plan, instead of planning it again each time (for a one-row read, planning costs more than
 * running it). Only outside transactions: a named statement lives in one connection, and the
 * pool picks any. Behind a PgBouncer in transaction mode (DATABASE_DIRECT_URL set, db/client.ts)
 * it is sent unnamed, as every other query: a named statement is prepared on one server
 * connection and the next transaction may run on another ("prepared statement … does not
 * exist"), and PgBouncer tracks them only from 1.21 (`max_prepared_statements`); 1.18 does not.
 */
export function sentenciaPreparada<P extends Record<string, unknown>, T>(
  nombre: string,
  armar: (p: { readonly [K in keyof P]: Placeholder }) => SQL,
): (db: Db, valores: P) => Promise<T[]> {
  const marcas = new Proxy({} as { [K in keyof P]: Placeholder }, {
    get: (_objeto, clave) => sql.placeholder(String(clave)),
  });
  const { sql: texto, params } = dialecto.sqlToQuery(armar(marcas));
  // Per parameter, once: the name of the value it takes, or the constant the SQL wrote in.
  const origen = params.map((v): { nombre: keyof P } | { constante: unknown } =>
    v instanceof Placeholder ? { nombre: v.name as keyof P } : { constante: v },
  );
  return (db, valores) =>
    consultarPorTexto<T>(
      poolDe(db),
      conexionDe(db).agrupada ? undefined : nombre,
      texto,
      origen.map((o) => ('nombre' in o ? valores[o.nombre] : o.constante)),
    );
}

/**
 * A query made from its text, with its name set on it, handed to the pool as it is. pg 8.23 copies
 * a query's config object descriptor by descriptor before reading it (node-postgres #3720): ~2–3 µs
 * on every query, more than the rest of the portal's session check; a query made from its text
 * skips that copy and is otherwise the same (`name` is what the config's would have set). The pool
 * answers it with the result's promise, as for a config (pg-pool's `query`; @types/pg types a
 * submitted query's answer as the query itself).
 */
function consultarPorTexto<T>(
  pool: pg.Pool,
  nombre: string | undefined,
  texto: string,
  valores: unknown[],
): Promise<T[]> {
  const consulta = new pg.Query(texto, valores) as pg.Query & { name?: string };
  if (nombre !== undefined) consulta.name = nombre;
  const respuesta = pool.query(consulta) as unknown as Promise<
    pg.QueryResult<T & pg.QueryResultRow>
  >;
  return respuesta.then((r) => r.rows);
}

/**
 * What drizzle's `execute` keeps as PostgreSQL's text (the rule it hands pg): dates, timestamps,
 * intervals, their arrays and numeric arrays. pg alone would make a Date of a date.
 */
const COMO_TEXTO = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const comoTexto = (valor: string) => valor;
const deSuTipo = (oid: number) => pg.types.getTypeParser(oid) as (valor: string) => unknown;
const tiposComoDrizzle: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number) =>
    COMO_TEXTO.has(oid) ? comoTexto : deSuTipo(oid)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A read whose SQL varies with its request (a range, a client or all) as a named prepared
 * statement, named by its text: the rows `db.execute(consulta)` gives. The same text with other
 * values reuses the statement; PostgreSQL plans it for its values the first five times, then
 * keeps one generic plan if it costs no more. The dashboard's statements cost more to plan than
 * to run (a two-year call of recorridos: 3.5 → 1.6 ms; docs/rendimiento.md). As
 * sentenciaPreparada: outside transactions only, and unnamed behind a pooler.
 */
export async function leerPreparada<T extends Record<string, unknown>>(
  db: Db,
  consulta: SQL,
): Promise<T[]> {
  const { sql: texto, params } = dialecto.sqlToQuery(consulta);
  const { rows } = await poolDe(db).query<T>({
    name: conexionDe(db).agrupada ? undefined : `acopio_${hash('sha1', texto, 'base64url')}`,
    text: texto,
    values: params,
    types: tiposComoDrizzle,
  });
  return rows;
}

/**
 * A business unit `un` (a row of unidades_negocio) as the API sends it, `{ ctrl, unineg }`, with
 * `inactiva: true` only when it was deactivated (contracts/comun.ts, `unidadNegocio`).
 */
export const unidadNegocioJson = (un: SQL) => sql`
  json_strip_nulls(json_build_object('ctrl', ${un}.ctrl, 'unineg', ${un}.unineg,
                                     'inactiva', case when ${un}.activo then null else true end))`;
