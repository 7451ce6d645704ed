/** Trucks that a test drives through the yard with the operations themselves (no shortcuts). */
import type { Actor } from '../../db/auditoria';
import type { Db } from '../../db/client';
import { crearCupo } from '../camiones/datos-prueba';
import { registrarBruto, registrarIngreso, registrarTara, type DatosIngreso } from './servicio';

export const ACTOR_PRUEBA: Actor = { actor: 'prueba' };

/** A valid ingreso body for company 1, Granos. */
export const ingresoDePrueba = (cambios: Partial<DatosIngreso> = {}) => ({
  codempre: 1,
  unineg: 1,
  patcha: 'AB123CD',
  pataco: 'XY987ZW',
  cargateorica: 30000,
  nomchofer: 'Chofer de Prueba',
  dni: '30111222',
  ...cambios,
});

export interface CamionDePrueba {
  camion: number;
  /** Its quota (statuses 2-4): a fresh bulk dispatch quota of 100% of the unit's first product. */
  cupo?: number;
}

/**
 * A truck of company 1 (or `codempre`/`unineg`) taken to `estado` through ingreso, tara (14,000
 * kg) and bruto (44,000 kg), each in its own transaction, as the gate and the scale would.
 */
export async function camionHasta(
  db: Db,
  estado: 1 | 2 | 3 | 4,
  o: { codempre?: number; unineg?: number } = {},
): Promise<CamionDePrueba> {
  const cupo =
    estado >= 2 ? await crearCupo(db, { codempre: o.codempre, unineg: o.unineg }) : undefined;
  const { camion } = await db.transaction((tx) =>
    registrarIngreso(tx, ACTOR_PRUEBA, ingresoDePrueba({ ...o, cupo })),
  );
  if (estado >= 3) {
    await db.transaction((tx) =>
      registrarTara(tx, ACTOR_PRUEBA, { camion, kg: 14_000, balanza: 'Balanza 1' }),
    );
  }
  if (estado >= 4) {
    await db.transaction((tx) =>
      registrarBruto(tx, ACTOR_PRUEBA, { camion, kg: 44_000, balanza: 'Balanza 2' }),
    );
  }
  return { camion, cupo };
}
