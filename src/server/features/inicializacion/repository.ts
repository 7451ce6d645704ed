import { sql } from 'drizzle-orm';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import type { DbOTx, Tx } from '../../db/client';

/** The advisory lock every set-up (and every new code) takes: one at a time, in any process. */
const LLAVE_INICIALIZACION = 730_214_021;

export async function bloquearInicializacion(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LLAVE_INICIALIZACION})`);
}

/** Whether any administrator (a user of company 0, active or not) exists. */
export async function hayAdministrador(db: DbOTx): Promise<boolean> {
  const { rows } = await db.execute<{ hay: boolean }>(sql`
    select exists (select 1 from usuarios where codempre = ${CODEMPRE_ADMINISTRADOR}) as hay`);
  return rows[0]!.hay;
}

/** Keeps a new code's hash for `horas`; returns until when, as the log says it. */
export async function guardarCodigo(tx: Tx, hash: string, horas: number): Promise<string> {
  await tx.execute(sql`delete from codigos_inicializacion where expira_en <= now()`);
  const { rows } = await tx.execute<{ vence: string }>(sql`
    insert into codigos_inicializacion (hash, expira_en)
    values (${hash}, now() + make_interval(hours => ${horas}))
    returning to_char(expira_en, 'DD/MM/YYYY HH24:MI') as vence`);
  return rows[0]!.vence;
}

/** The hashes of the codes still valid. */
export async function codigosVigentes(tx: Tx): Promise<string[]> {
  const { rows } = await tx.execute<{ hash: string }>(sql`
    select hash from codigos_inicializacion where expira_en > now()`);
  return rows.map((r) => r.hash);
}

export async function borrarCodigos(tx: Tx): Promise<number> {
  const r = await tx.execute(sql`delete from codigos_inicializacion`);
  return r.rowCount ?? 0;
}
