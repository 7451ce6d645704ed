/**
 * Rows of the authorization matrix (see autorizacion.test.ts). Each feature keeps its rows in
 * `features/<feature>/autorizacion.casos.ts`; this file only gathers them.
 */
import type { App } from '../app';
import type { Db } from '../db/client';
import { CASOS_AUTH } from '../features/auth/autorizacion.casos';
import { CASOS_CAMIONES } from '../features/camiones/autorizacion.casos';
import { CASOS_CLIENTES } from '../features/clientes/autorizacion.casos';
import { CASOS_CUPOS } from '../features/cupos/autorizacion.casos';
import { CASOS_ENCUESTAS } from '../features/encuestas/autorizacion.casos';
import { CASOS_HEALTH } from '../features/health/autorizacion.casos';

export type Rol = 'anonimo' | 'clienteA' | 'clienteB' | 'admin';

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
  /** Sign in anew for the call (a route that ends the session it is called with). */
  sesionPropia?: boolean;
  esperado: Record<Rol, number>;
}

export const CASOS_AUTORIZACION: CasoAutorizacion[] = [
  ...CASOS_HEALTH,
  ...CASOS_AUTH,
  ...CASOS_CLIENTES,
  ...CASOS_CUPOS,
  ...CASOS_CAMIONES,
  ...CASOS_ENCUESTAS,
];

export async function resolver<T>(
  valor: Valor<T> | undefined,
  c: ContextoCaso,
): Promise<T | undefined> {
  return typeof valor === 'function' ? (valor as (c: ContextoCaso) => Promise<T> | T)(c) : valor;
}
