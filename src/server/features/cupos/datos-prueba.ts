/** Quotas made for a test straight in the database (tests and authorization rows only). */
import { sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';

export interface CupoDePrueba {
  codempre?: number;
  unineg?: number;
  coddespacho?: number;
  mezcla?: [codpro: number, porcentaje: number][];
  obs?: string | null;
  /** Linked to the first truck of the company and unit in status 1. */
  asignado?: boolean;
}

export async function insertarCupoDePrueba(db: DbOTx, c: CupoDePrueba = {}): Promise<number> {
  const { codempre = 1, unineg = 1, coddespacho = unineg === 1 ? 1 : 3 } = c;
  const { rows } = await db.execute<{ ctrl: number }>(sql`
    insert into cupos (codempre, unineg, tipo, coddespacho, cantidad, obs)
    values (${codempre}, ${unineg}, 'D', ${coddespacho}, 30000, ${c.obs ?? null})
    returning ctrl`);
  const ctrl = rows[0]!.ctrl;
  for (const [codpro, porcentaje] of c.mezcla ?? [[unineg === 1 ? 1 : 10, 100]]) {
    await db.execute(sql`insert into cupo_productos values (${ctrl}, ${codpro}, ${porcentaje})`);
  }
  if (c.asignado) {
    await db.execute(sql`
      update cupos set cantidad_asignada = 1000,
             camion_ctrl = (select min(ctrl) from camiones
                            where codempre = ${codempre} and unineg = ${unineg} and codestado = 1)
      where ctrl = ${ctrl}`);
  }
  return ctrl;
}

/** A valid order form body for company 1, Granos, bulk, one product (Soja 100 %). */
export function ordenDePrueba(cambios: Record<string, unknown> = {}, productos?: unknown[]) {
  return {
    mergedCupo: {
      cupo: {
        cliente: 1,
        uniNeg: 1,
        tipoOrden: 'D',
        tipoDespacho: 1,
        envase: -1,
        cargaMaxima: 30000,
        conCoating: false,
        observaciones: 'Prueba',
        cantCuposIguales: 1,
        ...cambios,
      },
      productos: productos ?? [{ producto: 1, porcentaje: 100 }],
    },
  };
}
