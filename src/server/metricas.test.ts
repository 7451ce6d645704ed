/**
 * Prometheus metrics (issue 26): served on their own port only when METRICS_PORT is set, in a
 * text a real Prometheus text parser reads, with route templates (never ids) as labels.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Histogram, Registry } from 'prom-client';
import { HistogramaPedidos, LIMITES_DURACION } from './metricas';
import { crearAppDePrueba, usarAppDePrueba } from './test/app';
import {
  get,
  ingresar,
  pedirDesafio,
  responderDesafio,
  tarjetaDemo,
  valoresPara,
} from './test/sesion';

const t = usarAppDePrueba({ entorno: { METRICS_PORT: '0' } });
const sinMetricas = usarAppDePrueba();

interface Familia {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string> }[];
}

async function raspar(
  parte: (texto: string) => string = (texto) => texto,
): Promise<{ status: number; familias: Map<string, Familia> }> {
  const { port } = t.app.metricas()!.direccion();
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  const familias = parsePrometheusTextFormat(parte(await res.text())) as Familia[];
  return { status: res.status, familias: new Map(familias.map((f) => [f.name, f])) };
}

/** The value of the series of `nombre` whose labels include `etiquetas`. */
function valor(
  familias: Map<string, Familia>,
  nombre: string,
  etiquetas: Record<string, string> = {},
) {
  const serie = familias
    .get(nombre)
    ?.metrics.find((m) => Object.entries(etiquetas).every(([k, v]) => m.labels?.[k] === v));
  return serie?.value === undefined ? undefined : Number(serie.value);
}

/** A wrong answer to a fresh challenge of `usuario` (any value but the right one). */
async function respuestaEquivocada(usuario: 'cliente2') {
  const desafio = await pedirDesafio(t.app, usuario);
  const [a, b] = valoresPara(tarjetaDemo(usuario).valores, desafio.solicitadas);
  return responderDesafio(t.app, desafio, [a === 0 ? 1 : a - 1, b]);
}

let cookie: string;
beforeAll(async () => {
  cookie = await ingresar(t.app, 'cliente1');
});

