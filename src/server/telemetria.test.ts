/**
 * Traces (issue 26): a real portal process with OTEL_EXPORTER_OTLP_ENDPOINT sends its spans over
 * OTLP/HTTP (JSON) to a receiver of this test on 127.0.0.1: a request's span carries the request
 * id, its SQL are child spans of it, and the service is named by OTEL_SERVICE_NAME. The same
 * request is one structured log line.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detenerProceso, iniciarProceso, puertoLibre, type Proceso } from '../../scripts/procesos';
import { ATRIBUTO_ID_SOLICITUD } from './telemetria';
import { crearBaseDePrueba } from './test/app';
import { SECRETO_PRUEBAS } from './test/constantes';

interface Atributo {
  key: string;
  value: { stringValue?: string; intValue?: number | string };
}
interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Atributo[];
}
interface Exportacion {
  resourceSpans: { resource: { attributes: Atributo[] }; scopeSpans: { spans: Span[] }[] }[];
}

const atributo = (attrs: Atributo[], clave: string) => {
  const v = attrs.find((a) => a.key === clave)?.value;
  return v?.stringValue ?? v?.intValue;
};

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let receptor: http.Server;
const exportaciones: Exportacion[] = [];
const rutas: string[] = [];
let portal: Proceso;
let url: string;

beforeAll(async () => {
  base = await crearBaseDePrueba();
  // The OTLP/HTTP receiver: what a collector does with the exporter's JSON, kept for the test.
  receptor = http.createServer((req, res) => {
    let cuerpo = '';
    req.setEncoding('utf8');
    req.on('data', (t: string) => (cuerpo += t));
    req.on('end', () => {
      rutas.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      exportaciones.push(JSON.parse(cuerpo) as Exportacion);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receptor.listen(0, '127.0.0.1', r));
  const puerto = await puertoLibre();
  portal = await iniciarProceso('src/server/main.ts', {
    DATABASE_URL: base.url,
    CARD_SECRET: SECRETO_PRUEBAS,
    DEMO: '0',
    PORT: String(puerto),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(os.tmpdir(), 'acopio-sin-uso'),
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receptor.address() as AddressInfo).port}`,
    OTEL_SERVICE_NAME: 'acopio-prueba',
    // Spans leave every 100 ms instead of the SDK's 5 s: the test waits less.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
  url = `http://127.0.0.1:${puerto}`;
}, 120_000);

afterAll(async () => {
  if (portal) await detenerProceso(portal);
  await new Promise((r) => receptor?.close(r));
  await base?.borrar();
});

describe('trazas y registro', { timeout: 60_000 }, () => {
  it('una solicitud llega al receptor OTLP con su id y sus consultas SQL como hijas', async () => {
    const res = await fetch(`${url}/api/health/ready`);
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id')!;

    const spans = () =>
      exportaciones.flatMap((e) =>
        e.resourceSpans.flatMap((r) =>
          r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ span, recurso: r.resource }))),
        ),
      );
    await expect
      .poll(
        () => spans().some(({ span }) => atributo(span.attributes, ATRIBUTO_ID_SOLICITUD) === id),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    expect(rutas[0]).toBe('POST /v1/traces application/json');

    const { span: solicitud, recurso } = spans().find(
      ({ span }) => atributo(span.attributes, ATRIBUTO_ID_SOLICITUD) === id,
    )!;
    expect(atributo(recurso.attributes, 'service.name')).toBe('acopio-prueba');
    expect(atributo(solicitud.attributes, 'http.route')).toBe('/api/health/ready');

    // Its SQL: pg spans of the same trace whose chain of parents reaches the request's span.
    await expect
      .poll(
        () =>
          spans().filter(
            ({ span }) =>
              span.traceId === solicitud.traceId &&
              atributo(span.attributes, 'db.system.name') === 'postgresql',
          ).length,
      )
      .toBeGreaterThan(0);
    const delTrazo = new Map(
      spans()
        .filter(({ span }) => span.traceId === solicitud.traceId)
        .map(({ span }) => [span.spanId, span]),
    );
    const sql = [...delTrazo.values()].filter(
      (s) => atributo(s.attributes, 'db.system.name') === 'postgresql',
    );
    const texto = sql.map((s) => String(atributo(s.attributes, 'db.query.text') ?? ''));
    expect(texto.some((t) => t.includes('__drizzle_migrations'))).toBe(true);
    for (const s of sql) {
      let padre = s.parentSpanId ? delTrazo.get(s.parentSpanId) : undefined;
      while (padre && padre.spanId !== solicitud.spanId) {
        padre = padre.parentSpanId ? delTrazo.get(padre.parentSpanId) : undefined;
      }
      expect(padre?.spanId, s.name).toBe(solicitud.spanId);
    }

    // The same request in the log: one JSON line with its id, route template, status and time.
    const lineas = portal
      .salida()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.reqId === id);
    expect(lineas).toEqual([
      expect.objectContaining({
        msg: 'solicitud',
        method: 'GET',
        route: '/api/health/ready',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
  });
});
