/** SQL of e-mail notices (issue 25): recipients, a user's address and choices, the ticket. */
import { sql } from 'drizzle-orm';
import type { AvisoCorreo } from '../../../shared/contracts/avisos';
import type { DbOTx, Tx } from '../../db/client';
import { fechaLocal } from '../../db/sql';

/**
 * The active users with an address who chose `evento`: those of company `codempre` (holding
 * `unineg` when given) and the terminal's own (company 0), who see every company.
 */
export async function destinatarios(
  db: DbOTx,
  evento: AvisoCorreo,
  codempre: number,
  unineg?: number,
): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select u.id from usuarios u
    where u.activo and u.correo is not null and ${evento} = any(u.avisos_correo)
      and (u.codempre = 0 or (u.codempre = ${codempre} ${
        unineg === undefined
          ? sql``
          : sql`and exists (select 1 from usuario_unidades uu
                  where uu.usuario_id = u.id and uu.unineg = ${unineg})`
      }))
    order by u.id`);
  return rows.map((r) => r.id);
}

export interface UsuarioCorreo {
  usuario: string;
  correo: string | null;
  activo: boolean;
  avisos: string[];
}

export async function usuarioCorreo(db: DbOTx, id: number): Promise<UsuarioCorreo | undefined> {
  const { rows } = await db.execute<UsuarioCorreo & Record<string, unknown>>(sql`
    select usuario, correo, activo, avisos_correo as avisos from usuarios where id = ${id}`);
  return rows[0];
}

export async function preferencias(db: DbOTx, id: number) {
  const { rows } = await db.execute<{
    correo: string | null;
    pendiente: string | null;
    avisos: AvisoCorreo[];
  }>(sql`
    select u.correo, c.correo as pendiente, u.avisos_correo as avisos
    from usuarios u left join correo_confirmaciones c on c.usuario_id = u.id
    where u.id = ${id}`);
  return rows[0]!;
}

export async function guardarAvisos(db: DbOTx, id: number, avisos: readonly string[]) {
  await db.execute(sql`
    update usuarios set avisos_correo = ${sql.param([...avisos])}::text[] where id = ${id}`);
}

/** Sets (or clears) a user's address; answers the one it had, or undefined without that user. */
export async function fijarCorreo(
  db: DbOTx,
  usuario: { id: number } | { nombre: string },
  correo: string | null,
): Promise<{ id: number; antes: string | null } | undefined> {
  const { rows } = await db.execute<{ id: number; antes: string | null }>(sql`
    update usuarios u set correo = ${correo}
    from (select id, correo as antes from usuarios where ${
      'id' in usuario ? sql`id = ${usuario.id}` : sql`usuario = ${usuario.nombre}`
    } for update) v
    where u.id = v.id
    returning u.id, v.antes`);
  return rows[0];
}

/** A new address waiting for confirmation (replaces the user's previous one). */
export async function pedirConfirmacion(db: DbOTx, id: number, correo: string) {
  await db.execute(sql`
    insert into correo_confirmaciones (usuario_id, correo, token_hash, vence)
    values (${id}, ${correo}, md5(random()::text) || md5(random()::text), now())
    on conflict (usuario_id) do update set correo = excluded.correo,
      token_hash = excluded.token_hash, vence = excluded.vence`);
}

/** The link's token, as sent: only its hash and expiry are kept (`vence` on the terminal's clock). */
export async function guardarToken(db: DbOTx, id: number, hash: string, vence: string) {
  const { rowCount } = await db.execute(sql`
    update correo_confirmaciones set token_hash = ${hash}, vence = ${vence}::timestamp
    where usuario_id = ${id}`);
  return (rowCount ?? 0) > 0;
}

export async function confirmacion(db: DbOTx, id: number) {
  const { rows } = await db.execute<{ correo: string }>(sql`
    select correo from correo_confirmaciones where usuario_id = ${id}`);
  return rows[0];
}

/** Takes the confirmation of this token's hash (deleted): its user, address, and if expired. */
export async function tomarConfirmacion(tx: Tx, hash: string, ahora: string) {
  const { rows } = await tx.execute<{ usuarioId: number; correo: string; vencida: boolean }>(sql`
    delete from correo_confirmaciones where token_hash = ${hash}
    returning usuario_id as "usuarioId", correo, vence <= ${ahora}::timestamp as vencida`);
  return rows[0];
}

export interface DatosTicket {
  camion: number;
  patcha: string;
  codempre: number;
  nomempre: string;
  nomunineg: string;
  ticket: number;
  tara: number;
  fechatara: string;
  baltara: string;
  bruto: number;
  fechabruto: string;
  balbruto: string;
}

/** The finished truck's closed ticket, with the names a person reads. */
export async function datosTicket(db: DbOTx, camion: number): Promise<DatosTicket | undefined> {
  const { rows } = await db.execute<DatosTicket & Record<string, unknown>>(sql`
    select c.ctrl as camion, c.patcha, c.codempre, e.nomempre, un.unineg as nomunineg,
      t.ctrl as ticket, t.tara, ${fechaLocal(sql`t.fechatara`)} as fechatara, t.baltara,
      t.bruto, ${fechaLocal(sql`t.fechabruto`)} as fechabruto, t.balbruto
    from camiones c
    join empresas e on e.codempre = c.codempre
    join unidades_negocio un on un.ctrl = c.unineg
    join tickets t on t.camion_ctrl = c.ctrl and t.bruto is not null
    where c.ctrl = ${camion}
    order by t.ctrl desc limit 1`);
  return rows[0];
}

/** The active users with an address who chose `evento` and work in unit `unineg` (or all). */
export async function destinatariosDeUnidad(
  db: DbOTx,
  evento: AvisoCorreo,
  unineg: number,
): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select u.id from usuarios u
    where u.activo and u.correo is not null and ${evento} = any(u.avisos_correo)
      and (u.codempre = 0 or exists (select 1 from usuario_unidades uu
             where uu.usuario_id = u.id and uu.unineg = ${unineg}))
    order by u.id`);
  return rows.map((r) => r.id);
}

export async function nombreDeUnidad(db: DbOTx, unineg: number): Promise<string> {
  const { rows } = await db.execute<{ unineg: string }>(sql`
    select unineg from unidades_negocio where ctrl = ${unineg}`);
  return rows[0]?.unineg ?? String(unineg);
}
