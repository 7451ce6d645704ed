/**
 * The one way the browser talks to the API: same origin, cookies, JSON both ways (a POST with
 * no payload sends `{}`, design section 3), and a 401 from any call sends the browser to /
 * (spec section 6).
 *
 * Calls are typed by the route map (src/shared/contracts/rutas.ts): `api.post('/api/cupos',
 * { codEmpre, uniNeg })` checks the path and the body and infers the answer; `api.get(
 * '/api/encuestas/:id', { id })` fills in the path's parameters. Only types come from the map:
 * answers are validated where they are made, on the server, so the browser does not carry zod
 * (see docs/decisions.md).
 */
import type {
  CuerpoDe,
  ParamsDe,
  RespuestaDe,
  RutaGet,
  RutaPost,
} from '../../shared/contracts/rutas';
import { TEXTOS } from '../../shared/textos';
import { sustituir } from './caminos';

export class ErrorApi extends Error {
  constructor(
    readonly status: number,
    readonly msj: string,
    readonly cuerpo: unknown,
    /** The answer's x-request-id: what a person quotes so the operator finds its logs. */
    readonly referencia: string | null = null,
  ) {
    super(msj);
    this.name = 'ErrorApi';
  }
}

export interface Opciones {
  /** Sign-in answers 401 for wrong coordinates: the login screen shows it instead. */
  sinRedireccionEn401?: boolean;
}

/**
 * A POST's arguments after its path: the body (optional for a route whose body is empty: `{}`
 * is sent), then options.
 */
type ArgumentosPost<P extends RutaPost> =
  Record<string, never> extends CuerpoDe<`POST ${P}`>
    ? [cuerpo?: CuerpoDe<`POST ${P}`>, opciones?: Opciones]
    : [cuerpo: CuerpoDe<`POST ${P}`>, opciones?: Opciones];

/** A GET's arguments after its path: the values of its `:parameters` (if any), then options. */
type ArgumentosGet<P extends RutaGet> =
  ParamsDe<`GET ${P}`> extends undefined
    ? [params?: undefined, opciones?: Opciones]
    : [params: ParamsDe<`GET ${P}`>, opciones?: Opciones];

export interface RespuestaConEstado<T> {
  status: number;
  datos: T;
}

async function llamar<T>(
  metodo: 'GET' | 'POST',
  ruta: string,
  cuerpo: unknown,
  opciones: Opciones = {},
): Promise<RespuestaConEstado<T>> {
  let respuesta: Response;
  try {
    respuesta = await fetch(ruta, {
      method: metodo,
      credentials: 'include',
      headers:
        metodo === 'POST'
          ? { 'content-type': 'application/json', accept: 'application/json' }
          : { accept: 'application/json' },
      body: metodo === 'POST' ? JSON.stringify(cuerpo ?? {}) : undefined,
    });
  } catch {
    throw new ErrorApi(0, TEXTOS.algoSalioMal, null);
  }
  // Already at the sign-in page ('/'), a late 401 (a call that left just before 'Cerrar sesión')
  // has nothing to redirect: reloading would only wipe what the next user started to type.
  if (
    respuesta.status === 401 &&
    !opciones.sinRedireccionEn401 &&
    window.location.pathname !== '/'
  ) {
    window.location.assign('/');
  }
  const datos: unknown = await respuesta.json().catch(() => null);
  if (!respuesta.ok) {
    const msj =
      datos && typeof datos === 'object' && 'msj' in datos && typeof datos.msj === 'string'
        ? datos.msj
        : TEXTOS.algoSalioMal;
    throw new ErrorApi(respuesta.status, msj, datos, respuesta.headers.get('x-request-id'));
  }
  return { status: respuesta.status, datos: datos as T };
}

const conParametros = (ruta: string, params: unknown) =>
  params === undefined ? ruta : sustituir(ruta, params as Record<string, string | number>);

export const api = {
  get: async <P extends RutaGet>(
    ruta: P,
    ...[params, opciones]: ArgumentosGet<P>
  ): Promise<RespuestaDe<`GET ${P}`>> =>
    (await llamar<RespuestaDe<`GET ${P}`>>('GET', conParametros(ruta, params), undefined, opciones))
      .datos,
  post: async <P extends RutaPost>(
    ruta: P,
    ...[cuerpo, opciones]: ArgumentosPost<P>
  ): Promise<RespuestaDe<`POST ${P}`>> =>
    (await llamar<RespuestaDe<`POST ${P}`>>('POST', ruta, cuerpo, opciones)).datos,
  /** For calls whose success the spec defines by status too (201 on link, unlink and save). */
  postConEstado: <P extends RutaPost>(
    ruta: P,
    ...[cuerpo, opciones]: ArgumentosPost<P>
  ): Promise<RespuestaConEstado<RespuestaDe<`POST ${P}`>>> =>
    llamar<RespuestaDe<`POST ${P}`>>('POST', ruta, cuerpo, opciones),
};

export function mensajeDeError(error: unknown, porDefecto: string = TEXTOS.algoSalioMal): string {
  return error instanceof ErrorApi ? error.msj : porDefecto;
}

/** The `detalle` an error answer may add under its `msj`: what the person can do about it. */
export function detalleDeError(error: unknown): string | null {
  if (!(error instanceof ErrorApi) || typeof error.cuerpo !== 'object' || !error.cuerpo)
    return null;
  const { detalle } = error.cuerpo as { detalle?: unknown };
  return typeof detalle === 'string' ? detalle : null;
}
