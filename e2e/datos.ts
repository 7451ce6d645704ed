/**
 * How the end-to-end tests arrange their data: as the portal's users and machines make it, through
 * its HTTP API. An administrator's session signed in with the demo card (`Api`), and a service
 * token of the gate and the weighbridges (`Porteria`), both typed by the route map: a changed
 * contract fails the typecheck here, not a query at run time in every spec.
 *
 * Two things no route does go through the server's own code on the portal's database:
 * - a client's ledger with a history (movements dated in the past): `movimientosDeStock`, the
 *   stock service that the weighing itself calls;
 * - removing what a test made: the portal deletes no company, truck, ticket, quota or ledger line
 *   (they are the terminal's records), so `borrarDatosDePrueba` is the one place where the tests
 *   delete rows, typed on the schema.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext, type APIResponse } from '@playwright/test';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Coordenada } from '../src/shared/contracts/auth';
import type {
  CuerpoDe,
  ParamsDe,
  RespuestaDe,
  RutaGet,
  RutaPost,
} from '../src/shared/contracts/rutas';
import { auditar, type EntradaAuditoria } from '../src/server/db/auditoria';
import { conectar, type Db } from '../src/server/db/client';
import * as tablas from '../src/server/db/schema';
import {
  deCoordenada,
  leerTarjetasDeTexto,
  type ValoresTarjeta,
} from '../src/server/features/auth/tarjetas';
import { registrarEn, type Movimiento } from '../src/server/features/stock/servicio';

export type UsuarioDemo = 'admin' | 'cliente1' | 'cliente2';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR sin definir: ejecute las pruebas con playwright test');
  return dir;
}

/** The portal under test (global-setup.ts starts it). */
export function urlPortal(): string {
  const url = process.env.E2E_URL;
  if (!url) throw new Error('E2E_URL sin definir: ejecute las pruebas con playwright test');
  return url;
}

/**
 * A portal the tests talk to: the run's (global-setup.ts), or one a spec started itself
 * (portal-vacio.ts, turnos-porteria.spec.ts), with its DATA_DIR (the demo cards).
 */
export interface PortalDePrueba {
  url: string;
  dataDir: string;
}

const portalDeLaCorrida = (): PortalDePrueba => ({ url: urlPortal(), dataDir: dataDir() });

export function tarjetaDe(usuario: string, dir = dataDir()): ValoresTarjeta {
  const tarjetas = leerTarjetasDeTexto(readFileSync(path.join(dir, 'tarjetas-demo.txt'), 'utf8'));
  const tarjeta = tarjetas.get(usuario);
  if (!tarjeta) throw new Error(`${usuario} no tiene tarjeta de demostración`);
  return tarjeta.valores;
}

/** Connection string of the portal's embedded database (password and port from DATA_DIR). */
export function urlBaseDeDatos(): string {
  const clave = readFileSync(path.join(dataDir(), 'postgres.clave'), 'utf8').trim();
  const puerto = readFileSync(path.join(dataDir(), 'postgres', 'postmaster.pid'), 'utf8').split(
    '\n',
  )[3];
  return `postgres://postgres:${clave}@127.0.0.1:${puerto}/acopio`;
}

