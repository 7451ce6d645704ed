/** The stack's floor: a bare Fastify answering BENCH_CUERPO from memory on BENCH_PUERTO. */
import Fastify from 'fastify';

const cuerpo = process.env.BENCH_CUERPO ?? '{}';
const app = Fastify();
app.all('/*', (_req, reply) => reply.header('content-type', 'application/json').send(cuerpo));
await app.listen({ port: Number(process.env.BENCH_PUERTO), host: '127.0.0.1' });
console.log('listo');
