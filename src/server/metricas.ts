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
import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Config } from './config';
import { ErrorDeArranque } from './errores-arranque';

const PREFIJO = 'acopio_';
/** The request-duration histogram's buckets, in seconds. */
export const LIMITES_DURACION = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

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

/** The status classes of answers, by the code's first digit: '2xx', '4xx'… (never the code). */
const CLASES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
const claseDe = (status: number) =>
  CLASES[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`;

/** One series of `HistogramaPedidos`: its labels, its count per bucket (not cumulative), sum, count. */
interface SeriePedidos {
  labels: { method: string; route: string; status_class: string };
  cubetas: number[];
  suma: number;
  cuenta: number;
}

/**
 * The request-duration histogram in plain numbers, a series per method, route template and status
 * class. prom-client's `observe` checks the labels against the declared names and builds a key
 * of them on every request (~1 µs of a light call's CPU, docs/rendimiento.md); here a request
 * finds its series by three lookups and adds to three numbers. prom-client still writes it out:
 * it is registered as any metric, and `get()` answers what prom-client's Histogram answers for
 * the same observations (metricas.test.ts compares both texts).
 */
export class HistogramaPedidos {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** route → method → status class → series. */
  private readonly series = new Map<string, Map<string, Map<string, SeriePedidos>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    /** Upper bounds of the buckets, in seconds, ascending. */
    private readonly limites: readonly number[],
  ) {}

  observar(method: string, route: string, statusClass: string, segundos: number) {
    let porMetodo = this.series.get(route);
    if (!porMetodo)
      this.series.set(route, (porMetodo = new Map<string, Map<string, SeriePedidos>>()));
    let porClase = porMetodo.get(method);
    if (!porClase) porMetodo.set(method, (porClase = new Map<string, SeriePedidos>()));
    let serie = porClase.get(statusClass);
    if (!serie) {
      serie = {
        labels: { method, route, status_class: statusClass },
        cubetas: this.limites.map(() => 0),
        suma: 0,
        cuenta: 0,
      };
      porClase.set(statusClass, serie);
    }
    // The first bucket whose bound holds it (le: less than or equal); above them all, only +Inf.
    let i = 0;
    while (i < this.limites.length && segundos > this.limites[i]!) i++;
    if (i < this.limites.length) serie.cubetas[i]!++;
    serie.suma += segundos;
    serie.cuenta++;
  }

  /** What prom-client's registry reads of a metric: the values of every series. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] =
      [];
    for (const porMetodo of this.series.values()) {
      for (const porClase of porMetodo.values()) {
        for (const { labels, cubetas, suma, cuenta } of porClase.values()) {
          let acumulado = 0;
          this.limites.forEach((le, i) => {
            acumulado += cubetas[i]!;
            values.push({
              labels: { le, ...labels },
              value: acumulado,
              metricName: `${this.name}_bucket`,
            });
          });
          values.push({
            labels: { le: '+Inf', ...labels },
            value: cuenta,
            metricName: `${this.name}_bucket`,
          });
          values.push({ labels, value: suma, metricName: `${this.name}_sum` });
          values.push({ labels, value: cuenta, metricName: `${this.name}_count` });
        }
      }
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    };
  }
}

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
  const duracion = new HistogramaPedidos(
    `${PREFIJO}http_request_duration_seconds`,
    'Time from a request arriving to its answer sent, by route template and status class.',
    LIMITES_DURACION,
  );
  registro.registerMetric(duracion as unknown as Metric);
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
        duracion.observar(
          request.method,
          request.routeOptions.url ?? 'sin_ruta',
          claseDe(reply.statusCode),
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
