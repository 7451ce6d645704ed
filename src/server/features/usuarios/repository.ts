import { sql } from 'drizzle-orm';
import type { UsuarioAdministrado } from '../../../shared/contracts/usuarios';
import type { DbOTx } from '../../db/client';
import { fechaLocal, unidadNegocioJson } from '../../db/sql';

const listaEnteros = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * What a new user or a change of units may name: whether the company exists, the units that do
 * not exist, and those the company does not work in.
 */
export async function comprobarEmpresaYUnidades(
  db: DbOTx,
  codempre: number,
  unidades: number[],
): Promise<{ empresa: boolean; inexistentes: number[]; ajenas: number[] }> {
  const { rows } = await db.execute<{
    empresa: boolean;
    inexistentes: number[];
    ajenas: number[];
  }>(sql`
    select exists (select 1 from empresas where codempre = ${codempre}) as empresa,
           coalesce(array(select u from unnest(${listaEnteros(unidades)}) u
                          where not exists (select 1 from unidades_negocio where ctrl = u)
                          order by u), '{}') as inexistentes,
           coalesce(array(select u from unnest(${listaEnteros(unidades)}) u
                          where exists (select 1 from unidades_negocio where ctrl = u)
                            and not exists (select 1 from empresa_unidades eu
                                            where eu.codempre = ${codempre} and eu.unineg = u)
                          order by u), '{}') as ajenas`);
  return rows[0]!;
}

/** The business units company `codempre` works in, by ctrl. */
export async function unidadesDeLaEmpresa(db: DbOTx, codempre: number): Promise<number[]> {
  const { rows } = await db.execute<{ unineg: number }>(sql`
    select unineg from empresa_unidades where codempre = ${codempre} order by unineg`);
  return rows.map((r) => r.unineg);
}

/** The new user's id, or undefined when the name is taken. */
export async function insertarUsuario(
  db: DbOTx,
  usuario: string,
  codempre: number,
  unidades: number[],
): Promise<number | undefined> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into usuarios (usuario, codempre) values (${usuario}, ${codempre})
    on conflict (usuario) do nothing returning id`);
  const id = rows[0]?.id;
  if (id !== undefined) await asignarUnidades(db, id, unidades);
  return id;
}

export async function asignarUnidades(db: DbOTx, usuarioId: number, unidades: number[]) {
  await db.execute(sql`delete from usuario_unidades where usuario_id = ${usuarioId}`);
  if (unidades.length === 0) return;
  await db.execute(sql`
    insert into usuario_unidades (usuario_id, unineg)
    select ${usuarioId}, u from unnest(${listaEnteros(unidades)}) u`);
}

/** A user by name with its row locked and its units: the administration's acts start here. */
export async function usuarioParaCambiar(db: DbOTx, usuario: string) {
  const { rows } = await db.execute<{
    id: number;
    usuario: string;
    codempre: number;
    activo: boolean;
    unidades: number[];
  }>(sql`
    select u.id, u.usuario, u.codempre, u.activo,
           coalesce(array(select unineg from usuario_unidades where usuario_id = u.id
                          order by unineg), '{}') as unidades
    from usuarios u where u.usuario = ${usuario} for update`);
  return rows[0];
}

export async function marcarActivo(db: DbOTx, usuarioId: number, activo: boolean) {
  await db.execute(sql`update usuarios set activo = ${activo} where id = ${usuarioId}`);
}

/**
 * Every user as the administration lists it, by company and name: its units, its card, last
 * sign-in and sessions alive now. Whether it may sign in is the sign-in's to say (the service
 * adds it).
 */
export async function usuariosAdministrados(
  db: DbOTx,
  minutosInactividad: number,
): Promise<Omit<UsuarioAdministrado, 'bloqueadoHasta' | 'fallos'>[]> {
  const { rows } = await db.execute<
    Omit<UsuarioAdministrado, 'bloqueadoHasta' | 'fallos'> & Record<string, unknown>
  >(sql`
    select u.id, u.usuario, u.codempre, e.nomempre, u.activo,
           coalesce((select json_agg(${unidadNegocioJson(sql`un`)} order by un.ctrl)
                     from usuario_unidades uu join unidades_negocio un on un.ctrl = uu.unineg
                     where uu.usuario_id = u.id), '[]') as unidades,
           (select json_build_object('ctrl', t.ctrl, 'emitida', ${fechaLocal(sql`t.emitida_en`)})
            from tarjetas t where t.usuario_id = u.id and t.revocada_en is null) as tarjeta,
           ${fechaLocal(sql`u.ultimo_ingreso_en`)} as "ultimoIngreso",
           (select count(*) from sesiones s
            where s.usuario_id = u.id and s.expira_en > now()
              and s.ultima_actividad_en > now() - make_interval(mins => ${minutosInactividad}))
             as "sesionesAbiertas"
    from usuarios u
    join empresas e on e.codempre = u.codempre
    order by u.codempre, u.usuario`);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// In bulk (the import, issue 21): one statement per batch, whatever its size.

/** The units each existing company of `codigos` works in. */
export async function unidadesDeEmpresas(
  db: DbOTx,
  codigos: number[],
): Promise<{ codempre: number; unidades: number[] }[]> {
  const { rows } = await db.execute<{ codempre: number; unidades: number[] }>(sql`
    select e.codempre,
           coalesce(array(select unineg from empresa_unidades where codempre = e.codempre
                          order by unineg), '{}') as unidades
    from empresas e where e.codempre = any(${listaEnteros(codigos)})`);
  return rows;
}

/** The users named, locked for a change, with their company and units. */
export async function usuariosParaCambiar(
  db: DbOTx,
  nombres: string[],
): Promise<{ id: number; usuario: string; codempre: number; unidades: number[] }[]> {
  const { rows } = await db.execute<{
    id: number;
    usuario: string;
    codempre: number;
    unidades: number[];
  }>(sql`
    select u.id, u.usuario, u.codempre,
           coalesce(array(select unineg from usuario_unidades where usuario_id = u.id
                          order by unineg), '{}') as unidades
    from usuarios u where u.usuario = any(${sql.param(nombres)}::text[])
    order by u.id
    for update`);
  return rows;
}

/** New users (without cards) and their units. */
export async function insertarUsuarios(
  db: DbOTx,
  filas: { usuario: string; codempre: number; unidades: number[] }[],
): Promise<void> {
  if (filas.length === 0) return;
  const json = JSON.stringify(filas);
  await db.execute(sql`
    with nuevos as (
      insert into usuarios (usuario, codempre)
      select usuario, codempre
      from jsonb_to_recordset(${json}::jsonb) as f(usuario text, codempre int)
      returning id, usuario
    )
    insert into usuario_unidades (usuario_id, unineg)
    select n.id, u.unineg
    from nuevos n
    join jsonb_to_recordset(${json}::jsonb) as f(usuario text, unidades int[])
      on f.usuario = n.usuario
    cross join unnest(f.unidades) as u(unineg)`);
}

/** Each user's units replaced by the given ones. */
export async function reemplazarUnidadesDeUsuarios(
  db: DbOTx,
  filas: { id: number; unidades: number[] }[],
): Promise<void> {
  if (filas.length === 0) return;
  await db.execute(sql`
    delete from usuario_unidades where usuario_id = any(${listaEnteros(filas.map((f) => f.id))})`);
  await db.execute(sql`
    insert into usuario_unidades (usuario_id, unineg)
    select f.id, u.unineg
    from jsonb_to_recordset(${JSON.stringify(filas)}::jsonb) as f(id int, unidades int[])
    cross join unnest(f.unidades) as u(unineg)`);
}
