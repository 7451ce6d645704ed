import './zod-es';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { authRoutes } from './features/auth/routes';
import { camionesRoutes } from './features/camiones/routes';
import { clientesRoutes } from './features/clientes/routes';
import { cuposRoutes } from './features/cupos/routes';
import { encuestasRoutes } from './features/encuestas/routes';
import { healthRoutes } from './features/health/routes';
import { ESQUEMA_TOKEN, operacionesRoutes } from './features/operaciones/routes';
import { stockRoutes } from './features/stock/routes';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { spaPlugin } from './plugins/spa';
import { ErrorHttp } from './errores';
import { MENSAJES_API } from '../shared/textos';

export interface OpcionesApp {
  db: Db;
  config: Config & { cardSecret: string };
  /** Request logs: none (tests), JSON lines (servers), or readable (a terminal). */
  registro?: 'ninguno' | 'json' | 'legible';
  /** Where JSON logs go (tests read them); default stdout. */
  destinoRegistro?: NodeJS.WritableStream;
  /** Folder of the built web client; default dist/web. */
  carpetaWeb?: string;
}

/** Feature routes under /api: each feature adds its line here. */
const RUTAS = [
  healthRoutes,
  authRoutes,
  clientesRoutes,
  camionesRoutes,
  cuposRoutes,
  encuestasRoutes,
  stockRoutes,
  operacionesRoutes,
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

export async function buildApp({ db, config, registro, destinoRegistro, carpetaWeb }: OpcionesApp) {
  const app = Fastify({
    logger: opcionesDeRegistro(registro, config.logLevel, destinoRegistro),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ErrorHttp(429, MENSAJES_API.demasiadasSolicitudes),
  });
  await app.register(securityPlugin);
  await app.register(sessionPlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Portal Acopio API',
        description:
          'API JSON del portal. Las rutas de usuario usan la cookie de sesión; las de ' +
          'operaciones de playa (balanza y portería), un token de servicio ' +
          '(Authorization: Bearer …, `npm run cli -- token crear <nombre>`). Los POST deben ' +
          'enviarse como application/json. Todo error responde { msj } en castellano.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          [ESQUEMA_TOKEN]: {
            type: 'http',
            scheme: 'bearer',
            description: 'Token de servicio de una máquina de la terminal (portería, balanza)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const rutas of RUTAS) await api.register(rutas);
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { carpeta: carpetaWeb });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
