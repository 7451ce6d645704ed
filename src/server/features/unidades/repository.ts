import { sql } from 'drizzle-orm';
import type {
  DespachoAdministrado,
  EnvaseDespacho,
  UnidadAdministrada,
} from '../../../shared/contracts/unidades';
import type { DbOTx } from '../../db/client';
import { listaEnteros } from '../../db/sql';

export interface Unidad {
  ctrl: number;
  unineg: string;
  activo: boolean;
}

const despachosJson = (unidad: ReturnType<typeof sql>) => sql`
  coalesce((select json_agg(json_build_object('coddespacho', d.coddespacho, 'unineg', d.unineg,
                                              'nomdespacho', d.nomdespacho, 'envase', d.envase,
                                              'activo', d.activo) order by d.coddespacho)
            from tipos_despacho d where d.unineg = ${unidad}), '[]')`;

/** Every unit with its dispatch types, by code. */
export async function unidadesAdministradas(db: DbOTx): Promise<UnidadAdministrada[]> {
  const { rows } = await db.execute<UnidadAdministrada & Record<string, unknown>>(sql`
    select un.ctrl, un.unineg, un.activo, ${despachosJson(sql`un.ctrl`)} as despachos
    from unidades_negocio un order by un.ctrl`);
  return rows;
}

export async function unidadAdministrada(
  db: DbOTx,
  ctrl: number,
): Promise<UnidadAdministrada | undefined> {
  const { rows } = await db.execute<UnidadAdministrada & Record<string, unknown>>(sql`
    select un.ctrl, un.unineg, un.activo, ${despachosJson(sql`un.ctrl`)} as despachos
    from unidades_negocio un where un.ctrl = ${ctrl}`);
  return rows[0];
}

/**
 * A unit by its code or by its name (ignoring case and the spaces around it), locked until the
 * transaction ends: the caller is about to change it or to write something that names it.
 */
export async function bloquearUnidad(
  db: DbOTx,
  referencia: { ctrl: number } | { nombre: string },
): Promise<Unidad | undefined> {
  const donde =
    'ctrl' in referencia
      ? sql`ctrl = ${referencia.ctrl}`
      : sql`lower(unineg) = lower(${referencia.nombre.trim()})`;
  const { rows } = await db.execute<Unidad & Record<string, unknown>>(sql`
    select ctrl, unineg, activo from unidades_negocio where ${donde} for update`);
  return rows[0];
}

/** The units among `ctrls`, as they are (the missing ones are not returned). */
export async function unidadesPorCodigo(db: DbOTx, ctrls: number[]): Promise<Unidad[]> {
  const { rows } = await db.execute<Unidad & Record<string, unknown>>(sql`
    select ctrl, unineg, activo from unidades_negocio
    where ctrl = any(${listaEnteros(ctrls)}) order by ctrl`);
  return rows;
}

/** The new unit, or undefined when its name (ignoring case) is taken. */
export async function insertarUnidad(db: DbOTx, unineg: string): Promise<Unidad | undefined> {
  const { rows } = await db.execute<Unidad & Record<string, unknown>>(sql`
    insert into unidades_negocio (unineg) values (${unineg})
    on conflict do nothing returning ctrl, unineg, activo`);
  return rows[0];
}

/** The name of another unit than `ctrl` that has this one (ignoring case), if any. */
export async function otraUnidadConNombre(
  db: DbOTx,
  unineg: string,
  ctrl: number,
): Promise<string | undefined> {
  const { rows } = await db.execute<{ unineg: string }>(sql`
    select unineg from unidades_negocio
    where lower(unineg) = lower(${unineg}) and ctrl <> ${ctrl}`);
  return rows[0]?.unineg;
}

export async function actualizarUnidad(
  db: DbOTx,
  ctrl: number,
  cambio: { unineg?: string; activo?: boolean },
) {
  await db.execute(sql`
    update unidades_negocio
    set unineg = coalesce(${cambio.unineg ?? null}, unineg),
        activo = coalesce(${cambio.activo ?? null}::boolean, activo)
    where ctrl = ${ctrl}`);
}

/**
 * The tables whose rows refer to a unit (or a dispatch type), read from the database's own
 * foreign keys: a table added later is counted without anyone remembering to add it here.
 */
async function tablasQueReferencian(db: DbOTx, tabla: string) {
  const { rows } = await db.execute<{ tabla: string; columna: string }>(sql`
    select c.conrelid::regclass::text as tabla, a.attname as columna
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = ${tabla}::regclass
    order by 1`);
  return rows;
}

