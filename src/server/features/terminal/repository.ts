import { sql } from 'drizzle-orm';
import type { DatosTerminal } from '../../../shared/contracts/terminal';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import type { DbOTx, Tx } from '../../db/client';

const COLUMNAS = sql`nomempre as nombre, cuit, direccion`;

/** Company 0's name, CUIT and address; undefined before the set-up. */
export async function datosTerminal(db: DbOTx): Promise<DatosTerminal | undefined> {
  const { rows } = await db.execute<DatosTerminal & Record<string, unknown>>(sql`
    select ${COLUMNAS} from empresas where codempre = ${CODEMPRE_ADMINISTRADOR}`);
  return rows[0];
}

/** The same, locked until the transaction ends (a change reads them, then writes them). */
export async function bloquearTerminal(tx: Tx): Promise<DatosTerminal | undefined> {
  const { rows } = await tx.execute<DatosTerminal & Record<string, unknown>>(sql`
    select ${COLUMNAS} from empresas where codempre = ${CODEMPRE_ADMINISTRADOR} for update`);
  return rows[0];
}

/**
 * Company 0 with these data: created, or overwritten when it exists without an administrator
 * (the set-up is the one caller, and it has checked that).
 */
export async function guardarTerminal(db: DbOTx, d: DatosTerminal): Promise<void> {
  await db.execute(sql`
    insert into empresas (codempre, nomempre, cuit, direccion)
    values (${CODEMPRE_ADMINISTRADOR}, ${d.nombre}, ${d.cuit}, ${d.direccion})
    on conflict (codempre) do update
      set nomempre = excluded.nomempre, cuit = excluded.cuit, direccion = excluded.direccion`);
}
