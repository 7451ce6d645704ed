/**
 * Rows of the authorization matrix (see autorizacion.test.ts). Each feature keeps its rows in
 * `features/<feature>/autorizacion.casos.ts`; this file only gathers them.
 */
import type { App } from '../app';
import type { Db } from '../db/client';
import { CASOS_AUTH } from '../features/auth/autorizacion.casos';
import { CASOS_CAMIONES } from '../features/camiones/autorizacion.casos';
import { CASOS_EMPRESAS } from '../features/empresas/autorizacion.casos';
import { CASOS_EN_VIVO } from '../features/en-vivo/autorizacion.casos';
import { CASOS_CUPOS } from '../features/cupos/autorizacion.casos';
import { CASOS_ENVASES } from '../features/envases/autorizacion.casos';
import { CASOS_PRODUCTOS } from '../features/productos/autorizacion.casos';
import { CASOS_ENCUESTAS } from '../features/encuestas/autorizacion.casos';
import { CASOS_SALUD } from '../features/salud/autorizacion.casos';
import { CASOS_IMPORTACION } from '../features/importacion/autorizacion.casos';
import { CASOS_OPERACIONES } from '../features/operaciones/autorizacion.casos';
import { CASOS_AUDITORIA } from '../features/auditoria/autorizacion.casos';
import { CASOS_CUENTA } from '../features/cuenta/autorizacion.casos';
import { CASOS_STOCK } from '../features/stock/autorizacion.casos';
import { CASOS_TOKENS } from '../features/tokens/autorizacion.casos';
import { CASOS_USUARIOS } from '../features/usuarios/autorizacion.casos';
import { CASOS_TABLERO } from '../features/tablero/autorizacion.casos';
import { CASOS_UNIDADES } from '../features/unidades/autorizacion.casos';
import { CASOS_INICIALIZACION } from '../features/inicializacion/autorizacion.casos';
import { CASOS_TERMINAL } from '../features/terminal/autorizacion.casos';
import { CASOS_TURNOS } from '../features/turnos/autorizacion.casos';
import { CASOS_AVISOS } from '../features/avisos/autorizacion.casos';
import { CASOS_WEBHOOKS } from '../features/webhooks/autorizacion.casos';

/**
 * The kinds of people — nobody, client A (cliente1: company 1, Granos and Subproductos), client
 * B (cliente2: company 2), a user of company 1 who holds only Subproductos (the sample data is
 * company 1's Granos), the administrator — and a machine of the terminal with a service token.
 */
export type Rol = 'anonimo' | 'clienteA' | 'clienteB' | 'sinUnidad' | 'admin' | 'servicio';
export type RolPersona = Exclude<Rol, 'servicio'>;

/** Every role, in the order the matrix tries them. */
export const ROLES: readonly Rol[] = [
  'anonimo',
  'clienteA',
  'clienteB',
  'sinUnidad',
  'admin',
  'servicio',
];

export interface ContextoCaso {
  app: App;
  db: Db;
}

type Valor<T> = T | ((c: ContextoCaso) => Promise<T> | T);

export interface CasoAutorizacion {
  /** Method and URL as registered: 'POST /api/cupos', 'GET /api/encuestas/:id'. */
  ruta: string;
  /** The concrete URL when the route has parameters. */
  url?: Valor<string>;
  /**
   * A valid body naming the data of client A (cliente1, company 1). A function builds fresh
   * data for every call, so one role's change cannot alter another role's answer.
   */
  cuerpo?: Valor<unknown>;
  /**
   * A route whose body is a file (`config.archivo`: the import): its bytes, sent as
   * application/octet-stream instead of a JSON `cuerpo`.
   */
  archivo?: Valor<Buffer>;
  /** Sign in anew for the call (a route that ends the session it is called with). */
  sesionPropia?: boolean;
  /**
   * The success answer's media type when it is not JSON (a PDF). A stream
   * ('text/event-stream') is called over real HTTP and let go once its head arrives.
   */
  tipo?: string;
  /**
   * Status per role. `servicio` (a service token, sent as `Authorization: Bearer`) defaults to
   * the anonymous status: a token is nobody on a user route.
   */
  esperado: Record<RolPersona, number> & { servicio?: number };
}

/** What a role expects on a row, with the service token's default. */
export const esperadoPara = (caso: CasoAutorizacion, rol: Rol): number =>
  rol === 'servicio' ? (caso.esperado.servicio ?? caso.esperado.anonimo) : caso.esperado[rol];

export const CASOS_AUTORIZACION: CasoAutorizacion[] = [
  ...CASOS_SALUD,
  ...CASOS_AUTH,
  ...CASOS_EMPRESAS,
  ...CASOS_UNIDADES,
  ...CASOS_CUPOS,
  ...CASOS_PRODUCTOS,
  ...CASOS_ENVASES,
  ...CASOS_CAMIONES,
  ...CASOS_EN_VIVO,
  ...CASOS_ENCUESTAS,
  ...CASOS_STOCK,
  ...CASOS_OPERACIONES,
  ...CASOS_CUENTA,
  ...CASOS_USUARIOS,
  ...CASOS_TOKENS,
  ...CASOS_AUDITORIA,
  ...CASOS_TABLERO,
  ...CASOS_IMPORTACION,
  ...CASOS_INICIALIZACION,
  ...CASOS_TERMINAL,
  ...CASOS_TURNOS,
  ...CASOS_AVISOS,
  ...CASOS_WEBHOOKS,
];

export async function resolver<T>(
  valor: Valor<T> | undefined,
  c: ContextoCaso,
): Promise<T | undefined> {
  return typeof valor === 'function' ? (valor as (c: ContextoCaso) => Promise<T> | T)(c) : valor;
}
