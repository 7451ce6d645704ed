import path from 'node:path';
import { z } from 'zod';

const booleano = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

function zonaHorariaValida(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('es-AR', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Environment variables (README, "Configuración"). Defaults fit a laptop. */
const entorno = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DEMO: booleano.optional(),
  TZ: z
    .string()
    .default('America/Argentina/Buenos_Aires')
    .refine(zonaHorariaValida, 'zona horaria desconocida'),
  CARD_SECRET: z.string().min(32).optional(),
  COOKIE_SECURE: booleano.default(false),
  TRUST_PROXY: booleano.default(false),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  FINISHED_TRUCK_HOURS: z.coerce.number().int().positive().default(48),
  DB_POOL_MAX: z.coerce.number().int().positive().default(20),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Load demo data into an empty database. */
  demo: boolean;
  timeZone: string;
  /** HMAC key of the coordinate cards; read from DATA_DIR when not in the environment. */
  cardSecret: string | undefined;
  cookieSecure: boolean;
  trustProxy: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  authRateLimitPerMinute: number;
  finishedTruckHours: number;
  dbPoolMax: number;
  bodyLimit: number;
  logLevel: string;
}

export function leerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `DATABASE_URL=` in a shell means "not set", not "an invalid URL".
  const definidas = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const resultado = entorno.safeParse(definidas);
  if (!resultado.success) {
    const detalle = resultado.error.issues
      .map((i) => `  ${i.path.join('.')}: ${i.message}`)
      .join('\n');
    throw new Error(`Configuración inválida:\n${detalle}`);
  }
  const e = resultado.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO ?? e.DATABASE_URL === undefined,
    timeZone: e.TZ,
    cardSecret: e.CARD_SECRET,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT,
    finishedTruckHours: e.FINISHED_TRUCK_HOURS,
    dbPoolMax: e.DB_POOL_MAX,
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
  };
}
