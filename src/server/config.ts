import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ErrorDeArranque } from './errores-arranque';

const booleano = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

function zonaHorariaValida(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('es-AR', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** An IPv4 or IPv6 address, or a network of them in CIDR form ('10.0.1.0/24'). */
function direccionOCidr(texto: string): boolean {
  const [ip, prefijo, ...resto] = texto.split('/');
  const version = net.isIP(ip ?? '');
  if (version === 0 || resto.length > 0) return false;
  if (prefijo === undefined) return true;
  const n = Number(prefijo);
  return /^\d{1,3}$/.test(prefijo) && n <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the portal are believed about the client's address (their
 * X-Forwarded-For): none (0), the nearest N hops ('1' behind one reverse proxy), or those with
 * these addresses ('10.0.0.5,10.0.1.0/24'). Never "every hop": a client could then pick its own
 * address, dodge the per-IP limit of the sign-in and put a made-up address in the audit.
 */
const proxiesConfiables = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === '0' || v === 'false') return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const lista = v.split(',').map((x) => x.trim());
    if (lista.every(direccionOCidr)) return lista;
    ctx.addIssue({
      code: 'custom',
      message:
        "use la cantidad de proxies delante del portal (1) o sus direcciones (10.0.0.5,10.0.1.0/24); 'true' confiaría en cualquier X-Forwarded-For",
    });
    return z.NEVER;
  });

/** The origin (scheme, name, port) of a URL such as 'https://acopio.example/', or undefined. */
function origenDe(texto: string): string | undefined {
  let u: URL;
  try {
    u = new URL(texto);
  } catch {
    return undefined;
  }
  const soloOrigen = !u.username && !u.password && !u.search && !u.hash && u.pathname === '/';
  return (u.protocol === 'http:' || u.protocol === 'https:') && soloOrigen ? u.origin : undefined;
}

/**
 * The addresses browsers open the portal at, as origins ('https://acopio.example,
 * http://10.0.0.7:3000'): a state change whose Origin is none of them is refused
 * (plugins/security.ts). The request's own Host is never trusted for this: whoever sends the
 * request chooses it.
 */
const origenesPublicos = z
  .string()
  .trim()
  .transform((v, ctx): string[] => {
    const lista = v.split(',').map((x) => x.trim());
    const origenes = lista.map(origenDe);
    if (origenes.every((o) => o !== undefined)) return [...new Set(origenes)];
    ctx.addIssue({
      code: 'custom',
      message:
        'cada valor debe ser un origen: esquema, nombre y puerto, sin camino (https://acopio.example o http://10.0.0.7:3000), separados por comas',
    });
    return z.NEVER;
  });

/** A loopback address or name: only this machine reaches it. */
export const esDireccionLocal = (host: string) =>
  host === 'localhost' || host === '::1' || (net.isIPv4(host) && host.startsWith('127.'));

/** Listening on every address of the machine. */
export const esComodin = (host: string) => host === '0.0.0.0' || host === '::';

/**
 * PUBLIC_URL's default: http://HOST:PORT. A local HOST is also reached as 127.0.0.1 and
 * localhost; one that listens everywhere is known only by those two names (the start warns).
 */
function origenesPorDefecto(host: string, port: number): string[] {
  const nombres = esComodin(host) ? [] : [net.isIPv6(host) ? `[${host}]` : host];
  if (esComodin(host) || esDireccionLocal(host)) nombres.push('127.0.0.1', 'localhost');
  return [...new Set(nombres.map((n) => new URL(`http://${n}:${port}`).origin))];
}

/**
 * Where a person is told to sign in (the printed card, issue 22): PUBLIC_URL's first origin.
 * Without PUBLIC_URL there is none to print: the default http://HOST:PORT may be this machine's
 * own 127.0.0.1, and a request's Host is whatever its sender wrote (a card is kept for years).
 */
export const direccionDeIngreso = (c: { publicUrl: string[]; publicUrlExplicita: boolean }) =>
  c.publicUrlExplicita ? c.publicUrl[0] : undefined;

/** Environment variables (README, "Configuración"). Defaults fit a laptop. */
const entorno = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: origenesPublicos.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DEMO: booleano.optional(),
  TZ: z
    .string()
    .default('America/Argentina/Buenos_Aires')
    .refine(zonaHorariaValida, 'zona horaria desconocida'),
  CARD_SECRET: z.string().min(32).optional(),
  COOKIE_SECURE: booleano.default(false),
  TRUST_PROXY: proxiesConfiables.default(false),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  FINISHED_TRUCK_HOURS: z.coerce.number().int().positive().default(48),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).default(730),
  DB_POOL_MAX: z.coerce.number().int().positive().default(20),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_REMITENTE: z.string().trim().min(3).max(254).optional(),

  WEBHOOKS_ALLOW_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter((x) => x !== ''),
    )
    .optional(),
  WEBHOOKS_RETRY_SECONDS: z
    .string()
    .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, 'segundos separados por comas (p. ej. 5,300,1800)')
    .transform((v) => v.split(',').map((x) => Number(x.trim())))
    .pipe(
      z
        .array(
          z
            .number()
            .int()
            .max(7 * 86_400),
        )
        .min(1)
        .max(20),
    )
    .optional(),
  AVISOS_CONCURRENCIA: z.coerce.number().int().min(1).max(256).default(64),
  RELOJ_TERMINAL_INICIO: z
    .string()
    .trim()
    .pipe(
      z.iso.datetime({
        offset: true,
        error:
          'debe ser un instante ISO con su zona (p. ej. 2026-03-10T12:30:00Z o 2026-03-10T09:30:00-03:00)',
      }),
    )
    .transform((v) => new Date(v))
    .optional(),
});

