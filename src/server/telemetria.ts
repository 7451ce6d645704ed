/**
 * OpenTelemetry traces (issue 26), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then every
 * request is a span (@fastify/otel) with its SQL as child spans (the pg instrumentation) and the
 * request's id as an attribute, sent over OTLP/HTTP (JSON) to that endpoint's /v1/traces,
 * named by OTEL_SERVICE_NAME. The exporter also reads the SDK's other OTEL_* variables
 * (OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_SCHEDULE_DELAY…).
 *
 * The pg instrumentation patches the `pg` module as it loads: main.ts imports this module first,
 * before anything that imports pg.
 */
import FastifyOtelInstrumentation from '@fastify/otel';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** The attribute that carries the request's id (its x-request-id and its log lines' reqId). */
export const ATRIBUTO_ID_SOLICITUD = 'http.request.id';

export interface Telemetria {
  /** The Fastify plugin's instrumentation: buildApp registers `fastify.plugin()` first. */
  fastify: FastifyOtelInstrumentation;
  /** Sends the spans still buffered and stops (the process is shutting down). */
  cerrar(): Promise<void>;
}

export function iniciarTelemetria(env: NodeJS.ProcessEnv = process.env): Telemetria | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  const proveedor = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || 'portal-acopio',
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  proveedor.register();
  const fastify = new FastifyOtelInstrumentation({
    // The request and its handler; a span per hook would multiply the spans for little.
    instrumentHooks: false,
    requestHook: (span, request) => span.setAttribute(ATRIBUTO_ID_SOLICITUD, request.id),
  });
  registerInstrumentations({
    tracerProvider: proveedor,
    instrumentations: [
      // Only queries of a request (or another span): the listening connection's ping every
      // 2 s and the heartbeats would otherwise be a trace each. Statement text only, never the
      // values bound to it (enhancedDatabaseReporting off): no card answer reaches a span.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      fastify,
    ],
  });
  return { fastify, cerrar: () => proveedor.shutdown() };
}

export const telemetria = iniciarTelemetria();
