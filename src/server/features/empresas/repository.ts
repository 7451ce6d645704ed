import { sql } from 'drizzle-orm';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { Empresa } from '../../../shared/contracts/empresas';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import type { Db, DbOTx } from '../../db/client';
import { empresas } from '../../db/schema';
import { listaEnteros, sentenciaPreparada, unidadNegocioJson, type Valor } from '../../db/sql';

/** Every client company (not the terminal itself), or just one, by name. */
export const consultaEmpresasCliente = (solo?: Valor<number>) => sql`
  select codempre, nomempre from empresas
  where ${solo === undefined ? sql`codempre <> ${CODEMPRE_ADMINISTRADOR}` : sql`codempre = ${solo}`}
  order by nomempre`;

const todas = sentenciaPreparada<Record<string, never>, Empresa>('acopio_empresas_cliente', () =>
  consultaEmpresasCliente(),
);
const una = sentenciaPreparada<{ codempre: number }, Empresa>('acopio_empresa_cliente', (p) =>
  consultaEmpresasCliente(p.codempre),
);

/**
 * Every screen asks for it (the client selector): a prepared statement, one per form of the
 * query (all clients, or one).
 */
export function empresasCliente(db: Db, solo?: number): Promise<Empresa[]> {
  return solo === undefined ? todas(db, {}) : una(db, { codempre: solo });
}

/** The new company, or undefined when its code is taken. */
export async function insertarEmpresa(db: DbOTx, codempre: number, nomempre: string) {
  const [fila] = await db
    .insert(empresas)
    .values({ codempre, nomempre })
    .onConflictDoNothing()
    .returning();
  return fila;
}

/** Every company with the units it works in and how many users it has; the terminal first. */
export async function empresasAdministradas(db: DbOTx): Promise<EmpresaAdministrada[]> {
  const { rows } = await db.execute<EmpresaAdministrada & Record<string, unknown>>(sql`
    select e.codempre, e.nomempre,
           coalesce((select json_agg(${unidadNegocioJson(sql`un`)} order by un.ctrl)
                     from empresa_unidades eu join unidades_negocio un on un.ctrl = eu.unineg
                     where eu.codempre = e.codempre), '[]') as unidades,
           (select count(*) from usuarios u where u.codempre = e.codempre) as usuarios
    from empresas e order by e.codempre`);
  return rows;
}

/** The company's units, locked for a change; undefined when there is no such company. */
export async function unidadesDeEmpresa(
  db: DbOTx,
  codempre: number,
): Promise<number[] | undefined> {
  const { rows } = await db.execute<{ unidades: number[] }>(sql`
    select coalesce(array(select unineg from empresa_unidades where codempre = e.codempre
                          order by unineg), '{}') as unidades
    from empresas e where e.codempre = ${codempre} for update`);
  return rows[0]?.unidades;
}

/** How many users of the company hold each of `unidades`, for those any user holds. */
export async function usuariosConUnidades(
  db: DbOTx,
  codempre: number,
  unidades: number[],
): Promise<{ unineg: number; usuarios: number }[]> {
  const { rows } = await db.execute<{ unineg: number; usuarios: number }>(sql`
    select uu.unineg, count(*) as usuarios
    from usuario_unidades uu join usuarios u on u.id = uu.usuario_id
    where u.codempre = ${codempre} and uu.unineg = any(${listaEnteros(unidades)})
    group by uu.unineg order by uu.unineg`);
  return rows;
}

export async function asignarUnidadesAEmpresa(db: DbOTx, codempre: number, unidades: number[]) {
  await db.execute(sql`delete from empresa_unidades where codempre = ${codempre}`);
  if (unidades.length === 0) return;
  await db.execute(sql`
    insert into empresa_unidades (codempre, unineg)
    select ${codempre}, u from unnest(${`{${unidades.join(',')}}`}::int[]) u`);
}

// ---------------------------------------------------------------------------------------------
// In bulk (the import, issue 21): one statement per batch, whatever its size.

/** A batch's rows as one jsonb parameter, read back with jsonb_to_recordset. */
const comoJson = (filas: readonly object[]) => JSON.stringify(filas);

export interface EmpresaConUnidades {
  codempre: number;
  nomempre: string;
  unidades: number[];
}

/** The companies of `codigos` that exist, locked for a change, with their units. */
export async function empresasParaCambiar(
  db: DbOTx,
  codigos: number[],
): Promise<EmpresaConUnidades[]> {
  const { rows } = await db.execute<EmpresaConUnidades & Record<string, unknown>>(sql`
    select e.codempre, e.nomempre,
           coalesce(array(select unineg from empresa_unidades where codempre = e.codempre
                          order by unineg), '{}') as unidades
    from empresas e where e.codempre = any(${listaEnteros(codigos)})
    order by e.codempre
    for update`);
  return rows;
}

/** Of the (company, unit) pairs, those some user of the company holds, and how many users. */
export async function paresConUsuarios(
  db: DbOTx,
  pares: { codempre: number; unineg: number }[],
): Promise<{ codempre: number; unineg: number; usuarios: number }[]> {
  if (pares.length === 0) return [];
  const { rows } = await db.execute<{ codempre: number; unineg: number; usuarios: number }>(sql`
    select p.codempre, p.unineg, count(*) as usuarios
    from jsonb_to_recordset(${comoJson(pares)}::jsonb) as p(codempre int, unineg int)
    join usuarios u on u.codempre = p.codempre
    join usuario_unidades uu on uu.usuario_id = u.id and uu.unineg = p.unineg
    group by p.codempre, p.unineg`);
  return rows;
}

export async function insertarEmpresas(
  db: DbOTx,
  filas: { codempre: number; nomempre: string }[],
): Promise<void> {
  if (filas.length === 0) return;
  await db.execute(sql`
    insert into empresas (codempre, nomempre)
    select codempre, nomempre
    from jsonb_to_recordset(${comoJson(filas)}::jsonb) as f(codempre int, nomempre text)`);
}

export async function renombrarEmpresas(
  db: DbOTx,
  filas: { codempre: number; nomempre: string }[],
): Promise<void> {
  if (filas.length === 0) return;
  await db.execute(sql`
    update empresas e set nomempre = f.nomempre
    from jsonb_to_recordset(${comoJson(filas)}::jsonb) as f(codempre int, nomempre text)
    where e.codempre = f.codempre`);
}

/** Each company's units replaced by the given ones. */
export async function reemplazarUnidadesDeEmpresas(
  db: DbOTx,
  filas: { codempre: number; unidades: number[] }[],
): Promise<void> {
  if (filas.length === 0) return;
  await db.execute(sql`
    delete from empresa_unidades
    where codempre = any(${listaEnteros(filas.map((f) => f.codempre))})`);
  await db.execute(sql`
    insert into empresa_unidades (codempre, unineg)
    select f.codempre, u.unineg
    from jsonb_to_recordset(${comoJson(filas)}::jsonb) as f(codempre int, unidades int[])
    cross join unnest(f.unidades) as u(unineg)`);
}
