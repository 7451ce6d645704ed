/**
 * What the web's component tests share: a screen rendered with every provider of the app, a
 * signed-in user, and the API answered by handlers typed by the route map.
 *
 *   responder('POST /api/cupos', ({ cuerpo }) => ({ resultado: [cupo] }));
 *   const { router } = mostrar(<CuposPage />, { en: '/cupos' });
 *   expect(cuerposDe('POST /api/cupos')).toEqual([{ codEmpre: 1, uniNeg: 1 }]);
 *
 * The network is the browser's fetch, answered here as the server would: each call is matched
 * to its route, its body and path parameters are parsed by the route's own zod schemas (a body
 * the server would refuse fails the test), the handler gets them as the server's handler would,
 * and its answer is checked against the route's answer schema and sent with the route's success
 * status (201 or 200). A call without a handler fails the test. The real round trip is in e2e/.
 */
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { z } from 'zod';
import type { VerificarUsuarioRespuesta } from '../../shared/contracts/auth';
import type { Empresa } from '../../shared/contracts/empresas';
import type { UnidadNegocio } from '../../shared/contracts/comun';
import {
  rutas,
  type CuerpoDe,
  type CuerpoLeidoDe,
  type DefinicionRuta,
  type ParamsLeidosDe,
  type RespuestaDe,
  type Ruta,
} from '../../shared/contracts/rutas';
import { crearClienteDeConsultas, Providers } from '../app/providers';
import { SeleccionProvider } from '../lib/seleccion';
import { sesionQuery } from '../lib/sesion';
import { coincidir } from '../lib/caminos';
import { estadoInicializacionQuery } from '../lib/inicializacion';

// ---------------------------------------------------------------------------------------------
// The API

/** An answer that is not the route's success: an error, or what the real server never sends. */
class Especial {
  constructor(readonly responder: () => Promise<Response>) {}
}

/** Every answer of the server names its request (x-request-id); here, this one. */
export const REFERENCIA_DE_PRUEBA = '7f3c2a10-prueba';

const json = (status: number, cuerpo: unknown) =>
  new Response(JSON.stringify(cuerpo), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': REFERENCIA_DE_PRUEBA },
  });

/**
 * An error answer, `{ msj }` as every API error (plus `detalle`, or `erroresCupo` where the form
 * reads it).
 */
export const error = (
  status: number,
  cuerpo: { msj: string; detalle?: string; erroresCupo?: string[] },
) => new Especial(() => Promise.resolve(json(status, cuerpo)));

/**
 * An answer outside the contract, on purpose (a 200 without the success indicator, a proxy's
 * HTML page): what the screen does when the server misbehaves.
 */
export const fueraDeContrato = (status: number, cuerpo: unknown, tipo = 'application/json') =>
  new Especial(() =>
    Promise.resolve(
      new Response(tipo === 'application/json' ? JSON.stringify(cuerpo) : String(cuerpo), {
        status,
        headers: { 'content-type': tipo },
      }),
    ),
  );

/**
 * An NDJSON answer (the import's progress, then its result): each line sent as its own chunk.
 * The last waits for `antesDeLaUltima`, so a test can look at the screen while it is under way.
 */
export const lineasNdjson = (
  lineas: unknown[],
  antesDeLaUltima: Promise<void> = Promise.resolve(),
) =>
  new Especial(() => {
    const codificador = new TextEncoder();
    const cuerpo = new ReadableStream<Uint8Array>({
      async start(controlador) {
        for (const [i, l] of lineas.entries()) {
          if (i === lineas.length - 1) await antesDeLaUltima;
          controlador.enqueue(codificador.encode(`${JSON.stringify(l)}\n`));
        }
        controlador.close();
      },
    });
    return Promise.resolve(
      new Response(cuerpo, {
        status: 200,
        headers: { 'content-type': 'application/x-ndjson', 'x-request-id': REFERENCIA_DE_PRUEBA },
      }),
    );
  });

/** The network failed: fetch itself rejects. */
export const sinRed = () => new Especial(() => Promise.reject(new TypeError('Failed to fetch')));

/** A call that never gets its answer (the screen stays loading). */
export const sinRespuesta = () => new Promise<never>(() => undefined);

export interface Pedido<K extends Ruta> {
  /** The body as the server's handler reads it, parsed by the route's schema. */
  cuerpo: CuerpoLeidoDe<K>;
  /** The path parameters, parsed. */
  params: ParamsLeidosDe<K>;
}