const SECRETAS = new Set(['CARD_SECRET', 'DATABASE_URL', 'DATABASE_DIRECT_URL', 'SMTP_URL']);

export interface Config {
  port: number;
  host: string;
  /** Origins browsers open the portal at (PUBLIC_URL, or http://HOST:PORT): see security.ts. */
  publicUrl: string[];
  /** PUBLIC_URL was set, not just the default. */
  publicUrlExplicita: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The same database without a pooler in between (DATABASE_DIRECT_URL), for what needs a
   * session of its own: migrations, the LISTEN connection, session advisory locks, backups. When
   * it is set and differs from DATABASE_URL, DATABASE_URL is taken to be a pooler in transaction
   * mode (PgBouncer): see db/client.ts. Unset: DATABASE_URL serves both.
   */
  databaseDirectUrl: string | undefined;
  /** Load demo data into an empty database. */
  demo: boolean;
  /** DEMO=1 was set, not just the default of the embedded database. */
  demoExplicita: boolean;
  timeZone: string;
  /** HMAC key of the coordinate cards; read from DATA_DIR when not in the environment. */
  cardSecret: string | undefined;
  cookieSecure: boolean;
  /** false, a hop count, or the proxies' addresses and networks (see proxiesConfiables). */
  trustProxy: false | number | string[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  authRateLimitPerMinute: number;
  finishedTruckHours: number;
  /** Days of audit kept; older rows are purged (every hour, and by `npm run cli -- purgar`). */
  auditRetentionDays: number;
  dbPoolMax: number;
  bodyLimit: number;
  logLevel: string;
  /**
   * Prometheus metrics (metricas.ts): off without METRICS_PORT; with it, served only on that
   * port of METRICS_HOST (this machine by default), never on the portal's own port.
   */
  metricas: { puerto: number; host: string } | undefined;
  /**
   * E-mail notices (issue 25): off without SMTP_URL (smtp://user:password@host:587 or smtps://…);
   * `remitente` is the From address (SMTP_REMITENTE, default acopio@ the SMTP host's name).
   */
  correo: { url: string; remitente: string } | undefined;
  /**
   * Hosts and addresses a webhook endpoint may name although they are loopback, private or
   * link-local (WEBHOOKS_ALLOW_HOSTS='127.0.0.1,erp.interno'): none by default
   * (features/webhooks/red.ts).
   */
  webhooksPermitidos: string[];
  /**
   * Seconds after each failed try of a webhook (WEBHOOKS_RETRY_SECONDS='5,300'); undefined: the
   * Standard Webhooks schedule of features/webhooks/canal.ts (5 s … 10 h, about 27 hours).
   */
  webhooksReintentos: number[] | undefined;
  /**
   * Notices (e-mails, webhooks) this process delivers at once (AVISOS_CONCURRENCIA, 64 by
   * default). None holds a database connection while its receiver answers (features/avisos/
   * trabajador.ts): a slow receiver takes one of these, not a connection.
   */
  avisosConcurrencia: number;
  /**
   * RELOJ_TERMINAL_INICIO: the terminal's clock starts at this instant when the process starts and
   * runs forward in real time (end-to-end tests, training drills; never in production). Undefined:
   * the real clock.
   */
  relojInicio: Date | undefined;
}

export function leerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `DATABASE_URL=` in a shell means "not set", not "an invalid URL".
  const definidas = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const resultado = entorno.safeParse(definidas);
  if (!resultado.success) {
    const detalle = resultado.error.issues
      .map((i) => {
        const variable = i.path.join('.');
        // A secret's value (the card key, a password in the URL) never reaches a log.
        const valor = SECRETAS.has(variable) ? '' : `=${JSON.stringify(definidas[variable] ?? '')}`;
        return `${variable}${valor}: ${i.message}`;
      })
      .join('; ');
    throw new ErrorDeArranque(
      `Configuración inválida: ${detalle}. Corrija esas variables de entorno (README, "Configuración").`,
    );
  }
  const e = resultado.data;
  if (e.DATABASE_DIRECT_URL !== undefined && e.DATABASE_URL === undefined) {
    throw new ErrorDeArranque(
      'Configuración inválida: DATABASE_DIRECT_URL sin DATABASE_URL. DATABASE_DIRECT_URL es la ' +
        'conexión directa a la misma base que DATABASE_URL (cuando DATABASE_URL pasa por PgBouncer): ' +
        'defina las dos, o ninguna para usar el PostgreSQL embebido.',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? origenesPorDefecto(e.HOST, e.PORT),
    publicUrlExplicita: e.PUBLIC_URL !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    demo: e.DEMO ?? e.DATABASE_URL === undefined,
    demoExplicita: e.DEMO === true,
    timeZone: e.TZ,
    cardSecret: e.CARD_SECRET,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT,
    finishedTruckHours: e.FINISHED_TRUCK_HOURS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    dbPoolMax: e.DB_POOL_MAX,
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
    metricas:
      e.METRICS_PORT === undefined ? undefined : { puerto: e.METRICS_PORT, host: e.METRICS_HOST },
    correo:
      e.SMTP_URL === undefined
        ? undefined
        : {
            url: e.SMTP_URL,
            remitente: e.SMTP_REMITENTE ?? `acopio@${new URL(e.SMTP_URL).hostname}`,
          },

    webhooksPermitidos: e.WEBHOOKS_ALLOW_HOSTS ?? [],
    webhooksReintentos: e.WEBHOOKS_RETRY_SECONDS,
    avisosConcurrencia: e.AVISOS_CONCURRENCIA,
    relojInicio: e.RELOJ_TERMINAL_INICIO,
  };
}
