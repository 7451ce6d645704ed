/**
 * The one way the browser talks to the API: same origin, cookies, JSON both ways (a POST with
 * no payload sends `{}`, design section 3), and a 401 from any call sends the browser to /
 * (spec section 6). Answers are typed by the shared contracts; they are validated where they are
 * made, on the server, so the browser does not carry zod for them (see docs/decisions.md).
 */
import { TEXTOS } from '../../shared/textos';

export class ErrorApi extends Error {
  constructor(
    readonly status: number,
    readonly msj: string,
    readonly cuerpo: unknown,
  ) {
    super(msj);
    this.name = 'ErrorApi';
  }
}

interface Opciones {
  /** Sign-in answers 401 for wrong coordinates: the login screen shows it instead. */
  sinRedireccionEn401?: boolean;
}

async function llamar<T>(
  metodo: 'GET' | 'POST',
  ruta: string,
  cuerpo: unknown,
  opciones: Opciones = {},
): Promise<{ status: number; datos: T }> {
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
  if (respuesta.status === 401 && !opciones.sinRedireccionEn401) {
    window.location.assign('/');
  }
  const datos: unknown = await respuesta.json().catch(() => null);
  if (!respuesta.ok) {
    const msj =
      datos && typeof datos === 'object' && 'msj' in datos && typeof datos.msj === 'string'
        ? datos.msj
        : TEXTOS.algoSalioMal;
    throw new ErrorApi(respuesta.status, msj, datos);
  }
  return { status: respuesta.status, datos: datos as T };
}

export const api = {
  get: async <T>(ruta: string, opciones?: Opciones) =>
    (await llamar<T>('GET', ruta, undefined, opciones)).datos,
  post: async <T>(ruta: string, cuerpo: unknown, opciones?: Opciones) =>
    (await llamar<T>('POST', ruta, cuerpo, opciones)).datos,
  /** For calls whose success the spec defines by status too (201 on link, unlink and save). */
  postConEstado: <T>(ruta: string, cuerpo: unknown) => llamar<T>('POST', ruta, cuerpo),
};

export function mensajeDeError(error: unknown, porDefecto: string = TEXTOS.algoSalioMal): string {
  return error instanceof ErrorApi ? error.msj : porDefecto;
}
