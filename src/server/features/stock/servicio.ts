/**
 * The stock ledger (design section 6): each client's balances by product, adjustments and
 * opening balances, and the check that every balance is the sum of its ledger. Yard operations
 * add their movements through `registrarEn`, inside their own transaction.
 */
import type { LineaStock } from '../../../shared/contracts/stock';
import { MENSAJES_ADMINISTRACION as M } from '../../../shared/textos';
import { exigirEmpresaYUnidad, type Alcance } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { solicitudInvalida } from '../../errores';
import {
  destinoExiste,
  diferenciasDeSaldos,
  recalcularSaldos,
  registrarMovimientos,
  stockDe,
  type Diferencia,
  type Movimiento,
} from './repository';

export type { Diferencia, Movimiento };

export function stock(
  db: Db,
  alcance: Alcance,
  codempre: number,
  unineg: number,
): Promise<LineaStock[]> {
  exigirEmpresaYUnidad(alcance, codempre, unineg);
  return stockDe(db, codempre, unineg);
}

/** Movements into the ledger and their balances, inside the caller's transaction. */
export const registrarEn = (tx: DbOTx, movimientos: Movimiento[]) =>
  registrarMovimientos(tx, movimientos);

export interface Ajuste {
  codempre: number;
  unineg: number;
  codpro: number;
  /** Signed whole kilograms. */
  kilos: number;
  tipo: 'apertura' | 'ajuste';
  observacion: string | null;
  /** An ISO 8601 instant; default: now. */
  fecha?: string;
}

/** An adjustment or an opening balance of a client's product, audited. */
export async function ajustar(db: DbOTx, actor: Actor, a: Ajuste): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await destinoExiste(tx, a.codempre, a.unineg, a.codpro))) {
      throw solicitudInvalida(M.stockSinDestino(a.codempre, a.unineg, a.codpro));
    }
    const observacion = a.observacion?.slice(0, 250) ?? null;
    await registrarMovimientos(tx, [{ ...a, observacion, usuarioId: actor.usuarioId ?? null }]);
    await auditar(tx, {
      ...actor,
      accion: a.tipo,
      tabla: 'stock_movimientos',
      despues: {
        codempre: a.codempre,
        unineg: a.unineg,
        codpro: a.codpro,
        toneladas: a.kilos / 1000,
        observacion,
      },
    });
  });
}

/** Balances that differ from the sum of their ledger (none, unless someone wrote around it). */
export const verificar = (db: Db): Promise<Diferencia[]> => diferenciasDeSaldos(db);

/** Rebuilds every balance from the ledger, the source of truth; returns how many balances. */
export function recalcular(db: DbOTx, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const saldos = await recalcularSaldos(tx);
    await auditar(tx, {
      ...actor,
      accion: 'recalcular',
      tabla: 'stock_saldos',
      despues: { saldos },
    });
    return saldos;
  });
}
