/**
 * Registers an API route from its one declaration in the route map
 * (src/shared/contracts/rutas.ts): the map gives the path, method, schemas, success status,
 * error answers and OpenAPI tag and summary; a feature's routes.ts adds only what is the
 * server's — who may call it (`acceso`), its handler and options such as a rate limit.
 *
 *   ruta(app, 'POST /api/cupos', { acceso: 'sesion', handler: (request) => … });
 *
 * `request.body`, `request.params`, `request.query` and the reply are typed from the map, so a
 * handler answering something else than the declared answer fails `npm run typecheck`.
 */
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../shared/contracts/comun';
import { rutas, type DefinicionRuta, type Ruta, type Rutas } from '../../shared/contracts/rutas';
import type { Acceso } from '../acceso';
import { operacionId, seguridadDe } from './documentacion';
import { serializarCompilado } from './respuestas';

/** The instance a feature's routes get: under the /api prefix, with zod schemas (app.ts). */
export type AppZod = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The prefix under which app.ts registers every feature's routes. */
const PREFIJO = '/api';

type Campo<K extends Ruta, C extends string> = Rutas[K] extends { [P in C]: infer S }
  ? S
  : undefined;

/** The route's schema as Fastify gets it, in types: what the handler reads and answers. */
interface EsquemaDe<K extends Ruta> {
  body: Campo<K, 'cuerpo'>;
  params: Campo<K, 'params'>;
  querystring: Campo<K, 'consulta'>;
  headers: Campo<K, 'cabeceras'>;
  response: {
    // A document's answer is its bytes: its `content` documents it, nothing serializes it.
    [S in Rutas[K] extends { estado: 201 } ? 201 : 200]: Rutas[K] extends { archivo: infer A }
      ? A
      : Rutas[K]['respuesta'];
  } & (Rutas[K] extends { errores: infer E } ? E : typeof respuestasDeError);
}

/** A handler of route K, typed by its declaration in the map. */
export type Manejador<K extends Ruta> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  EsquemaDe<K>,
  ZodTypeProvider
>;

export interface OpcionesRuta<K extends Ruta> {
  /** Who may call it (acceso.ts): a route without one stops the app from starting. */
  acceso: Acceso;
  handler: Manejador<K>;
  /** The rest of the route's config: a rate limit, a file as the body (`archivo`). */
  config?: Omit<FastifyContextConfig, 'acceso'>;
  /**
   * 'compilada' for a large answer asked often: its contract compiled into one pass that checks
   * and writes it (`serializarCompilado`), same bytes and same refusals as the default.
   */
  serializacion?: 'compilada';
}

/** Only the keys with a value: Fastify and the OpenAPI document take an absent schema as none. */
const definidos = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Registers route `clave` of the map on `app` (a feature's plugin, under /api). */
export function ruta<K extends Ruta>(app: AppZod, clave: K, opciones: OpcionesRuta<K>): void {
  const d: DefinicionRuta = rutas[clave];
  const [metodo, camino] = clave.split(' ') as ['GET' | 'POST', string];
  if (!camino.startsWith(`${PREFIJO}/`)) throw new Error(`La ruta ${clave} no está bajo /api`);
  app.route<RouteGenericInterface, unknown, EsquemaDe<K>>({
    method: metodo,
    url: camino.slice(PREFIJO.length),
    config: { ...opciones.config, acceso: opciones.acceso },
    // Typed by the route's schema in Fastify; the compiler takes any zod schema, as app.ts's.
    ...(opciones.serializacion === 'compilada'
      ? ({ serializerCompiler: serializarCompilado } as object)
      : {}),
    schema: {
      tags: [d.etiqueta],
      summary: d.resumen,
      ...(d.descripcion ? { description: d.descripcion } : {}),
      // Both derived, so the document cannot drift from the map or from who may call.
      operationId: operacionId(clave, d.etiqueta),
      security: seguridadDe(opciones.acceso),
      ...definidos({
        body: d.cuerpo,
        params: d.params,
        querystring: d.consulta,
        headers: d.cabeceras,
      }),
      response: {
        [d.estado ?? 200]: d.archivo ?? d.respuesta,
        ...(d.errores ?? respuestasDeError),
      },
    } as unknown as EsquemaDe<K>,
    handler: opciones.handler,
  });
}
