/**
 * `npx tsx bench/pila.ts [pedidos] [rondas] [carpeta]`: the CPU the portal's own stack spends on one light
 * call, without the network, against a minimal Fastify + pg route running the same SQL as a named
 * prepared statement (the floor of issue 23). Both run in this one process on the same embedded
 * PostgreSQL (demo data), driven by `inject` in batches of 20 at a time, alternated round by
 * round; what is measured is this process's CPU (`process.cpuUsage`) per answered request.
 * PostgreSQL's own CPU is another process's and is not counted; neither is a socket.
 *
 * Why besides `npm run bench`: on a machine shared with other sessions the requests a second of
 * the HTTP bench swing by 2× from one round to the next, and even its CPU per request does;
 * without sockets or a load generator in the same cores, and with rounds of a second or two
 * alternated, the medians here move by a few percent, enough to tell a change of 1–2 µs.
 * With `carpeta`, a copy of the repository's `src` from another commit (`git archive <commit> src
 * | tar -x -C <carpeta>`, and a link to node_modules), its portal is measured too, in the same
 * rounds: before and after a change, side by side under the same load.
 * The portal is the one `npm start` runs (its logger at LOG_LEVEL=warn into nothing, metrics on,
 * the session cache listening), as the HTTP bench starts it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import type * as AppDeOtro from '../src/server/app';
import { leerConfig } from '../src/server/config';
import type * as ClienteDeOtro from '../src/server/db/client';
import { conectar } from '../src/server/db/client';
import { abrirPostgresEmbebido } from '../src/server/db/embedded';
import { migrar } from '../src/server/db/migrate';
import { cargarDemo } from '../src/server/demo/datos';
import { consultaEmpresasCliente } from '../src/server/features/empresas/repository';
import { ingresarHttp } from '../src/server/test/http';

const PEDIDOS = Number(process.argv[2] ?? 4000);
const RONDAS = Number(process.argv[3] ?? 9);
const OTRO = process.argv[4];
const A_LA_VEZ = 20;
const SECRETO = 'x'.repeat(32);

const carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-pila-'));
const pgEmbebido = await abrirPostgresEmbebido(carpeta);
const nada = new Writable({ write: (_c, _e, listo) => listo() });
try {
  await migrar(pgEmbebido.url, { zonaHoraria: 'America/Argentina/Buenos_Aires' });
  const base = conectar(pgEmbebido.url, { max: 4, timeZone: 'America/Argentina/Buenos_Aires' });
  const tarjetas = await cargarDemo(base.db, SECRETO);
  const config = leerConfig({
    DATABASE_URL: pgEmbebido.url,
    CARD_SECRET: SECRETO,
    DEMO: '0',
    LOG_LEVEL: 'warn',
    METRICS_PORT: '0',
    DATA_DIR: carpeta,
  });
  /** The portal of `raiz` (this repository's, or another commit's copy) and its session cookie. */
  const abrirPortal = async (raiz: string) => {
    const app = (await import(path.join(raiz, 'src/server/app.ts'))) as typeof AppDeOtro;
    const cliente = (await import(
      path.join(raiz, 'src/server/db/client.ts')
    )) as typeof ClienteDeOtro;
    // Its own pool from its own copy of db/client: the session cache and the prepared statements
    // find their connection by it.
    const suBase = cliente.conectar(pgEmbebido.url, {
      max: 20,
      timeZone: 'America/Argentina/Buenos_Aires',
    });
    const portal = await app.buildApp({
      db: suBase.db,
      config: { ...config, cardSecret: SECRETO },
      registro: 'json',
      destinoRegistro: nada,
      avisos: { arrancar: false },
    });
    await portal.listen({ port: 0, host: '127.0.0.1' });
    const { cookie } = await ingresarHttp(
      `http://127.0.0.1:${(portal.server.address() as { port: number }).port}`,
      'cliente1',
      tarjetas.find((t) => t.usuario === 'cliente1')!.valores,
    );
    const pedir = () =>
      portal.inject({
        method: 'POST',
        url: '/api/clientes/clientes-empresas',
        headers: { cookie, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
        payload: '{"codempre":1}',
      });
    return { pedir, cerrar: () => portal.close().then(() => suBase.cerrar()) };
  };
  const raiz = path.resolve(import.meta.dirname, '..');
  const portales = [{ nombre: 'portal', ...(await abrirPortal(raiz)) }];
  if (OTRO)
    portales.push({ nombre: `portal de ${OTRO}`, ...(await abrirPortal(path.resolve(OTRO))) });

  // The floor, as bench/fastify-pg.ts: the same SQL, prepared, JSON.stringify, nothing else.
  const consulta = new PgDialect().sqlToQuery(consultaEmpresasCliente(1));
  const pool = new pg.Pool({
    connectionString: pgEmbebido.url,
    max: 20,
    options: '-c timezone=America/Argentina/Buenos_Aires',
  });
  // Stopping the embedded PostgreSQL at the end ends any connection still idle: not a failure.
  pool.on('error', () => {});
  const piso_ = Fastify();
  piso_.post('/piso', async (_req, reply) => {
    const { rows } = await pool.query({
      name: 'pila_piso',
      text: consulta.sql,
      values: consulta.params,
    });
    return reply.header('content-type', 'application/json').send(JSON.stringify(rows));
  });
  await piso_.ready();

  const pedidoPiso = () =>
    piso_.inject({
      method: 'POST',
      url: '/piso',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      payload: '{"codempre":1}',
    });
  /** CPU µs per request of `pedidos` requests, `A_LA_VEZ` at a time. */
  const medir = async (pedir: typeof pedidoPiso, pedidos: number) => {
    const desde = process.cpuUsage();
    for (let hechos = 0; hechos < pedidos; hechos += A_LA_VEZ) {
      const r = await Promise.all(Array.from({ length: A_LA_VEZ }, pedir));
      if (r.some((x) => x.statusCode !== 200)) throw new Error(`status ${r[0]!.statusCode}`);
    }
    const { user, system } = process.cpuUsage(desde);
    return (user + system) / pedidos;
  };
  const medidos = [...portales, { nombre: 'piso preparado', pedir: pedidoPiso }];
  // Warm-up: each JIT-compiled, the session in its cache, each connection's statement prepared.
  for (const m of medidos) await medir(m.pedir, PEDIDOS);
  const rondas: number[][] = [];
  for (let i = 0; i < RONDAS; i++) {
    const ronda: number[] = [];
    for (const m of medidos) ronda.push(await medir(m.pedir, PEDIDOS));
    rondas.push(ronda);
  }
  const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const piso = medidos.length - 1;
  console.log(
    `por ronda, ${medidos.map((m) => m.nombre).join(' / ')} (µs): ${rondas.map((r) => r.map((x) => x.toFixed(1)).join(' / ')).join(', ')}`,
  );
  medidos.forEach((m, i) => {
    if (i === piso) return;
    const us = mediana(rondas.map((r) => r[i]!));
    const pisoUs = mediana(rondas.map((r) => r[piso]!));
    console.log(
      `clientes-empresas (cliente), sin red, ${m.nombre}: ${us.toFixed(1)} µs por pedido, piso preparado ${pisoUs.toFixed(1)} µs, ` +
        `la pila ${(us - pisoUs).toFixed(1)} µs; razón de CPU piso/portal (mediana de las rondas) ${mediana(rondas.map((r) => r[piso]! / r[i]!)).toFixed(3)}`,
    );
  });
  await piso_.close();
  await pool.end();
  for (const p of portales) await p.cerrar();
  await base.cerrar();
} finally {
  await pgEmbebido.detener();
  await fs.rm(carpeta, { recursive: true, force: true });
}
