import { sql } from 'drizzle-orm';
import type { EmpresaAdministrada } from '../../../shared/contracts/administracion';
import type { Empresa } from '../../../shared/contracts/clientes';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import type { Db, DbOTx } from '../../db/client';
import { empresas } from '../../db/schema';
import { consultaPreparada, listaEnteros, unidadNegocioJson } from '../../db/sql';

/** Every client company (not the terminal itself), or just one, by name. */
export const consultaEmpresasCliente = (solo?: number) => sql`
  select codempre, nomempre from empresas
  where ${solo === undefined ? sql`codempre <> ${CODEMPRE_ADMINISTRADOR}` : sql`codempre = ${solo}`}
  order by nomempre`;

/**
 * Every screen asks for it (the client selector): a prepared statement, one per form of the
 * query (all clients, or one).
 */
export function empresasCliente(db: Db, solo?: number): Promise<Empresa[]> {
  return consultaPreparada<Empresa>(
    db,
    solo === undefined ? 'acopio_empresas_cliente' : 'acopio_empresa_cliente',
    consultaEmpresasCliente(solo),
  );
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
