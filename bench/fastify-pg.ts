/**
 * The second floor: a bare Fastify with a pg pool that runs the scenario's own SQL
 * (BENCH_CONSULTA_ARCHIVO: { text, params, jsonDeLaBase }) on every request and answers the rows
 * with JSON.stringify (or, for a query that builds its JSON in PostgreSQL, that text as it
 * comes). No session, no validation, no contract: what is left is HTTP + one query + JSON, so
 * portal / this floor is the cost of the portal's own stack around the same SQL.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

interface Consulta {
  text: string;
  params: unknown[];
  /** The query answers one row with a `json` column already serialized by PostgreSQL. */
  jsonDeLaBase: boolean;
  /** Run first, one after the other, their rows dropped (the session's query, as the portal). */
  previas?: { text: string; params: unknown[] }[];
}

const consulta = JSON.parse(readFileSync(process.env.BENCH_CONSULTA_ARCHIVO!, 'utf8')) as Consulta;
// The same pool as the portal's (src/server/db/client.ts): size, time zone.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BENCH_POOL_MAX ?? 20),
  options: '-c timezone=America/Argentina/Buenos_Aires',
});
const app = Fastify();
app.all('/*', async (_req, reply) => {
  for (const p of consulta.previas ?? []) await pool.query(p.text, p.params);
  const { rows } = await pool.query<Record<string, unknown>>(consulta.text, consulta.params);
  const cuerpo = consulta.jsonDeLaBase ? String(rows[0]!.json) : JSON.stringify(rows);
  return reply.header('content-type', 'application/json').send(cuerpo);
});
await app.listen({ port: Number(process.env.BENCH_PUERTO), host: '127.0.0.1' });
console.log('listo');
