/**
 * Prometheus metrics (issue 26), prefix `acopio_`. Off unless METRICS_PORT is set; then served
 * as text on that port of METRICS_HOST (127.0.0.1 by default) by a server of their own, so the
 * portal's public port never answers /metrics, whatever a proxy in front forwards.
 *
 * Two kinds of metric:
 * - counted where the fact happens, deep in a service (sign-in failures, locks, LISTEN notices):
 *   process-wide objects, `CONTADORES`, that cost an addition whether or not anyone scrapes, and
 *   that every app's registry lists;
 * - of one app (requests, pool, streams, trucks): a registry per app, read at scrape time, so a
 *   test process with several apps keeps each one's apart.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type Metric,
} from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Config } from './config';
import { ErrorDeArranque } from './errores-arranque';

const PREFIJO = 'acopio_';

/** Facts counted where they happen, whoever scrapes; each app's registry lists them too. */
export const CONTADORES = {
  avisos: new Counter({
    name: `${PREFIJO}listen_notices_total`,
    help: 'Notices received on the listening connection, by channel (playa: a truck changed; sesiones: sessions closed or rights changed; turnos: a band of turns changed).',
    labelNames: ['channel'] as const,
    registers: [],
  }),
  ingresosFallidos: new Counter({
    name: `${PREFIJO}sign_in_failures_total`,
    help: 'Wrong answers to a sign-in or a step-up (counted after their transaction commits).',
    labelNames: ['purpose'] as const,
    registers: [],
  }),
  bloqueos: new Counter({
    name: `${PREFIJO}sign_in_lockouts_total`,
    help: 'Wrong answers that locked a name (from an address, for the hour, or its step-up).',
    labelNames: ['purpose'] as const,
    registers: [],
  }),
};

/** One row of the trucks-by-status gauge (`camionesPorEstado`). */
export interface CamionesPorEstado {
  unidad: number;
  estado: string;
  cantidad: number;
}

export interface FuentesMetricas {
  pool: pg.Pool;
  /** Live streams open in this process. */
  flujosAbiertos: () => number;
  /** Trucks in the yard by unit and status: one query, run at each scrape. */
  camionesPorEstado: () => Promise<CamionesPorEstado[]>;
  /** Notices waiting in the outbox (issue 25) by channel: one query, run at each scrape. */
  avisosPendientes: () => Promise<{ canal: string; cantidad: number }[]>;
}

/**
 * What watches every request: `empieza` when it arrives, `termina` when its response closes —
 * after the answer, or when the client left first (a live stream closed, a request abandoned),
 * which onResponse misses. app.ts calls every observer from one hook and one 'close' listener.
 */
export interface ObservadorPedidos {
  empieza?: () => void;
  termina: (request: FastifyRequest, reply: FastifyReply) => void;
}

/** The status class of an answer: '2xx', '4xx'… (a label of few values, never the code). */
const claseDe = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * The app's metrics and the observer of requests that feeds them (app.ts). A request is labelled by its route's template
 * ('/api/encuestas/:id'), never its URL: ids would make a series per row. Requests no route
 * matched are all 'sin_ruta'.
 */
export function instalarMetricas(fuentes: FuentesMetricas): {
  registro: Registry;
  pedidos: ObservadorPedidos;
} {
  const registro = new Registry();
  // The process-wide counters join this registry too (one object, two registries): a scrape reads
  // one registry instead of merging two, which costs more than the rest of it.
  for (const contador of Object.values<Metric>(CONTADORES)) registro.registerMetric(contador);
  // Process metrics (CPU, memory, GC, event-loop lag: acopio_nodejs_eventloop_lag_seconds…).
  collectDefaultMetrics({ register: registro, prefix: PREFIJO });
  const duracion = new Histogram({
    name: `${PREFIJO}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer sent, by route template and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registro],
  });
  // Counted in a plain number and read at scrape time: a gauge's inc and dec on every request
  // cost more than the addition (docs/rendimiento.md, issue 23).
  let enCurso = 0;
  new Gauge({
    name: `${PREFIJO}http_requests_in_flight`,
    help: 'Requests received and not yet answered.',
    registers: [registro],
    collect() {
      this.set(enCurso);
    },
  });
  /** A gauge read at scrape time from what the process already knows. */
  const medidor = (nombre: string, help: string, valor: () => number) =>
    new Gauge({
      name: `${PREFIJO}${nombre}`,
      help,
      registers: [registro],
      collect() {
        this.set(valor());
      },
    });
  const { pool } = fuentes;
  medidor(
    'db_pool_connections',
    'Connections the database pool holds, busy or idle.',
    () => pool.totalCount,
  );
  medidor(
    'db_pool_idle_connections',
    'Connections of the database pool not running a query.',
    () => pool.idleCount,
  );
  medidor(
    'db_pool_waiting_requests',
    'Queries waiting for a connection of the pool (all busy).',
    () => pool.waitingCount,
  );
  medidor('live_streams_open', 'Live yard streams open in this process.', fuentes.flujosAbiertos);
  new Gauge({
    name: `${PREFIJO}trucks`,
    help: 'Trucks in the yard (not finished, or finished within FINISHED_TRUCK_HOURS) by unit and status.',
    labelNames: ['unit', 'status'] as const,
    registers: [registro],
    async collect() {
      // A status no truck holds any more drops out instead of keeping its last count; with the
      // database down the gauge is empty and the rest of the scrape (the pool's waiting) answers.
      this.reset();
      const filas = await fuentes.camionesPorEstado().catch(() => []);
      for (const f of filas) this.set({ unit: String(f.unidad), status: f.estado }, f.cantidad);
    },
  });

  new Gauge({
    name: `${PREFIJO}notices_pending`,
    help: 'Notices in the outbox not yet delivered (waiting or between retries), by channel (correo, webhook).',
    labelNames: ['channel'] as const,
    registers: [registro],
    async collect() {
      this.reset();
      const filas = await fuentes.avisosPendientes().catch(() => []);
      for (const f of filas) this.set({ channel: f.canal }, f.cantidad);
    },
  });

  return {
    registro,
    pedidos: {
      empieza: () => {
        enCurso++;
      },
      termina: (request, reply) => {
        enCurso--;
        // Fastify's own clock of the request (the one its log line reads): no timer of our own.
        duracion.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? 'sin_ruta',
            status_class: claseDe(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      },
    },
  };
}

export interface ServidorMetricas {
  /** Where it listens (the port chosen when METRICS_PORT=0). */
  direccion(): AddressInfo;
  cerrar(): Promise<void>;
}

/** GET /metrics on its own port; anything else is 404. */
export async function servirMetricas(
  registro: Registry,
  donde: NonNullable<Config['metricas']>,
  alFallar: (e: unknown) => void,
): Promise<ServidorMetricas> {
  const servidor = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registro.metrics().then(
      (texto) => res.writeHead(200, { 'content-type': registro.contentType }).end(texto),
      (e: unknown) => {
        alFallar(e);
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', (e: NodeJS.ErrnoException) =>
      // Its own words: the start's explanation of EADDRINUSE would name PORT and HOST.
      reject(
        new ErrorDeArranque(
          `No se pueden servir las métricas en ${donde.host}:${donde.puerto} (${e.code ?? e.message}): ` +
            'elija otro METRICS_PORT (o METRICS_HOST, una dirección de esta máquina).',
        ),
      ),
    );
    servidor.listen(donde.puerto, donde.host, resolve);
  });
  return {
    direccion: () => servidor.address() as AddressInfo,
    cerrar: () =>
      new Promise((resolve) => {
        servidor.closeAllConnections();
        servidor.close(() => resolve());
      }),
  };
}
