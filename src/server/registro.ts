/**
 * The request's log: its one line when it closes, and its logger, made only if it writes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ObservadorPedidos } from './metricas';

/** What a pino child takes: its bindings and its options (fastify does not export them). */
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** pino's levels, from the lowest. */
const NIVELES = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/**
 * The request's one log line (reqId comes with request.log), when its response closes. The
 * route's template, never the URL (ids, query strings); who called, never a cookie, token or
 * body. Every failure at warn (4xx) or error (5xx), so LOG_LEVEL=warn writes exactly the
 * failures; every request at info. A level the logger does not write is skipped before its line
 * is built. A 5xx also has the error handler's line, with the error.
 */
export function lineaDeSolicitud(log: FastifyBaseLogger): ObservadorPedidos {
  const umbral = NIVELES.indexOf(log.level);
  const escribe = {
    info: NIVELES.indexOf('info') >= umbral,
    warn: NIVELES.indexOf('warn') >= umbral,
    error: NIVELES.indexOf('error') >= umbral,
  };
  return {
    termina(request, reply) {
      const status = reply.statusCode;
      const nivel = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!escribe[nivel]) return;
      request.log[nivel](
        {
          method: request.method,
          route: request.routeOptions.url,
          status,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          userId: request.usuario?.id,
          tokenId: request.servicio?.id,
        },
        'solicitud',
      );
    },
  };
}

/**
 * A request's logger, made when the request first writes. Fastify makes a pino child per request
 * (its bindings, the reqId, serialized each time: ~1 % of a light call's CPU), and at
 * LOG_LEVEL=warn a request that succeeds writes nothing. What it writes goes through the very
 * pino child Fastify would have made, with the same bindings: the lines are the same.
 */
export class RegistroDiferido implements FastifyBaseLogger {
  private hijo: FastifyBaseLogger | undefined;

  constructor(
    private readonly padre: FastifyBaseLogger,
    private readonly vinculos: Bindings,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.hijo ??= this.padre.child(this.vinculos));
  }

  get level() {
    return this.hijo?.level ?? this.padre.level;
  }

  set level(nivel: string) {
    this.real.level = nivel;
  }

  fatal(...a: unknown[]) {
    Reflect.apply(this.real.fatal, this.real, a);
  }

  error(...a: unknown[]) {
    Reflect.apply(this.real.error, this.real, a);
  }

  warn(...a: unknown[]) {
    Reflect.apply(this.real.warn, this.real, a);
  }

  info(...a: unknown[]) {
    Reflect.apply(this.real.info, this.real, a);
  }

  debug(...a: unknown[]) {
    Reflect.apply(this.real.debug, this.real, a);
  }

  trace(...a: unknown[]) {
    Reflect.apply(this.real.trace, this.real, a);
  }

  silent() {}

  child(vinculos: Bindings, opciones?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(vinculos, opciones);
  }
}

/** Fastify's `childLoggerFactory`: the deferred logger, unless a route sets its own level. */
export function registroDeSolicitud(
  padre: FastifyBaseLogger,
  vinculos: Bindings,
  opciones: ChildLoggerOptions,
): FastifyBaseLogger {
  return opciones.level === undefined
    ? new RegistroDiferido(padre, vinculos)
    : padre.child(vinculos, opciones);
}
