import { sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { fechaLocal } from '../../db/sql';

export interface TokenListado {
  nombre: string;
  creado: string;
  ultimoUso: string | null;
  /** The last day it is worth (the terminal's date), or null if it never expires. */
  vence: string | null;
  revocado: string | null;
}

/** A revoked token's name may be reused: the old row is renamed so its audit stays readable. */
export async function apartarRevocado(tx: DbOTx, nombre: string): Promise<void> {
  await tx.execute(sql`
    update tokens_servicio set nombre = left(nombre, 40) || '~' || id
    where nombre = ${nombre} and revocado_en is not null`);
}

/**
 * The new token's id, or undefined when a token in use already has that name. `vence` is the
 * last day it is worth, in the terminal's calendar (every connection runs in its time zone): it
 * stops at the midnight that ends that day.
 */
export async function insertarToken(
  tx: DbOTx,
  nombre: string,
  hash: string,
  vence: string | null,
): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into tokens_servicio (nombre, token_hash, vence_en)
    values (${nombre}, ${hash}, (${vence}::date + 1)::timestamptz)
    on conflict (nombre) do nothing returning id`);
  return rows[0]?.id;
}

/** Whether a day ('2027-06-30') of the terminal's calendar is today or later. */
export async function esHoyOFuturo(db: DbOTx, dia: string): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(
    sql`select ${dia}::date >= current_date as ok`,
  );
  return rows[0]!.ok;
}

export async function marcarRevocado(tx: DbOTx, nombre: string): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    update tokens_servicio set revocado_en = now()
    where nombre = ${nombre} and revocado_en is null returning id`);
  return rows[0]?.id;
}

export async function todosLosTokens(db: DbOTx): Promise<TokenListado[]> {
  const { rows } = await db.execute<TokenListado & Record<string, unknown>>(sql`
    select nombre, ${fechaLocal(sql`creado_en`)} as creado,
           ${fechaLocal(sql`ultimo_uso_en`)} as "ultimoUso",
           to_char(vence_en - interval '1 day', 'YYYY-MM-DD') as vence,
           ${fechaLocal(sql`revocado_en`)} as revocado
    from tokens_servicio order by revocado_en is not null, nombre`);
  return rows;
}

/** A token in use by its hash; `tocar` when its last use is more than a minute old. */
export async function buscarToken(
  db: DbOTx,
  hash: string,
): Promise<{ id: number; nombre: string; tocar: boolean } | undefined> {
  const { rows } = await db.execute<{ id: number; nombre: string; tocar: boolean }>(sql`
    select id, nombre,
           ultimo_uso_en is null or ultimo_uso_en < now() - interval '1 minute' as tocar
    from tokens_servicio
    where token_hash = ${hash} and revocado_en is null and (vence_en is null or vence_en > now())`);
  return rows[0];
}

export async function tocarToken(db: DbOTx, id: number): Promise<void> {
  await db.execute(sql`update tokens_servicio set ultimo_uso_en = now() where id = ${id}`);
}
