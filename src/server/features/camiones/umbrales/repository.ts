import { sql } from 'drizzle-orm';
import type { UmbralEspera } from '../../../../shared/contracts/camiones';
import type { DbOTx, Tx } from '../../../db/client';
import { fechaLocal, listaEnteros } from '../../../db/sql';

const COLUMNAS = sql`unineg, sin_orden_aviso as "sinOrdenAviso", sin_orden_limite as "sinOrdenLimite",
  con_orden_aviso as "conOrdenAviso", con_orden_limite as "conOrdenLimite"`;

/** The terminal's clock, as `fechaLocal` writes the waits' start. */
export async function ahora(db: DbOTx): Promise<string> {
  const { rows } = await db.execute<{ ahora: string }>(
    sql`select ${fechaLocal(sql`now()`)} as ahora`,
  );
  return rows[0]!.ahora;
}

/** The thresholds of these units (of every unit when `unidades` is undefined), by unit. */
export async function umbrales(db: DbOTx, unidades?: readonly number[]): Promise<UmbralEspera[]> {
  const donde = unidades === undefined ? sql`true` : sql`unineg = any(${listaEnteros(unidades)})`;
  const { rows } = await db.execute<UmbralEspera & Record<string, unknown>>(sql`
    select ${COLUMNAS} from umbrales_espera where ${donde} order by unineg`);
  return rows;
}

/** A unit's thresholds, locked until the transaction ends; undefined when it has none. */
export async function bloquearUmbral(tx: Tx, unineg: number): Promise<UmbralEspera | undefined> {
  const { rows } = await tx.execute<UmbralEspera & Record<string, unknown>>(sql`
    select ${COLUMNAS} from umbrales_espera where unineg = ${unineg} for update`);
  return rows[0];
}

export async function existeUnidad(db: DbOTx, unineg: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from unidades_negocio where ctrl = ${unineg}`);
  return rows.length > 0;
}

export async function guardarUmbral(tx: Tx, u: UmbralEspera): Promise<void> {
  await tx.execute(sql`
    insert into umbrales_espera
      (unineg, sin_orden_aviso, sin_orden_limite, con_orden_aviso, con_orden_limite)
    values (${u.unineg}, ${u.sinOrdenAviso}, ${u.sinOrdenLimite}, ${u.conOrdenAviso}, ${u.conOrdenLimite})
    on conflict (unineg) do update set
      sin_orden_aviso = excluded.sin_orden_aviso, sin_orden_limite = excluded.sin_orden_limite,
      con_orden_aviso = excluded.con_orden_aviso, con_orden_limite = excluded.con_orden_limite,
      actualizado_en = now()`);
}
