/**
 * The stack's floor: a bare Fastify answering, from memory, the bytes it was last given. One
 * process for the whole run: before each scenario `PUT /__bench/cuerpo` hands it the portal's
 * answer (answers of thousands of rows: up to 256 MB), then every other request gets those bytes.
 */
import Fastify from 'fastify';

let cuerpo = '{}';
const app = Fastify();
app.put<{ Body: string }>('/__bench/cuerpo', { bodyLimit: 256 * 2 ** 20 }, async (req, reply) => {
  cuerpo = req.body;
  return reply.code(204).send();
});
app.all('/*', (_req, reply) => reply.header('content-type', 'application/json').send(cuerpo));
await app.listen({ port: Number(process.env.BENCH_PUERTO), host: '127.0.0.1' });
console.log('listo');
