import { sql, type SQL } from 'drizzle-orm';
import type {
  ProductoAdministrado,
  ProductoCliente,
  ProductoDeCliente,
} from '../../../shared/contracts/productos';
import { ESTADOS_CAMION } from '../../../shared/estados';
import type { DbOTx } from '../../db/client';
import { filasNumeradas, listaEnteros } from '../../db/sql';

// ---------------------------------------------------------------------------------------------
// The catalogue

/** Products with how many client companies may order each; one pass over productos_clientes. */
const consultaProductos = (donde: SQL) => sql`
  select p.codpro, p.nompro, p.activo, coalesce(x.clientes, 0)::int as clientes
  from productos p
  left join (select codpro, count(distinct codempre) as clientes
             from productos_clientes group by codpro) x on x.codpro = p.codpro
  where ${donde}
  order by p.codpro`;

export async function productosAdministrados(db: DbOTx): Promise<ProductoAdministrado[]> {
  const { rows } = await db.execute<ProductoAdministrado>(consultaProductos(sql`true`));
  return rows;
}

export async function productoAdministrado(
  db: DbOTx,
  codpro: number,
): Promise<ProductoAdministrado | undefined> {
  const { rows } = await db.execute<ProductoAdministrado>(
    consultaProductos(sql`p.codpro = ${codpro}`),
  );
  return rows[0];
}

export type FilaProducto = {
  codpro: number;
  nompro: string;
  activo: boolean;
};

/** The product, locked for a change; undefined when there is none. */
export async function bloquearProducto(
  tx: DbOTx,
  codpro: number,
): Promise<FilaProducto | undefined> {
  const { rows } = await tx.execute<FilaProducto>(sql`
    select codpro, nompro, activo from productos where codpro = ${codpro} for update`);
  return rows[0];
}

/** Another product with this name, whatever its case. */
export async function productoConNombre(
  tx: DbOTx,
  nompro: string,
  salvo: number,
): Promise<FilaProducto | undefined> {
  const { rows } = await tx.execute<FilaProducto>(sql`
    select codpro, nompro, activo from productos
    where lower(nompro) = lower(${nompro}) and codpro <> ${salvo}`);
  return rows[0];
}

/** The new product; undefined when its code is taken (by a concurrent insert too). */
export async function insertarProducto(
  tx: DbOTx,
  p: FilaProducto,
): Promise<FilaProducto | undefined> {
  const { rows } = await tx.execute<FilaProducto>(sql`
    insert into productos (codpro, nompro, activo) values (${p.codpro}, ${p.nompro}, ${p.activo})
    on conflict (codpro) do nothing
    returning codpro, nompro, activo`);
  return rows[0];
}

/** Name and state; the quotas' `mezcla` follows a new name by trigger (migration 0004). */
export async function actualizarProducto(tx: DbOTx, p: FilaProducto) {
  await tx.execute(sql`
    update productos set nompro = ${p.nompro}, activo = ${p.activo} where codpro = ${p.codpro}`);
}

export type UsosProducto = {
  cupos: number;
  tickets: number;
  movimientos: number;
  clientes: number;
};

/**
 * Everything that refers to a product: quotas (deleted ones too: they are history), the tickets
 * of the trucks that loaded them, stock movements and the clients that may order it. Counted
 * only when someone asks to delete it: a rare act, so no index is kept for it.
 */
export async function usosDeProducto(tx: DbOTx, codpro: number): Promise<UsosProducto> {
  const { rows } = await tx.execute<UsosProducto>(sql`
    select
      (select count(*) from cupo_productos where codpro = ${codpro})::int as cupos,
      (select count(distinct t.ctrl) from tickets t
       join cupos c on c.camion_ctrl = t.camion_ctrl
       join cupo_productos cp on cp.cupo_ctrl = c.ctrl
       where cp.codpro = ${codpro})::int as tickets,
      (select count(*) from stock_movimientos where codpro = ${codpro})::int as movimientos,
      (select count(distinct codempre) from productos_clientes where codpro = ${codpro})::int
        as clientes`);
  return rows[0]!;
}

/**
 * Removes a product nothing refers to. Balance and closing rows of a product without movements
 * cannot exist (they come from movements), so only the product goes.
 */
export async function borrarProducto(tx: DbOTx, codpro: number) {
  await tx.execute(sql`delete from productos where codpro = ${codpro}`);
}

