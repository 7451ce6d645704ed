/**
 * The second floor: a bare Fastify with a pg pool that runs the scenario's own SQL on every
 * request and answers the rows with JSON.stringify (or, for a query that builds its JSON in
 * PostgreSQL, that text as it comes). No session, no validation, no contract: what is left is
 * HTTP + one query + JSON, so portal / this floor is the cost of the portal's own stack around the
 * same SQL. One process for the whole run: before each measurement `PUT /__bench/consulta` hands
 * it the query ({ text, params, jsonDeLaBase, preparada, previas }). With `preparada`, the query
 * is a named prepared statement, as the portal runs its light reads (`consultaPreparada`): each
 * pool connection parses and plans it once.
 */
import Fastify from 'fastify';
import pg from 'pg';

interface Consulta {
  text: string;
  params: unknown[];
  /** The query answers one row with a `json` column already serialized by PostgreSQL. */
  jsonDeLaBase: boolean;
  /** Run as a named prepared statement instead of an unnamed one planned on every request. */
  preparada?: boolean;
  /** Run first, one after the other, their rows dropped (the session's query, as the portal). */
  previas?: { text: string; params: unknown[] }[];
}

// The same pool as the portal's (src/server/db/client.ts): size, time zone, idle time. With pg's
// default idle time (10 s) every connection closed while the portal had its 10 s, and each round
// of the floor began opening 20 connections again (new backends, cold caches) and preparing anew.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BENCH_POOL_MAX ?? 20),
  options: '-c timezone=America/Argentina/Buenos_Aires',
  idleTimeoutMillis: 30_000,
});
let consulta: Consulta | null = null;
/** A name per query handed: a connection keeps every statement it prepared, each by its name. */
let nombre = '';
let entregadas = 0;

const app = Fastify();
app.put<{ Body: Consulta }>('/__bench/consulta', async (req, reply) => {
  consulta = req.body;
  nombre = `bench_piso_${++entregadas}`;
  return reply.code(204).send();
});
app.all('/*', async (_req, reply) => {
  if (!consulta) throw new Error('Todavía no se entregó la consulta (PUT /__bench/consulta)');
  for (const p of consulta.previas ?? []) await pool.query(p.text, p.params);
  const { rows } = await pool.query<Record<string, unknown>>(
    consulta.preparada
      ? { name: nombre, text: consulta.text, values: consulta.params }
      : { text: consulta.text, values: consulta.params },
  );
  const cuerpo = consulta.jsonDeLaBase ? String(rows[0]!.json) : JSON.stringify(rows);
  return reply.header('content-type', 'application/json').send(cuerpo);
});
await app.listen({ port: Number(process.env.BENCH_PUERTO), host: '127.0.0.1' });
console.log('listo');