describe('métricas', () => {
  it('sin METRICS_PORT no hay servidor de métricas, y el puerto del portal nunca responde /metrics', async () => {
    expect(sinMetricas.app.metricas()).toBeNull();
    expect((await get(t.app, '/metrics')).statusCode).toBe(404);
    expect((await get(t.app, '/api/metrics')).statusCode).toBe(404);
  });

  it('un raspado se lee con un analizador del formato de Prometheus, con las métricas del portal', async () => {
    await get(t.app, '/api/encuestas/1', cookie);
    await get(t.app, '/api/encuestas/2', cookie);
    for (let i = 0; i < 5; i++) await respuestaEquivocada('cliente2');

    const { status, familias } = await raspar();
    expect(status).toBe(200);

    // The request histogram: the route's template and the status class, never the id. This
    // parser folds a histogram's labelled series into one, so its count lines are read alone.
    const { familias: cuentas } = await raspar((texto) =>
      texto
        .split('\n')
        .filter((l) => l.startsWith('acopio_http_request_duration_seconds_count{'))
        // The parser drops a last line without its end of line.
        .map((l) => `${l}\n`)
        .join(''),
    );
    expect(familias.get('acopio_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const series = cuentas.get('acopio_http_request_duration_seconds_count')!.metrics;
    const rutas = new Set(series.map((m) => m.labels?.route));
    expect(rutas).toContain('/api/encuestas/:id');
    expect([...rutas].filter((r) => /\/\d+(\/|$)/.test(r ?? ''))).toEqual([]);
    const encuesta = series.find((m) => m.labels?.route === '/api/encuestas/:id')!;
    expect(encuesta.labels).toEqual({
      method: 'GET',
      route: '/api/encuestas/:id',
      status_class: '2xx',
    });
    expect(Number(encuesta.value)).toBe(2);

    expect(valor(familias, 'acopio_http_requests_in_flight')).toBe(0);
    expect(valor(familias, 'acopio_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valor(familias, 'acopio_db_pool_connections')).toBeGreaterThan(0);
    expect(valor(familias, 'acopio_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(valor(familias, 'acopio_db_pool_waiting_requests')).toBe(0);
    expect(valor(familias, 'acopio_live_streams_open')).toBe(0);
    // The process-wide counters: this file's five wrong answers (other apps of this test process
    // may add theirs, never take away), the fifth of which locked the name.
    expect(
      valor(familias, 'acopio_sign_in_failures_total', { purpose: 'ingreso' }),
    ).toBeGreaterThanOrEqual(5);
    expect(
      valor(familias, 'acopio_sign_in_lockouts_total', { purpose: 'ingreso' }),
    ).toBeGreaterThanOrEqual(1);
    expect(familias.get('acopio_listen_notices_total')?.type).toBe('COUNTER');
  });

  it('los camiones por unidad y estado son los de la playa en la base', async () => {
    const { rows } = await t.db.execute<{ unineg: number; codestado: number; n: number }>(sql`
      select unineg, codestado, count(*)::int as n from camiones
      where codestado in (1, 2, 3) or finalizado_en > now() - interval '48 hours'
      group by 1, 2`);
    expect(rows.length).toBeGreaterThan(0);
    const { familias } = await raspar();
    const claves = ['', 'playaSinOrden', 'playaConOrden', 'operando', 'finalizado'];
    const series = familias.get('acopio_trucks')!.metrics;
    expect(series).toHaveLength(rows.length);
    for (const r of rows) {
      expect(
        valor(familias, 'acopio_trucks', { unit: String(r.unineg), status: claves[r.codestado]! }),
      ).toBe(r.n);
    }
  });

  it('los avisos pendientes de la cola, por canal', async () => {
    // Due tomorrow, so no worker takes them while the test reads.
    await t.db.execute(sql`
      insert into avisos (canal, destino, evento, datos, proximo_intento)
      select c, 1, 'camion.finalizado', '{}', now() + interval '1 day'
      from unnest(array['correo', 'correo', 'correo', 'webhook']) as c`);
    const { familias } = await raspar();
    expect(familias.get('acopio_notices_pending')?.type).toBe('GAUGE');
    expect(valor(familias, 'acopio_notices_pending', { channel: 'correo' })).toBe(3);
    expect(valor(familias, 'acopio_notices_pending', { channel: 'webhook' })).toBe(1);
    await t.db.execute(sql`delete from avisos`);
  });

  it('cuenta los avisos que llegan a la conexión que escucha', async () => {
    await t.app.enVivo.iniciar();
    const antes =
      valor((await raspar()).familias, 'acopio_listen_notices_total', { channel: 'sesiones' }) ?? 0;
    await t.db.execute(sql`select pg_notify('acopio_sesiones', '*')`);
    await expect
      .poll(async () =>
        valor((await raspar()).familias, 'acopio_listen_notices_total', { channel: 'sesiones' }),
      )
      .toBeGreaterThan(antes);
  });

  it('un flujo en vivo cuenta mientras está abierto y deja de contar cuando el cliente se va', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const enCurso = async () => {
      const { familias } = await raspar();
      return [
        valor(familias, 'acopio_http_requests_in_flight'),
        valor(familias, 'acopio_live_streams_open'),
      ];
    };
    const pedido = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/camiones/eventos',
      headers: { cookie },
      agent: false,
    });
    pedido.on('error', () => undefined);
    await expect.poll(enCurso).toEqual([1, 1]);
    // The browser leaves: the request never gets an answer Fastify's onResponse would see.
    pedido.destroy();
    await expect.poll(enCurso).toEqual([0, 0]);
  });

  it('un METRICS_PORT ocupado no deja iniciar, y lo dice con su nombre', async () => {
    const { port } = t.app.metricas()!.direccion();
    await expect(crearAppDePrueba({ entorno: { METRICS_PORT: String(port) } })).rejects.toThrow(
      `No se pueden servir las métricas en 127.0.0.1:${port} (EADDRINUSE): elija otro METRICS_PORT`,
    );
  });

  it('el histograma de pedidos se escribe igual que el de prom-client con las mismas observaciones', async () => {
    const nombre = 'acopio_http_request_duration_seconds';
    const ayuda =
      'Time from a request arriving to its answer sent, by route template and status class.';
    const propio = new Registry();
    const histograma = new HistogramaPedidos(nombre, ayuda, LIMITES_DURACION);
    propio.registerMetric(histograma as never);
    const deReferencia = new Registry();
    const referencia = new Histogram({
      name: nombre,
      help: ayuda,
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: LIMITES_DURACION,
      registers: [deReferencia],
    });
    // On a bound, between bounds, above them all; two routes, two methods, two classes.
    const observaciones: [string, string, string, number][] = [
      ['POST', '/api/empresa/stock', '2xx', 0.005],
      ['POST', '/api/empresa/stock', '2xx', 0.0051],
      ['POST', '/api/empresa/stock', '2xx', 0.0004],
      ['POST', '/api/empresa/stock', '4xx', 0.3],
      ['GET', '/api/encuestas/:id', '2xx', 12],
      ['GET', '/api/encuestas/:id', '2xx', 10],
      ['GET', 'sin_ruta', '4xx', 0.001],
    ];
    for (const [method, route, clase, segundos] of observaciones) {
      histograma.observar(method, route, clase, segundos);
      referencia.observe({ method, route, status_class: clase }, segundos);
    }
    const lineas = async (r: Registry) => (await r.metrics()).split('\n').sort();
    expect(await lineas(propio)).toEqual(await lineas(deReferencia));
    expect(await lineas(propio)).toContain(
      'acopio_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/empresa/stock",status_class="2xx"} 2',
    );
  });
});