/** The answer's JSON, or an error that names the call, its status and the server's message. */
async function respuestaDe<T>(que: string, res: APIResponse): Promise<T> {
  if (!res.ok()) throw new Error(`${que}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

type ArgumentosPost<P extends RutaPost> =
  Record<string, never> extends CuerpoDe<`POST ${P}`>
    ? [cuerpo?: CuerpoDe<`POST ${P}`>]
    : [cuerpo: CuerpoDe<`POST ${P}`>];

type ArgumentosGet<P extends RutaGet> =
  ParamsDe<`GET ${P}`> extends undefined ? [] : [params: ParamsDe<`GET ${P}`>];

/** Two cells of a card, answered with its values (the sign-in's and the step-up's body). */
function respuestaDeTarjeta(
  [tarjetas, solicitadas]: [{ ctrltarjeta: number }[], Coordenada[]],
  valores: ValoresTarjeta,
) {
  const ctrltarjeta = tarjetas[0]!.ctrltarjeta;
  const [c1, c2] = solicitadas as [Coordenada, Coordenada];
  return {
    solicitadas: [c1, c2],
    ingresadas: { coordenada1: valores[deCoordenada(c1)], coordenada2: valores[deCoordenada(c2)] },
    tarjeta: ctrltarjeta,
  };
}

/**
 * A session of a demo user on the API, signed in with its card as the login screen does (two
 * steps, the challenge's cookie kept by the context). Close it with `cerrar()`.
 */
export class Api {
  private constructor(
    readonly contexto: APIRequestContext,
    readonly usuario: UsuarioDemo,
    readonly portal: PortalDePrueba,
  ) {}

  static async abrir(
    usuario: UsuarioDemo = 'admin',
    portal: PortalDePrueba = portalDeLaCorrida(),
  ): Promise<Api> {
    const api = new Api(await request.newContext({ baseURL: portal.url }), usuario, portal);
    const desafio = await api.post('/api/auth/request-coordenadas', { userName: usuario });
    await api.post(
      '/api/auth/comparar-coordenadas',
      respuestaDeTarjeta(desafio, tarjetaDe(usuario, portal.dataDir)),
    );
    return api;
  }

  /** A POST of the route map: its body checked by the types, its answer required to be 2xx. */
  async post<P extends RutaPost>(
    ruta: P,
    ...[cuerpo]: ArgumentosPost<P>
  ): Promise<RespuestaDe<`POST ${P}`>> {
    return respuestaDe(ruta, await this.contexto.post(ruta, { data: cuerpo ?? {} }));
  }

  /** A GET of the route map, its `:parameters` filled in. */
  async get<P extends RutaGet>(
    ruta: P,
    ...[params]: ArgumentosGet<P>
  ): Promise<RespuestaDe<`GET ${P}`>> {
    const valores = (params ?? {}) as Record<string, string | number>;
    const camino = ruta.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(valores[n]!));
    return respuestaDe(camino, await this.contexto.get(camino));
  }

  /** Two fresh cells of the user's own card: the administration's sensitive acts, 5 minutes. */
  async reautenticar(): Promise<void> {
    const desafio = await this.post('/api/auth/reautenticacion/desafio');
    await this.post(
      '/api/auth/reautenticacion',
      respuestaDeTarjeta(desafio, tarjetaDe(this.usuario, this.portal.dataDir)),
    );
  }

  /** A client company with its units, as 'Empresas y unidades' creates it. */
  async crearEmpresa(codempre: number, nomempre: string, unidades: number[]): Promise<void> {
    await this.post('/api/administracion/empresas/crear', { codempre, nomempre, unidades });
  }

  /** The products a client may order in a unit: the whole list ('Productos de clientes'). */
  async productosDeCliente(codempre: number, unineg: number, productos: number[]): Promise<void> {
    await this.post('/api/administracion/productos/cliente/guardar', {
      codempre,
      unineg,
      productos,
    });
  }

  /** A container of a client ('Envases'). */
  async crearEnvase(codempre: number, nombre: string, peso: number): Promise<number> {
    return (await this.post('/api/administracion/envases/crear', { codempre, nombre, peso })).ctrl;
  }

  /** Quotas as the order form saves them ('Nuevo'); their ctrl, one per equal quota. */
  async crearCupos(c: CupoNuevo): Promise<number[]> {
    const { cupos } = await this.post('/api/cupos/crear', {
      mergedCupo: {
        cupo: {
          cliente: c.codempre,
          uniNeg: c.unineg,
          tipoOrden: c.tipoOrden ?? 'D',
          tipoDespacho: c.coddespacho,
          envase: c.envase ?? -1,
          cargaMaxima: c.cantidad,
          observaciones: c.obs ?? null,
          cantCuposIguales: c.iguales ?? 1,
        },
        productos: (c.mezcla ?? [[c.codpro ?? 1, 100]]).map(([producto, porcentaje]) => ({
          producto,
          porcentaje,
        })),
      },
    });
    return cupos;
  }

  /** One quota (see `crearCupos`): its ctrl. */
  async crearCupo(c: Omit<CupoNuevo, 'iguales'>): Promise<number> {
    const [ctrl] = await this.crearCupos(c);
    return ctrl!;
  }

  async cerrar(): Promise<void> {
    await this.contexto.post('/api/user/logout', { data: {} });
    await this.contexto.dispose();
  }
}

export interface CupoNuevo {
  codempre: number;
  unineg: number;
  coddespacho: number;
  /** Kilos for bulk, units for a container quota. */
  cantidad: number;
  /** The container's ctrl; bulk when absent. */
  envase?: number;
  obs?: string;
  tipoOrden?: 'D' | 'R';
  /** One product at 100 % (default 1, Soja)… */
  codpro?: number;
  /** …or a blend: [codpro, percentage][]. */
  mezcla?: [number, number][];
  iguales?: number;
}

type CuerpoOperacion<P extends RutaPost> = CuerpoDe<`POST ${P}`>;

/**
 * The gate's and the weighbridges' software: a service token created by the administrator (with
 * the step-up, as 'Tokens de servicio' does) and the operations API called with it. `revocar()`
 * ends it.
 */
export class Porteria {
  private constructor(
    private readonly contexto: APIRequestContext,
    readonly nombre: string,
    /** The token in clear, for a process that calls the API itself (the simulator). */
    readonly token: string,
  ) {}

  static async crear(admin: Api, prefijo = 'e2e-porteria'): Promise<Porteria> {
    await admin.reautenticar();
    const nombre = `${prefijo}-${randomBytes(4).toString('hex')}`;
    const { token } = await admin.post('/api/administracion/tokens/crear', { nombre });
    const contexto = await request.newContext({
      baseURL: admin.portal.url,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    return new Porteria(contexto, nombre, token);
  }

  private async operar<P extends RutaPost>(
    ruta: P,
    cuerpo: CuerpoOperacion<P>,
  ): Promise<RespuestaDe<`POST ${P}`>> {
    return respuestaDe(ruta, await this.contexto.post(ruta, { data: cuerpo }));
  }

  ingreso = (c: CuerpoOperacion<'/api/operaciones/ingreso'>) =>
    this.operar('/api/operaciones/ingreso', c);
  vincular = (c: CuerpoOperacion<'/api/operaciones/vincular'>) =>
    this.operar('/api/operaciones/vincular', c);
  tara = (c: CuerpoOperacion<'/api/operaciones/tara'>) => this.operar('/api/operaciones/tara', c);
  bruto = (c: CuerpoOperacion<'/api/operaciones/bruto'>) =>
    this.operar('/api/operaciones/bruto', c);
  egreso = (c: CuerpoOperacion<'/api/operaciones/egreso'>) =>
    this.operar('/api/operaciones/egreso', c);
  /** A truck in the yard checks in with its turn of today (issue 24), by code or by plate. */
  presentarTurno = (c: CuerpoOperacion<'/api/turnos/porteria/presentar'>) =>
    this.operar('/api/turnos/porteria/presentar', c);

  /** Revoked by the administrator, as 'Tokens de servicio' does; then the context is closed. */
  async revocar(admin: Api): Promise<void> {
    await admin.post('/api/administracion/tokens/revocar', { nombre: this.nombre });
    await this.contexto.dispose();
  }
}

/** An instant `minutos` before now, as the operations API takes it ('…Z'). */
export const haceMinutos = (minutos: number) =>
  new Date(Date.now() - minutos * 60_000).toISOString();

/** The portal's database with the server's own connection settings (the terminal's zone). */
async function conBase<T>(hacer: (db: Db) => Promise<T>): Promise<T> {
  const base = conectar(urlBaseDeDatos(), {
    max: 1,
    timeZone: process.env.TZ ?? 'America/Argentina/Buenos_Aires',
  });
  try {
    return await hacer(base.db);
  } finally {
    await base.cerrar();
  }
}

/**
 * Ledger movements, dated as given, through the stock service (the one the gross weighing calls):
 * balances and daily closings follow as in production. No route records a movement in the past.
 */
export function movimientosDeStock(movimientos: Movimiento[]): Promise<void> {
  return conBase((db) => registrarEn(db, movimientos));
}

/**
 * Audit rows written in order (the first the oldest) by the server's own `auditar`, in one
 * transaction: a long trail of a made-up table, which no number of real acts makes quickly.
 */
export function registrosDeAuditoria(entradas: EntradaAuditoria[]): Promise<void> {
  return conBase((db) =>
    db.transaction(async (tx) => {
      for (const e of entradas) await auditar(tx, e);
    }),
  );
}

export interface DatosDePrueba {
  /** Client companies of a test's own, with everything of theirs. */
  empresas?: number[];
  /** Trucks (with their tickets and quotas) of a demo company that a test let in. */
  camiones?: number[];
  /** Quotas of a demo company that a test created. */
  cupos?: number[];
  /** Business units whose wait thresholds a test set (no route takes them away). */
  umbrales?: number[];
  /** Surveys a test created, with their questions and answers (no route deletes a survey). */
  encuestas?: number[];
  /** Audit rows of tables a test made up (`registrosDeAuditoria`). */
  tablasDeAuditoria?: string[];
}

/** `columna in (valores)`; with no values, no row (drizzle refuses an empty `in`). */
const enLista = <T>(columna: Parameters<typeof inArray>[0], valores: T[] = []): SQL =>
  valores.length > 0 ? inArray(columna, valores) : sql`false`;
const alguno = (...condiciones: SQL[]): SQL => or(...condiciones)!;

/**
 * What a test made, removed, with the audit of those rows: the state the other specs expect back.
 * No route or service deletes a company, a truck, a ticket, a quota, a ledger line, a survey or a
 * unit's wait thresholds (the portal keeps them as the terminal's records), so this writes to the
 * tables directly; the dashboard's rollups follow through their triggers.
 */
export function borrarDatosDePrueba(d: DatosDePrueba): Promise<void> {
  const empresas = d.empresas ?? [];
  return conBase((db) =>
    db.transaction(async (tx) => {
      const camiones = (
        await tx
          .select({ ctrl: tablas.camiones.ctrl })
          .from(tablas.camiones)
          .where(
            alguno(
              enLista(tablas.camiones.codempre, empresas),
              enLista(tablas.camiones.ctrl, d.camiones),
            ),
          )
      ).map((c) => c.ctrl);
      const cupos = (
        await tx
          .select({ ctrl: tablas.cupos.ctrl })
          .from(tablas.cupos)
          .where(
            alguno(
              enLista(tablas.cupos.codempre, empresas),
              enLista(tablas.cupos.ctrl, d.cupos),
              enLista(tablas.cupos.camionCtrl, camiones),
            ),
          )
      ).map((c) => c.ctrl);
      // The bookings of those quotas (issue 24) go before them, with their audit rows.
      const turnos = (
        await tx
          .delete(tablas.turnos)
          .where(enLista(tablas.turnos.cupoCtrl, cupos))
          .returning({ id: tablas.turnos.id })
      ).map((t) => t.id);
      const filas = (tabla: string, ids: number[]) =>
        and(eq(tablas.auditoria.tabla, tabla), enLista(tablas.auditoria.filaId, ids.map(String)))!;
      await tx
        .delete(tablas.auditoria)
        .where(
          alguno(
            filas('camiones', camiones),
            filas('cupos', cupos),
            filas('empresas', empresas),
            filas('turnos', turnos),
            enLista(tablas.auditoria.tabla, d.tablasDeAuditoria),
          ),
        );
      const codempre = (columna: Parameters<typeof inArray>[0]) => enLista(columna, empresas);
      await tx.delete(tablas.stockMovimientos).where(codempre(tablas.stockMovimientos.codempre));
      await tx.delete(tablas.stockSaldos).where(codempre(tablas.stockSaldos.codempre));
      await tx.delete(tablas.stockCierres).where(codempre(tablas.stockCierres.codempre));
      await tx.delete(tablas.tickets).where(enLista(tablas.tickets.camionCtrl, camiones));
      // Their products, containers and blend go with them (on delete cascade).
      await tx.delete(tablas.cupos).where(enLista(tablas.cupos.ctrl, cupos));
      await tx.delete(tablas.camiones).where(enLista(tablas.camiones.ctrl, camiones));
      await tx.delete(tablas.envases).where(codempre(tablas.envases.codempre));
      await tx.delete(tablas.productosClientes).where(codempre(tablas.productosClientes.codempre));
      await tx.delete(tablas.usuarios).where(codempre(tablas.usuarios.codempre));
      await tx.delete(tablas.empresaUnidades).where(codempre(tablas.empresaUnidades.codempre));
      await tx.delete(tablas.tableroHoras).where(codempre(tablas.tableroHoras.codempre));
      await tx
        .delete(tablas.tableroProductosHoras)
        .where(codempre(tablas.tableroProductosHoras.codempre));
      await tx.delete(tablas.empresas).where(codempre(tablas.empresas.codempre));
      await tx
        .delete(tablas.umbralesEspera)
        .where(enLista(tablas.umbralesEspera.unineg, d.umbrales));
      // Questions, answers and reminders go with their survey (on delete cascade).
      await tx.delete(tablas.encuestas).where(enLista(tablas.encuestas.id, d.encuestas));
    }),
  );
}
