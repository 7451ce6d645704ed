import { sql } from 'drizzle-orm';
import type { EnvaseAdministrado, EnvaseCliente } from '../../../shared/contracts/envases';
import type { DbOTx } from '../../db/client';
import { filasNumeradas } from '../../db/sql';

/** A client's containers, the active first, by name. */
export async function envasesAdministrados(
  db: DbOTx,
  codempre: number,
): Promise<EnvaseAdministrado[]> {
  const { rows } = await db.execute<EnvaseAdministrado>(sql`
    select ctrl, codempre, nombre, peso, activo from envases
    where codempre = ${codempre}
    order by activo desc, lower(nombre), ctrl`);
  return rows;
}

/** The container, locked for a change; undefined when there is none. */
export async function bloquearEnvase(
  tx: DbOTx,
  ctrl: number,
): Promise<EnvaseAdministrado | undefined> {
  const { rows } = await tx.execute<EnvaseAdministrado>(sql`
    select ctrl, codempre, nombre, peso, activo from envases where ctrl = ${ctrl} for update`);
  return rows[0];
}

/** The client's container of that name, whatever its case (its natural key), locked. */
export async function bloquearEnvasePorNombre(
  tx: DbOTx,
  codempre: number,
  nombre: string,
): Promise<EnvaseAdministrado | undefined> {
  const { rows } = await tx.execute<EnvaseAdministrado>(sql`
    select ctrl, codempre, nombre, peso, activo from envases
    where codempre = ${codempre} and lower(nombre) = lower(${nombre})
    for update`);
  return rows[0];
}

export async function existeEmpresa(db: DbOTx, codempre: number): Promise<boolean> {
  const { rows } = await db.execute<{ existe: boolean }>(sql`
    select exists (select 1 from empresas where codempre = ${codempre}) as existe`);
  return rows[0]!.existe;
}

export interface DatosFilaEnvase {
  codempre: number;
  nombre: string;
  peso: number;
  activo: boolean;
}

export async function insertarEnvase(tx: DbOTx, e: DatosFilaEnvase): Promise<EnvaseAdministrado> {
  const { rows } = await tx.execute<EnvaseAdministrado>(sql`
    insert into envases (codempre, nombre, peso, activo)
    values (${e.codempre}, ${e.nombre}, ${e.peso}, ${e.activo})
    returning ctrl, codempre, nombre, peso, activo`);
  return rows[0]!;
}

/**
 * Name, weight and state. Quotas keep the weight they were ordered with (`cupos.peso_envase`):
 * a new weight counts from the next quota on.
 */
export async function actualizarEnvase(
  tx: DbOTx,
  ctrl: number,
  e: Omit<DatosFilaEnvase, 'codempre'>,
): Promise<EnvaseAdministrado> {
  const { rows } = await tx.execute<EnvaseAdministrado>(sql`
    update envases set nombre = ${e.nombre}, peso = ${e.peso}, activo = ${e.activo}
    where ctrl = ${ctrl}
    returning ctrl, codempre, nombre, peso, activo`);
  return rows[0]!;
}

/** The client's quotas (deleted ones too: they are history) that use the container. */
export async function cuposConEnvase(tx: DbOTx, codempre: number, ctrl: number): Promise<number> {
  const { rows } = await tx.execute<{ cupos: number }>(sql`
    select count(*)::int as cupos from cupos c
    where c.codempre = ${codempre}
      and (c.tipenvase = ${ctrl}
           or exists (select 1 from cupo_envases_vacios v
                      where v.cupo_ctrl = c.ctrl and v.ctrlenvase = ${ctrl}))`);
  return rows[0]!.cupos;
}

export async function borrarEnvase(tx: DbOTx, ctrl: number) {
  await tx.execute(sql`delete from envases where ctrl = ${ctrl}`);
}

// ---------------------------------------------------------------------------------------------
// In bulk, inside the import's transaction: one statement per batch of rows

export interface EnvaseActual {
  empresa: boolean;
  /** The company's container of that name (case aside), if any, locked for the change. */
  ctrl: number | null;
  nombre: string | null;
  peso: number | null;
}

export async function envasesActuales(
  tx: DbOTx,
  filas: { codempre: number; nombre: string }[],
): Promise<EnvaseActual[]> {
  const { rows } = await tx.execute<EnvaseActual & { n: number } & Record<string, unknown>>(sql`
    select f.n,
           exists (select 1 from empresas e where e.codempre = f.codempre) as empresa,
           v.ctrl, v.nombre, v.peso
    from jsonb_to_recordset(${filasNumeradas(filas)}) as f(n int, codempre int, nombre text)
    left join lateral (
      select ctrl, nombre, peso from envases
      where codempre = f.codempre and lower(nombre) = lower(f.nombre)
      for update
    ) v on true
    order by f.n`);
  return rows;
}

/** New containers (active) and existing ones given their name's spelling and weight. */
export async function guardarEnvases(
  tx: DbOTx,
  nuevos: { codempre: number; nombre: string; peso: number }[],
  cambiados: { ctrl: number; nombre: string; peso: number }[],
): Promise<void> {
  if (cambiados.length > 0) {
    await tx.execute(sql`
      update envases v set nombre = f.nombre, peso = f.peso
      from jsonb_to_recordset(${JSON.stringify(cambiados)}::jsonb)
        as f(ctrl int, nombre text, peso numeric)
      where v.ctrl = f.ctrl`);
  }
  if (nuevos.length > 0) {
    await tx.execute(sql`
      insert into envases (codempre, nombre, peso)
      select codempre, nombre, peso
      from jsonb_to_recordset(${JSON.stringify(nuevos)}::jsonb)
        as f(codempre int, nombre text, peso numeric)`);
  }
}

// ---------------------------------------------------------------------------------------------
// The order form

/** What the order form offers: the client's active containers, lightest first. */
export async function envasesOfrecidos(db: DbOTx, codempre: number): Promise<EnvaseCliente[]> {
  const { rows } = await db.execute<EnvaseCliente>(sql`
    select ctrl, nombre, peso from envases
    where codempre = ${codempre} and activo order by peso, nombre`);
  return rows;
}

export async function envasePorId(
  db: DbOTx,
  ctrl: number,
): Promise<{ codempre: number; peso: number; activo: boolean } | undefined> {
  const { rows } = await db.execute<{ codempre: number; peso: number; activo: boolean }>(sql`
    select codempre, peso, activo from envases where ctrl = ${ctrl}`);
  return rows[0];
}
