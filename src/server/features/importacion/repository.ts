/**
 * The import's own SQL: its lock and the units by name. What each kind of row writes is its
 * feature's (through that feature's service: manejadores.ts).
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