// ---------------------------------------------------------------------------------------------
// In bulk, inside the import's transaction: one statement per batch of rows

export interface ProductoActual {
  /** Its name and state now; null when the code is new. */
  nompro: string | null;
  activo: boolean | null;
  /** Another product that already has the row's name (case aside), if any. */
  duenoDelNombre: number | null;
}

/** Each row's product by code, locked for the change, and who else has its name; in order. */
export async function productosActuales(
  tx: DbOTx,
  filas: { codpro: number; nompro: string }[],
): Promise<ProductoActual[]> {
  const { rows } = await tx.execute<ProductoActual & { n: number } & Record<string, unknown>>(sql`
    select f.n, p.nompro, p.activo,
           (select q.codpro from productos q
            where lower(q.nompro) = lower(f.nompro) and q.codpro <> f.codpro
            order by q.codpro limit 1) as "duenoDelNombre"
    from jsonb_to_recordset(${filasNumeradas(filas)}) as f(n int, codpro int, nompro text)
    left join lateral (
      select nompro, activo from productos where codpro = f.codpro for update
    ) p on true
    order by f.n`);
  return rows;
}

/** New products and existing ones brought to their name and state, one statement each. */
export async function guardarProductos(
  tx: DbOTx,
  nuevos: FilaProducto[],
  cambiados: FilaProducto[],
): Promise<void> {
  if (cambiados.length > 0) {
    await tx.execute(sql`
      update productos p set nompro = f.nompro, activo = f.activo
      from jsonb_to_recordset(${JSON.stringify(cambiados)}::jsonb)
        as f(codpro int, nompro text, activo boolean)
      where p.codpro = f.codpro`);
  }
  if (nuevos.length > 0) {
    await tx.execute(sql`
      insert into productos (codpro, nompro, activo)
      select codpro, nompro, activo
      from jsonb_to_recordset(${JSON.stringify(nuevos)}::jsonb)
        as f(codpro int, nompro text, activo boolean)`);
  }
}

