/**
 * The OpenAPI 3.1 document integrators generate their clients from (/api/docs/json, with its
 * UI at /api/docs). Everything per operation is derived from the route map and the route's
 * `acceso`, in `ruta()` (ruta.ts), so no route can drift from it:
 * - `operationId`: feature and act, from the map's key and tag (`operacionId`);
 * - `security`: the session cookie or the service token's bearer scheme, `[]` when public.
 * Linted with Redocly's recommended rules by documentacion.test.ts (redocly.yaml says why each
 * remaining warning stays).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Acceso } from '../acceso';
import { nombreCookieSesion } from '../features/auth/cookies';
import { documentoWebhooks } from '../features/webhooks/documento';

/** The bearer token of the terminal's machines (gate, scale). */
export const ESQUEMA_TOKEN = 'tokenServicio';
/** The session cookie a person's browser carries once signed in. */
export const ESQUEMA_SESION = 'cookieSesion';

/** Which scheme opens a route of this `acceso`: `[]` (none needed) for a public one. */
export function seguridadDe(acceso: Acceso): Record<string, string[]>[] {
  if (acceso === 'publico') return [];
  if (acceso === 'servicio') return [{ [ESQUEMA_TOKEN]: [] }];
  return [{ [ESQUEMA_SESION]: [] }];
}

const sinTildes = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
/** 'request-coordenadas' → 'RequestCoordenadas'; ':userId' → 'PorUserId'. */
const segmento = (s: string) => {
  const param = s.startsWith(':');
  const palabras = sinTildes(param ? s.slice(1) : s).split(/[^A-Za-z0-9]+/);
  const unido = palabras.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
  return param ? `Por${unido}` : unido;
};

/**
 * A route's `operationId`: `feature_act`. The feature is the route's tag without accents
 * ('administración' → 'administracion'); the act is the path after /api (without a first
 * segment that repeats the feature), a `:param` read as 'Por…', after 'ver' for a GET; a POST to
 * the feature's own path is 'enviar'. 'GET /api/encuestas/:id/preguntas' →
 * 'encuestas_verPorIdPreguntas'; 'POST /api/administracion/usuarios/crear' →
 * 'administracion_usuariosCrear'. Only the key and the tag: a route keeps its id while others
 * come and go.
 */
export function operacionId(clave: string, etiqueta: string): string {
  const [metodo, camino] = clave.split(' ') as [string, string];
  const feature = segmento(etiqueta).replace(/^./, (c) => c.toLowerCase());
  const partes = camino.split('/').filter(Boolean).slice(1);
  if (partes[0] !== undefined && sinTildes(partes[0]) === feature) partes.shift();
  const acto = (metodo === 'GET' ? 'Ver' : '') + partes.map(segmento).join('');
  return `${feature}_${acto === '' ? 'enviar' : acto.replace(/^./, (c) => c.toLowerCase())}`;
}

const DESCRIPCION =
  'API JSON del portal. Las rutas de usuario usan la cookie de sesión; las de operaciones de ' +
  'playa (balanza y portería), un token de servicio (Authorization: Bearer …, ' +
  '`npm run cli -- token crear <nombre>`). Cada operación dice cuál (`security`; `[]` en las ' +
  'públicas). Los POST deben enviarse como application/json. Todo error responde { msj } en ' +
  'castellano.';

async function documentacion(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Portal Acopio API', description: DESCRIPCION, version: '1.0.0' },
      // Paths are absolute (/api/…) and the document is served by the portal itself.
      servers: [{ url: '/', description: 'El mismo origen que sirve este documento' }],
      // The events the portal posts to the endpoints an administrator registers (issue 25).
      webhooks: documentoWebhooks(),
      components: {
        securitySchemes: {
          [ESQUEMA_SESION]: {
            type: 'apiKey',
            in: 'cookie',
            name: nombreCookieSesion(app.config.cookieSecure),
            description: 'La sesión de una persona: la pone el ingreso con tarjeta de coordenadas',
          },
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
}

export const documentacionPlugin = fp(documentacion, { name: 'documentacion' });