/** What a handler answers: the route's success answer, or `error(…)`, `fueraDeContrato(…)`, `sinRed()`. */
export type Contestacion<K extends Ruta> = RespuestaDe<K> | Especial;
export type Manejador<K extends Ruta> = (
  pedido: Pedido<K>,
) => Contestacion<K> | Promise<Contestacion<K>>;

export interface Llamada {
  /** The route it matched ('POST /api/cupos'), or null when it matched none. */
  ruta: Ruta | null;
  metodo: string;
  url: string;
  /** As sent: the JSON body parsed, before any schema. */
  cuerpo: unknown;
  init: RequestInit | undefined;
}

const definiciones = Object.entries(rutas) as [Ruta, DefinicionRuta][];
let manejadores = new Map<Ruta, Manejador<Ruta>>();
let llamadas: Llamada[] = [];
let fallas: string[] = [];

/** Answers `ruta` with `manejador` from now on (replacing an earlier one). */
export function responder<K extends Ruta>(ruta: K, manejador: Manejador<K>): void {
  manejadores.set(ruta, manejador);
}

/** Every call made so far, in order. */
export const llamadasHechas = (): readonly Llamada[] => llamadas;

/** The bodies sent to `ruta`, as sent, in order. */
export const cuerposDe = <K extends Ruta>(ruta: K): CuerpoDe<K>[] =>
  llamadas.filter((l) => l.ruta === ruta).map((l) => l.cuerpo as CuerpoDe<K>);

/** The URLs called on `ruta` (with their parameters filled in), in order. */
export const urlsDe = (ruta: Ruta): string[] =>
  llamadas.filter((l) => l.ruta === ruta).map((l) => l.url);

/** The route of a call: static paths before parameters, as Fastify's router decides. */
function rutaDe(
  metodo: string,
  url: string,
): { ruta: Ruta; params: Record<string, string> } | null {
  const candidatas = definiciones
    .map(([ruta]) => {
      const [m, patron] = ruta.split(' ') as [string, string];
      const params = m === metodo ? coincidir(patron, url) : null;
      return params && { ruta, params, fijos: patron.split('/').filter((t) => !t.startsWith(':')) };
    })
    .filter((c) => c !== null)
    .sort((a, b) => b.fijos.length - a.fijos.length);
  return candidatas[0] ?? null;
}

function fallar(mensaje: string): Response {
  fallas.push(mensaje);
  return json(501, { msj: mensaje });
}

async function atender(entrada: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url =
    typeof entrada === 'string' ? entrada : entrada instanceof URL ? entrada.href : entrada.url;
  const metodo = (init?.method ?? 'GET').toUpperCase();
  const cuerpo: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  // The query string is not part of the route: it is checked below, by the route's schema.
  const [camino, consulta] = url.split('?') as [string, string | undefined];
  const encontrada = rutaDe(metodo, camino);
  llamadas.push({ ruta: encontrada?.ruta ?? null, metodo, url, cuerpo, init });
  if (!encontrada) return fallar(`${metodo} ${url}: ninguna ruta de la API coincide`);

  const { ruta, params } = encontrada;
  const definicion = rutas[ruta] as DefinicionRuta;
  const manejador = manejadores.get(ruta);
  if (!manejador) return fallar(`${ruta} (${url}): la prueba no le dio respuesta`);
  const cuerpoLeido = definicion.cuerpo?.safeParse(cuerpo);
  if (cuerpoLeido && !cuerpoLeido.success) {
    return fallar(
      `${ruta}: el servidor rechazaría el cuerpo ${JSON.stringify(cuerpo)}: ${z.prettifyError(cuerpoLeido.error)}`,
    );
  }
  const consultaLeida = definicion.consulta?.safeParse(
    Object.fromEntries(new URLSearchParams(consulta ?? '')),
  );
  if (consultaLeida && !consultaLeida.success) {
    return fallar(
      `${ruta}: el servidor rechazaría ${url}: ${z.prettifyError(consultaLeida.error)}`,
    );
  }
  const paramsLeidos = definicion.params?.safeParse(params);
  if (paramsLeidos && !paramsLeidos.success) {
    return fallar(`${ruta}: el servidor rechazaría ${url}: ${z.prettifyError(paramsLeidos.error)}`);
  }

  const contestacion = await manejador({
    cuerpo: cuerpoLeido?.data as never,
    params: paramsLeidos?.data as never,
  });
  if (contestacion instanceof Especial) return contestacion.responder();
  const valida = definicion.respuesta.safeParse(contestacion);
  if (!valida.success) {
    return fallar(
      `${ruta}: la respuesta de la prueba no cumple el contrato: ${z.prettifyError(valida.error)}`,
    );
  }
  return json(definicion.estado ?? 200, contestacion);
}