export interface ProductoClienteActual {
  empresa: boolean;
  empresaEnUnidad: boolean;
  /** The product's name and state; null when there is no such product. */
  nompro: string | null;
  activo: boolean | null;
  /** The client may already order it there. */
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
           p.nompro, p.activo,
           exists (select 1 from productos_clientes pc
                   where pc.codempre = f.codempre and pc.unineg = f.unineg
                     and pc.codpro = f.codpro) as existe
    from jsonb_to_recordset(${filasNumeradas(filas)})
      as f(n int, codempre int, unineg int, codpro int)
    left join productos p on p.codpro = f.codpro
    order by f.n`);
  return rows;
}

export async function insertarProductosClientes(
  tx: DbOTx,
  filas: { codempre: number; unineg: number; codpro: number }[],
): Promise<void> {
  if (filas.length === 0) return;
  await tx.execute(sql`
    insert into productos_clientes (codempre, unineg, codpro)
    select codempre, unineg, codpro
    from jsonb_to_recordset(${JSON.stringify(filas)}::jsonb)
      as f(codempre int, unineg int, codpro int)
    on conflict do nothing`);
}

// ---------------------------------------------------------------------------------------------
// Products per client and unit

/** What is there of a client company and a unit: whether each exists and whether it works in it. */
export async function empresaYUnidad(
  db: DbOTx,
  codempre: number,
  unineg: number,
): Promise<{ empresa: boolean; unidad: boolean; trabaja: boolean }> {
  const { rows } = await db.execute<{ empresa: boolean; unidad: boolean; trabaja: boolean }>(sql`
    select exists (select 1 from empresas where codempre = ${codempre}) as empresa,
           exists (select 1 from unidades_negocio where ctrl = ${unineg}) as unidad,
           exists (select 1 from empresa_unidades
                   where codempre = ${codempre} and unineg = ${unineg}) as trabaja`);
  return rows[0]!;
}

/**
 * The client's quotas still open in a unit (not deleted, and without a truck or with one that
 * has not finished), per product they hold.
 */
const cuposAbiertosPorProducto = (codempre: number, unineg: number) => sql`
  select cp.codpro, count(*)::int as cupos
  from cupos c
  join cupo_productos cp on cp.cupo_ctrl = c.ctrl
  left join camiones k on k.ctrl = c.camion_ctrl
  where c.codempre = ${codempre} and c.unineg = ${unineg} and c.eliminado_en is null
    and (c.camion_ctrl is null or k.codestado <> ${ESTADOS_CAMION.finalizado})
  group by cp.codpro`;

/**
 * The administration's view of a client's products in a unit: every active product, ticked
 * when the client may order it, and the deactivated ones it still has; by name.
 */
export async function productosDeClienteAdministrados(
  db: DbOTx,
  codempre: number,
  unineg: number,
): Promise<ProductoDeCliente[]> {
  const { rows } = await db.execute<ProductoDeCliente>(sql`
    select p.codpro, p.nompro, p.activo, pc.codpro is not null as habilitado,
           coalesce(a.cupos, 0)::int as "cuposAbiertos"
    from productos p
    left join productos_clientes pc
      on pc.codpro = p.codpro and pc.codempre = ${codempre} and pc.unineg = ${unineg}
    left join (${cuposAbiertosPorProducto(codempre, unineg)}) a on a.codpro = p.codpro
    where p.activo or pc.codpro is not null
    order by p.nompro`);
  return rows;
}

/**
 * The products a client may order in a unit (only those of `codpros`, when given), locked: FOR
 * UPDATE by the administration that changes them; FOR SHARE by a quota being saved with them, so
 * that an administrator taking one away at the same moment waits for the quota and then sees it
 * among the open quotas (or the quota waits, and then finds the product gone).
 */
export async function bloquearProductosDeCliente(
  tx: DbOTx,
  codempre: number,
  unineg: number,
  bloqueo: 'update' | 'share',
  codpros?: number[],
): Promise<number[]> {
  const { rows } = await tx.execute<{ codpro: number }>(sql`
    select codpro from productos_clientes
    where codempre = ${codempre} and unineg = ${unineg}
      ${codpros ? sql`and codpro = any(${listaEnteros(codpros)})` : sql``}
    order by codpro
    for ${sql.raw(bloqueo === 'update' ? 'update' : 'share')}`);
  return rows.map((r) => r.codpro);
}

/** Some products by code (the missing ones are not in the answer). */
export async function productosPorCodigo(
  db: DbOTx,
  codpros: number[],
): Promise<Map<number, FilaProducto>> {
  const { rows } = await db.execute<FilaProducto>(sql`
    select codpro, nompro, activo from productos where codpro = any(${listaEnteros(codpros)})`);
  return new Map(rows.map((r) => [r.codpro, r]));
}

/** How many open quotas of the client in the unit hold each of `codpros` (those with any). */
export async function cuposAbiertosConProductos(
  db: DbOTx,
  codempre: number,
  unineg: number,
  codpros: number[],
): Promise<Map<number, number>> {
  const { rows } = await db.execute<{ codpro: number; cupos: number }>(sql`
    select codpro, cupos from (${cuposAbiertosPorProducto(codempre, unineg)}) a
    where codpro = any(${listaEnteros(codpros)})`);
  return new Map(rows.map((r) => [r.codpro, r.cupos]));
}

export async function agregarProductosDeCliente(
  tx: DbOTx,
  codempre: number,
  unineg: number,
  codpros: number[],
) {
  if (codpros.length === 0) return;
  await tx.execute(sql`
    insert into productos_clientes (codempre, unineg, codpro)
    select ${codempre}, ${unineg}, codpro from unnest(${listaEnteros(codpros)}) codpro
    on conflict do nothing`);
}

export async function quitarProductosDeCliente(
  tx: DbOTx,
  codempre: number,
  unineg: number,
  codpros: number[],
) {
  if (codpros.length === 0) return;
  await tx.execute(sql`
    delete from productos_clientes
    where codempre = ${codempre} and unineg = ${unineg} and codpro = any(${listaEnteros(codpros)})`);
}

// ---------------------------------------------------------------------------------------------
// The order form

/** What the order form offers: the active products the client may order in the unit, by name. */
export async function productosOfrecidos(
  db: DbOTx,
  codempre: number,
  unineg: number,
): Promise<ProductoCliente[]> {
  const { rows } = await db.execute<ProductoCliente>(sql`
    select p.codpro, p.nompro
    from productos_clientes pc join productos p on p.codpro = pc.codpro
    where pc.codempre = ${codempre} and pc.unineg = ${unineg} and p.activo
    order by p.nompro`);
  return rows;
}
