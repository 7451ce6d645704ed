/** The stack's floor: a bare Fastify answering BENCH_CUERPO from memory on BENCH_PUERTO. */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// Answers of thousands of rows do not fit in an environment variable (E2BIG): they come in a file.
const archivo = process.env.BENCH_CUERPO_ARCHIVO;
const cuerpo = archivo ? readFileSync(archivo, 'utf8') : (process.env.BENCH_CUERPO ?? '{}');
const app = Fastify();
app.all('/*', (_req, reply) => reply.header('content-type', 'application/json').send(cuerpo));
await app.listen({ port: Number(process.env.BENCH_PUERTO), host: '127.0.0.1' });
console.log('listo');
