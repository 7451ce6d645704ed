/** Trucks and quotas that a test creates for itself, straight into its database. */
import { sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';

export interface CamionNuevo {
  codempre?: number;
  unineg?: number;
  codestado?: 1 | 2 | 3 | 4;
  /** SQL interval before now: '3 hours'. */
  hace?: string;
  /** Status 4 only: how long ago it finished. */
  finalizadoHace?: string;
  patcha?: string;
}

export async function crearCamion(db: DbOTx, c: CamionNuevo = {}): Promise<number> {
  const codestado = c.codestado ?? 1;
  const finalizado =
    codestado === 4 ? sql`now() - ${c.finalizadoHace ?? '1 hour'}::interval` : sql`null`;
  const { rows } = await db.execute<{ ctrl: number }>(sql`
    insert into camiones (codempre, unineg, patcha, pataco, cargateorica, nomchofer, dni,
                          ingplaya, codestado, finalizado_en)
    values (${c.codempre ?? 1}, ${c.unineg ?? 1}, ${c.patcha ?? 'AB123CD'}, 'XY987ZW', 30000,
            'Chofer de Prueba', '30111222', now() - ${c.hace ?? '0 seconds'}::interval,
            ${codestado}, ${finalizado})
    returning ctrl`);
  return rows[0]!.ctrl;
}

export interface CupoNuevo {
  codempre?: number;
  unineg?: number;
  cantidad?: number;
  /** Linked to this truck for this amount (the whole quota when absent). */
  camion?: number;
  cantidadAsignada?: number;
  eliminado?: boolean;
  obs?: string;
}

/** A bulk quota (Granel of the unit) of 100% of the unit's first demo product. */
export async function crearCupo(db: DbOTx, q: CupoNuevo = {}): Promise<number> {
  const unineg = q.unineg ?? 1;
  const cantidad = q.cantidad ?? 30000;
  const { rows } = await db.execute<{ ctrl: number }>(sql`
    insert into cupos (codempre, unineg, tipo, coddespacho, cantidad, obs, camion_ctrl,
                       cantidad_asignada, asignado_en, eliminado_en)
    values (${q.codempre ?? 1}, ${unineg}, 'D', ${unineg === 1 ? 1 : 3}, ${cantidad},
            ${q.obs ?? null}, ${q.camion ?? null},
            ${q.camion ? (q.cantidadAsignada ?? cantidad) : null},
            ${q.camion ? sql`now()` : sql`null`}, ${q.eliminado ? sql`now()` : sql`null`})
    returning ctrl`);
  const ctrl = rows[0]!.ctrl;
  await db.execute(sql`insert into cupo_productos values (${ctrl}, ${unineg === 1 ? 1 : 10}, 100)`);
  return ctrl;
}

/** A truck in 'Playa con orden' holding a fresh quota. */
export async function crearCamionConCupo(db: DbOTx, c: CamionNuevo = {}) {
  const camion = await crearCamion(db, { ...c, codestado: c.codestado ?? 2 });
  const cupo = await crearCupo(db, { codempre: c.codempre, unineg: c.unineg, camion });
  return { camion, cupo };
}
