/**
 * The import's own SQL: its lock and the units by name. Below, marked PROVISIONAL, the writes of
 * products, products per client and containers, which have no service of their own yet: only
 * destinos.ts calls them, and they go once destinos.ts calls the productos and envases features.
 */
import { sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import type { Unidad } from './rules';

/** One import at a time (a review too): the second waits for the first's transaction to end. */
const LLAVE_IMPORTACION = 2_100_000_021;

export async function bloquearImportaciones(tx: DbOTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LLAVE_IMPORTACION})`);
}

export async function unidadesDeNegocio(db: DbOTx): Promise<Unidad[]> {
  const { rows } = await db.execute<{ ctrl: number; unineg: string }>(
    sql`select ctrl, unineg from unidades_negocio order by ctrl`,
  );
  return rows;
}

/** A batch's rows as one jsonb parameter, numbered in order (read with jsonb_to_recordset). */
const numeradas = (filas: readonly object[]) => JSON.stringify(filas.map((f, n) => ({ ...f, n })));

// ---------------------------------------------------------------------------------------------
// PROVISIONAL (issue 21): until the productos and envases features are merged, see destinos.ts.

export interface ProductoActual {
  /** Its name now; null when the code is new. */
  nompro: string | null;
  /** Another product that already has the row's name (case aside), if any. */
  duenoDelNombre: number | null;
}

export async function productosActuales(
  db: DbOTx,
  filas: { codpro: number; nompro: string }[],
): Promise<ProductoActual[]> {
  const { rows } = await db.execute<ProductoActual & { n: number } & Record<string, unknown>>(sql`
    select f.n, p.nompro,
           (select q.codpro from productos q
            where lower(q.nompro) = lower(f.nompro) and q.codpro <> f.codpro
            order by q.codpro limit 1) as "duenoDelNombre"
    from jsonb_to_recordset(${numeradas(filas)}::jsonb) as f(n int, codpro int, nompro text)
    left join productos p on p.codpro = f.codpro
    order by f.n`);
  return rows;
}

export async function guardarProductos(
  db: DbOTx,
  nuevos: { codpro: number; nompro: string }[],
  renombrados: { codpro: number; nompro: string }[],
): Promise<void> {
  if (renombrados.length > 0) {
    await db.execute(sql`
      update productos p set nompro = f.nompro
      from jsonb_to_recordset(${JSON.stringify(renombrados)}::jsonb) as f(codpro int, nompro text)
      where p.codpro = f.codpro`);
  }
  if (nuevos.length > 0) {
    await db.execute(sql`
      insert into productos (codpro, nompro)
      select codpro, nompro
      from jsonb_to_recordset(${JSON.stringify(nuevos)}::jsonb) as f(codpro int, nompro text)`);
  }
}

export interface ProductoClienteActual {
  empresa: boolean;
  empresaEnUnidad: boolean;
  producto: boolean;
  existe: boolean;
}

export async function productosClientesActuales(
  db: DbOTx,
  filas: { codempre: number; unineg: number; codpro: number }[],
): Promise<ProductoClienteActual[]> {
  const { rows } = await db.execute<
    ProductoClienteActual & { n: number } & Record<string, unknown>
  >(sql`
    select f.n,
           exists (select 1 from empresas e where e.codempre = f.codempre) as empresa,
           exists (select 1 from empresa_unidades eu
                   where eu.codempre = f.codempre and eu.unineg = f.unineg) as "empresaEnUnidad",
           exists (select 1 from productos p where p.codpro = f.codpro) as producto,
           exists (select 1 from productos_clientes pc
                   where pc.codempre = f.codempre and pc.unineg = f.unineg
                     and pc.codpro = f.codpro) as existe
    from jsonb_to_recordset(${numeradas(filas)}::jsonb)
      as f(n int, codempre int, unineg int, codpro int)
    order by f.n`);
  return rows;
}

export async function insertarProductosClientes(
  db: DbOTx,
  filas: { codempre: number; unineg: number; codpro: number }[],
): Promise<void> {
  if (filas.length === 0) return;
  await db.execute(sql`
    insert into productos_clientes (codempre, unineg, codpro)
    select codempre, unineg, codpro
    from jsonb_to_recordset(${JSON.stringify(filas)}::jsonb)
      as f(codempre int, unineg int, codpro int)
    on conflict do nothing`);
}

export interface EnvaseActual {
  empresa: boolean;
  /** The company's container of that name (case aside), if any. */
  ctrl: number | null;
  nombre: string | null;
  peso: number | null;
}

export async function envasesActuales(
  db: DbOTx,
  filas: { codempre: number; nombre: string }[],
): Promise<EnvaseActual[]> {
  const { rows } = await db.execute<EnvaseActual & { n: number } & Record<string, unknown>>(sql`
    select f.n,
           exists (select 1 from empresas e where e.codempre = f.codempre) as empresa,
           v.ctrl, v.nombre, v.peso
    from jsonb_to_recordset(${numeradas(filas)}::jsonb) as f(n int, codempre int, nombre text)
    left join lateral (
      select ctrl, nombre, peso from envases
      where codempre = f.codempre and lower(nombre) = lower(f.nombre)
      order by ctrl limit 1
    ) v on true
    order by f.n`);
  return rows;
}

export async function guardarEnvases(
  db: DbOTx,
  nuevos: { codempre: number; nombre: string; peso: number }[],
  cambiados: { ctrl: number; nombre: string; peso: number }[],
): Promise<void> {
  if (cambiados.length > 0) {
    await db.execute(sql`
      update envases v set nombre = f.nombre, peso = f.peso
      from jsonb_to_recordset(${JSON.stringify(cambiados)}::jsonb)
        as f(ctrl int, nombre text, peso numeric)
      where v.ctrl = f.ctrl`);
  }
  if (nuevos.length > 0) {
    await db.execute(sql`
      insert into envases (codempre, nombre, peso)
      select codempre, nombre, peso
      from jsonb_to_recordset(${JSON.stringify(nuevos)}::jsonb)
        as f(codempre int, nombre text, peso numeric)`);
  }
}
