import './zod-es';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { conexionDe, poolDe, type Db } from './db/client';
import { authRoutes } from './features/auth/routes';
import { camionesRoutes } from './features/camiones/routes';
import { auditoriaRoutes } from './features/auditoria/routes';
import { cuentaRoutes } from './features/cuenta/routes';
import { CacheSesiones, registrarCache } from './features/auth/cache-sesiones';
import { CentralEnVivo } from './features/en-vivo/central';
import { enVivoRoutes } from './features/en-vivo/routes';
import { tableroRoutes } from './features/tablero/routes';
import { inicializacionRoutes } from './features/inicializacion/routes';
import { terminalRoutes } from './features/terminal/routes';
import { empresasAdministracionRoutes, empresasRoutes } from './features/empresas/routes';
import { cuposRoutes } from './features/cupos/routes';
import { envasesRoutes } from './features/envases/routes';
import { productosRoutes } from './features/productos/routes';
import { encuestasRoutes } from './features/encuestas/routes';
import { saludRoutes } from './features/salud/routes';
import { importacionRoutes } from './features/importacion/routes';
import { operacionesRoutes } from './features/operaciones/routes';
import { stockRoutes } from './features/stock/routes';
import { tokensRoutes } from './features/tokens/routes';
import { unidadesRoutes } from './features/unidades/routes';
import { usuariosRoutes } from './features/usuarios/routes';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { compresionPlugin } from './plugins/compresion';
import { autenticacionPlugin } from './plugins/autenticacion';
import { spaPlugin } from './plugins/spa';
import { documentacionPlugin } from './plugins/documentacion';
import { serializarPorContrato } from './plugins/respuestas';
import { ErrorHttp } from './errores';
import { MENSAJES_API } from '../shared/textos';
import * as camiones from './features/camiones/servicio';
import {
  instalarMetricas,
  servirMetricas,
  type ObservadorPedidos,
  type ServidorMetricas,
} from './metricas';
import type { Telemetria } from './telemetria';
import { lineaDeSolicitud, registroDeSolicitud } from './registro';
import { instantesDesde, relojDeTerminal, type RelojTerminal } from './reloj-terminal';
import { turnosRoutes } from './features/turnos/routes';
import { avisosRoutes, correoRoutes } from './features/avisos/routes';
import { pendientesPorCanal } from './features/avisos/servicio';
import type { Canal } from './features/avisos/canal';
import type { ServicioAvisos } from './features/avisos/trabajador';
import {
  canalesConfigurados,
  trabajadorConfigurado,
  type ConfigTrabajador,
} from './features/avisos/configurado';
import { HiloAvisos, POOL_HILO_AVISOS } from './features/avisos/hilo';

import { webhooksRoutes } from './features/webhooks/routes';
import { fijarRelojDeEventos } from './features/webhooks/servicio';

export interface OpcionesApp {
  db: Db;
  config: Config & { cardSecret: string };
  /** Request logs: none (tests), JSON lines (servers), or readable (a terminal). */
  registro?: 'ninguno' | 'json' | 'legible';
  /** Where JSON logs go (tests read them); default stdout. */
  destinoRegistro?: NodeJS.WritableStream;
  /** Folder of the built web client; default dist/web. */
  carpetaWeb?: string;
  /** OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set (telemetria.ts). */
  telemetria?: Telemetria;
  /** The terminal's wall clock for the turns' rules; default the real one in TZ (tests move it). */
  reloj?: RelojTerminal;
  /**
   * The outbox's worker: its loop runs unless `arrancar: false` (a test that drives it by hand
   * with `app.avisos.procesar()`); `canales` replaces the configured ones (a test's own).
   */
  avisos?: {
    arrancar?: boolean;
    intervaloMs?: number;
    canales?: Canal[];
    /**
     * The deliveries on a thread of their own (features/avisos/hilo.ts), with a pool of their own
     * on this database: what the portal (main.ts) does. Not with an injected clock or channels
     * (functions do not cross to a thread).
     */
    hilo?: { url: string; urlDirecta?: string };
  };
}