/**
 * Which of the tables that refer to `tabla` hold a row for `valor`, leaving out `propias` (the
 * rows that go with it when it is deleted). One `exists` each: an index finds the first row.
 */
export async function referencias(
  db: DbOTx,
  tabla: 'unidades_negocio' | 'tipos_despacho',
  valor: number,
  propias: readonly string[],
): Promise<string[]> {
  const usan: string[] = [];
  for (const r of await tablasQueReferencian(db, tabla)) {
    if (propias.includes(r.tabla)) continue;
    const { rows } = await db.execute<{ hay: boolean }>(sql`
      select exists (select 1 from ${sql.identifier(r.tabla)}
                     where ${sql.identifier(r.columna)} = ${valor}) as hay`);
    if (rows[0]!.hay) usan.push(r.tabla);
  }
  return usan;
}

/** The tables that refer to units, for the test that keeps their Spanish names whole. */
export const tablasQueReferencianUnidades = (db: DbOTx) =>
  tablasQueReferencian(db, 'unidades_negocio');

/** Deletes the unit and what goes with it (its dispatch types and its settings). */
export async function borrarUnidad(db: DbOTx, ctrl: number, propias: readonly string[]) {
  for (const tabla of propias) {
    await db.execute(sql`delete from ${sql.identifier(tabla)} where unineg = ${ctrl}`);
  }
  await db.execute(sql`delete from unidades_negocio where ctrl = ${ctrl}`);
}

// ---------------------------------------------------------------------------------------------
// Dispatch types

const columnasDespacho = sql`coddespacho, unineg, nomdespacho, envase, activo`;

export async function despachosDeUnidad(
  db: DbOTx,
  unineg: number,
): Promise<DespachoAdministrado[]> {
  const { rows } = await db.execute<DespachoAdministrado & Record<string, unknown>>(sql`
    select ${columnasDespacho} from tipos_despacho where unineg = ${unineg} order by coddespacho`);
  return rows;
}

/** A dispatch type by its code or by its unit and name (ignoring case), locked. */
export async function bloquearDespacho(
  db: DbOTx,
  referencia: { coddespacho: number } | { unineg: number; nombre: string },
): Promise<DespachoAdministrado | undefined> {
  const donde =
    'coddespacho' in referencia
      ? sql`coddespacho = ${referencia.coddespacho}`
      : sql`unineg = ${referencia.unineg} and lower(nomdespacho) = lower(${referencia.nombre.trim()})`;
  const { rows } = await db.execute<DespachoAdministrado & Record<string, unknown>>(sql`
    select ${columnasDespacho} from tipos_despacho where ${donde} for update`);
  return rows[0];
}

/** The new type, or undefined when its unit already has one by that name (ignoring case). */
export async function insertarDespacho(
  db: DbOTx,
  d: { unineg: number; nomdespacho: string; envase: EnvaseDespacho },
): Promise<DespachoAdministrado | undefined> {
  const { rows } = await db.execute<DespachoAdministrado & Record<string, unknown>>(sql`
    insert into tipos_despacho (unineg, nomdespacho, envase)
    values (${d.unineg}, ${d.nomdespacho}, ${d.envase})
    on conflict do nothing returning ${columnasDespacho}`);
  return rows[0];
}

/** The name of another type of the unit than `coddespacho` that has this one, if any. */
export async function otroDespachoConNombre(
  db: DbOTx,
  unineg: number,
  nomdespacho: string,
  coddespacho: number,
): Promise<string | undefined> {
  const { rows } = await db.execute<{ nomdespacho: string }>(sql`
    select nomdespacho from tipos_despacho
    where unineg = ${unineg} and lower(nomdespacho) = lower(${nomdespacho})
      and coddespacho <> ${coddespacho}`);
  return rows[0]?.nomdespacho;
}

export async function actualizarDespacho(
  db: DbOTx,
  coddespacho: number,
  cambio: { nomdespacho?: string; envase?: EnvaseDespacho; activo?: boolean },
) {
  await db.execute(sql`
    update tipos_despacho
    set nomdespacho = coalesce(${cambio.nomdespacho ?? null}, nomdespacho),
        envase = coalesce(${cambio.envase ?? null}, envase),
        activo = coalesce(${cambio.activo ?? null}::boolean, activo)
    where coddespacho = ${coddespacho}`);
}

export async function borrarDespacho(db: DbOTx, coddespacho: number) {
  await db.execute(sql`delete from tipos_despacho where coddespacho = ${coddespacho}`);
}