beforeEach(() => {
  manejadores = new Map();
  llamadas = [];
  fallas = [];
  vi.stubGlobal('fetch', vi.fn(atender));
});

afterEach(() => {
  // The screen goes first: nothing it does while unmounting escapes the check below.
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  const encontradas = fallas;
  fallas = [];
  if (encontradas.length > 0) {
    throw new Error(`Llamadas a la API que la prueba no atendió:\n- ${encontradas.join('\n- ')}`);
  }
});

// ---------------------------------------------------------------------------------------------
// The screen

export interface UsuarioDePrueba {
  usuario: string;
  codempre: number;
  uniNegs: UnidadNegocio[];
  userId: number;
}

/** A user of client company 1 with one business unit. */
export const CLIENTE: UsuarioDePrueba = {
  usuario: 'cliente1',
  codempre: 1,
  uniNegs: [{ ctrl: 1, unineg: 'Granos' }],
  userId: 7,
};

/** The administrator (company 0). */
export const ADMINISTRADOR: UsuarioDePrueba = {
  ...CLIENTE,
  usuario: 'admin',
  codempre: 0,
  userId: 1,
};

/** The company the selection offers unless a test says otherwise. */
export const EMPRESAS: Empresa[] = [{ codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' }];

export interface OpcionesMostrar {
  /** The address the screen opens at. Default '/'. */
  en?: string;
  /** The route pattern the screen is mounted at ('/cupos/modificar/:codorden'); default `en`. */
  patron?: string;
  /** Other routes, pattern → element: where the screen may navigate to. */
  otras?: Record<string, ReactNode>;
  /** Who is signed in (a part of CLIENTE overrides it); null for nobody. Default CLIENTE. */
  usuario?: Partial<UsuarioDePrueba> | null;
  /**
   * The kept company and unit selection around the screen, as the shell gives it (it asks
   * POST /api/clientes/clientes-empresas, answered with EMPRESAS unless the test answers it).
   * Default: with a signed-in user.
   */
  conSeleccion?: boolean;
  /** A query client to reuse (the same sign-in mounting the screen again); default a new one. */
  cliente?: QueryClient;
}

/** Renders `elemento` as the app would show it: providers, session, selection, router. */
export function mostrar(elemento: ReactElement, opciones: OpcionesMostrar = {}) {
  const en = opciones.en ?? '/';
  const cliente = opciones.cliente ?? crearClienteDeConsultas({ reintentos: false });
  const usuario = opciones.usuario === null ? null : { ...CLIENTE, ...opciones.usuario };
  const sesion: VerificarUsuarioRespuesta = usuario
    ? { loggedIn: true, ...usuario }
    : { loggedIn: false };
  cliente.setQueryData(sesionQuery.queryKey, sesion);
  // Signed out, the sign-in asks whether the terminal is set up: it is, unless the test answers.
  if (usuario === null && !manejadores.has('GET /api/inicializacion')) {
    cliente.setQueryData(estadoInicializacionQuery.queryKey, { pendiente: false });
  }

  const conSeleccion = opciones.conSeleccion ?? usuario !== null;
  if (conSeleccion && !manejadores.has('POST /api/clientes/clientes-empresas')) {
    responder('POST /api/clientes/clientes-empresas', () => EMPRESAS);
  }
  const hijas: RouteObject[] = [
    { path: opciones.patron ?? new URL(en, 'http://prueba').pathname, element: elemento },
    ...Object.entries(opciones.otras ?? {}).map(([path, element]) => ({ path, element })),
  ];
  const router = createMemoryRouter(
    conSeleccion
      ? [
          {
            element: (
              <SeleccionProvider>
                <Outlet />
              </SeleccionProvider>
            ),
            children: hijas,
          },
        ]
      : hijas,
    { initialEntries: [en] },
  );
  const resultado = render(
    <Providers cliente={cliente}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...resultado, cliente, router };
}

/**
 * The toasts a person still reads: a dismissed one stays in jsdom while its exit animation
 * would run (jsdom never ends it), marked `data-in="false"`.
 */
export const avisosEnPantalla = (): string[] =>
  [...document.querySelectorAll('.Toastify__toast[data-in="true"]')].map(
    (e) => e.textContent ?? '',
  );
/** Everything the query and mutation caches hold, as JSON: where a secret must never be. */
export function contenidoDeCaches(cliente: QueryClient): string {
  return JSON.stringify([
    cliente
      .getQueryCache()
      .getAll()
      .map((q) => q.state.data),
    cliente
      .getMutationCache()
      .getAll()
      .map((m) => m.state.data),
  ]);
}