/** Feature routes under /api: each feature adds its line here. */
const RUTAS = [
  saludRoutes,
  authRoutes,
  empresasRoutes,
  camionesRoutes,
  cuposRoutes,
  productosRoutes,
  envasesRoutes,
  encuestasRoutes,
  stockRoutes,
  operacionesRoutes,
  cuentaRoutes,
  usuariosRoutes,
  empresasAdministracionRoutes,
  unidadesRoutes,
  tokensRoutes,
  auditoriaRoutes,
  enVivoRoutes,
  tableroRoutes,
  importacionRoutes,
  inicializacionRoutes,
  terminalRoutes,
  turnosRoutes,
  avisosRoutes,
  correoRoutes,

  webhooksRoutes,
];

function opcionesDeRegistro(
  registro: OpcionesApp['registro'],
  nivel: string,
  destino?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (registro === 'ninguno' || registro === undefined) return false;
  return {
    level: nivel,
    ...(destino ? { stream: destino } : {}),
    // Cookies carry sessions and card answers travel in bodies: neither reaches a log line.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(registro === 'legible'
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "the nearest N addresses are proxies":
 * Fastify's own number form trusts no hop at all, so the client would always be the proxy.
 */
function confianzaEnProxies(t: Config['trustProxy']) {
  return typeof t === 'number' ? (_direccion: string, salto: number) => salto < t : t;
}

/**
 * The request's id: the one a trusted proxy sent (X-Request-Id, so its logs and ours share it)
 * or a new one. A client's own header is not believed without a trusted proxy in front.
 */
function generadorDeIds(config: Config) {
  return (req: IncomingMessage) => {
    const propio = req.headers['x-request-id'];
    return config.trustProxy !== false &&
      typeof propio === 'string' &&
      /^[A-Za-z0-9._:-]{8,128}$/.test(propio)
      ? propio
      : randomUUID();
  };
}

/** Every observer as one, or undefined when there is none (no listener at all then). */
function unirObservadores(observadores: ObservadorPedidos[]) {
  if (observadores.length === 0) return undefined;
  const empiezan = observadores.flatMap((o) => (o.empieza ? [o.empieza] : []));
  return {
    empieza() {
      for (const e of empiezan) e();
    },
    termina(request: FastifyRequest, reply: FastifyReply) {
      for (const o of observadores) o.termina(request, reply);
    },
  };
}

/**
 * The outbox's worker: on a thread of its own when `avisos.hilo` says so, in process otherwise.
 * `instantes`: the terminal's shifted instants (undefined: the real clock; null: a test's own
 * clock, which cannot cross to a thread).
 */
function crearTrabajador(
  app: FastifyInstance,
  db: Db,
  avisos: OpcionesApp['avisos'],
  instantes: (() => Date) | undefined | null,
): ServicioAvisos {
  const { config } = app;
  const configurado: ConfigTrabajador = {
    correo: config.correo,
    urlPublica: config.publicUrl[0]!,
    webhooksPermitidos: config.webhooksPermitidos,
    webhooksReintentos: config.webhooksReintentos,
    concurrencia: config.avisosConcurrencia,
    intervaloMs: avisos?.intervaloMs,
  };
  if (avisos?.hilo) {
    if (instantes === null || avisos.canales) {
      throw new Error('avisos.hilo no admite un reloj ni canales propios');
    }
    return new HiloAvisos({
      datos: {
        ...configurado,
        url: avisos.hilo.url,
        urlDirecta: avisos.hilo.urlDirecta,
        timeZone: config.timeZone,
        poolMax: POOL_HILO_AVISOS,
        arrancar: avisos.arrancar !== false,
      },
      canales: canalesConfigurados(configurado),
      log: app.log,
      instantes,
    });
  }
  // A test's own channels replace the configured ones; its own 'webhook' channel stays.
  return trabajadorConfigurado(db, app.reloj, configurado, app.log, avisos?.canales);
}

export async function buildApp({
  db,
  config,
  registro,
  destinoRegistro,
  carpetaWeb,
  telemetria,
  reloj,
  avisos,
}: OpcionesApp) {
  const app = Fastify({
    logger: opcionesDeRegistro(registro, config.logLevel, destinoRegistro),
    // One line per request, written below when it is answered (not one on arrival and one after;
    // errors are logged by plugins/errors.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's logger is made when it first writes (registro.ts), not on every request.
    childLoggerFactory: registroDeSolicitud,
    bodyLimit: config.bodyLimit,
    trustProxy: confianzaEnProxies(config.trustProxy),
    genReqId: generadorDeIds(config),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializarPorContrato);
  app.decorate('db', db);
  app.decorate('config', config);
  // RELOJ_TERMINAL_INICIO: shifted instants, which the deliveries' thread takes up as well.
  const instantes = config.relojInicio ? instantesDesde(config.relojInicio) : undefined;
  app.decorate('reloj', reloj ?? relojDeTerminal(config.timeZone, instantes));
  const trabajador = crearTrabajador(app, db, avisos, reloj === undefined ? instantes : null);
  app.decorate('avisos', trabajador);
  // Webhooks' `timestamp`: the terminal's clock, the same the worker's retries run on.
  fijarRelojDeEventos(app.reloj, config.timeZone);
  // The thread is started even when its loop is not (a test then drives it by message).
  if (avisos?.arrancar !== false || avisos.hilo) {
    app.addHook('onReady', async () => trabajador.arrancar());
  }
  // Also when a test drives the worker by hand: the channels' pooled connections close.
  app.addHook('preClose', () => trabajador.detener());
  // The live yard listens on a connection of its own, with the pool's settings (time zone),
  // straight to PostgreSQL (DATABASE_DIRECT_URL: LISTEN needs a session, which a pooler in
  // transaction mode does not give); the same connection tells the session cache what changed
  // in any process.
  const sesiones = new CacheSesiones();
  registrarCache(db, sesiones);
  const enVivo = new CentralEnVivo(
    db,
    conexionDe(db).directa,
    config.sessionIdleMinutes,
    app.log,
    sesiones,
  );
  app.decorate('enVivo', enVivo);
  // Before every plugin and route, so that each request is a span and each of its queries a child.
  if (telemetria) await app.register(telemetria.fastify.plugin());
  // What watches every request when its response closes: its log line, its metrics.
  const observadores: ObservadorPedidos[] = [];
  if (registro !== 'ninguno' && registro !== undefined)
    observadores.push(lineaDeSolicitud(app.log));
  let servidorMetricas: ServidorMetricas | null = null;
  const metricas = config.metricas;
  if (metricas) {
    const { registro: registroMetricas, pedidos } = instalarMetricas({
      pool: poolDe(db),
      flujosAbiertos: () => enVivo.flujos.size,
      camionesPorEstado: () => camiones.porUnidadYEstado(db, config.finishedTruckHours),
      avisosPendientes: () => pendientesPorCanal(db),
    });
    observadores.push(pedidos);
    app.addHook('onReady', async () => {
      servidorMetricas = await servirMetricas(registroMetricas, metricas, (e) =>
        app.log.error({ err: e }, 'métricas: no se pudieron reunir'),
      );
    });
    app.addHook('onClose', async () => servidorMetricas?.cerrar());
  }
  app.decorate('metricas', () => servidorMetricas);
  app.addHook('onReady', async () => enVivo.arrancar());
  // Before the server stops accepting: open streams would otherwise hold the shutdown.
  app.addHook('preClose', () => enVivo.cerrar());
  const alCerrar = unirObservadores(observadores);
  // One plain callback hook, not an async one (nothing here waits) and not one per concern: every
  // request runs it.
  app.addHook('onRequest', (request, reply, seguir) => {
    // Every answer names its request, so a person can quote it and an operator find its logs.
    reply.header('x-request-id', request.id);
    if (alCerrar) {
      alCerrar.empieza();
      // 'close' comes after the answer is sent and also when the client left first (a live
      // stream closed, a request abandoned), which onResponse misses. One listener for every
      // observer, added with `on`: a response closes once, and `once` wraps and removes it.
      reply.raw.on('close', () => alCerrar.termina(request, reply));
    }
    seguir();
  });
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ErrorHttp(429, MENSAJES_API.demasiadasSolicitudes),
  });
  await app.register(securityPlugin);
  await app.register(autenticacionPlugin);

  await app.register(documentacionPlugin);

  await app.register(
    async (api) => {
      // Answers above 1 kB travel compressed (plugins/compresion.ts).
      await api.register(compresionPlugin);
      for (const rutas of RUTAS) await api.register(rutas);
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { carpeta: carpetaWeb });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
