import type { Db } from '../../db/client';
import { migracionesIncluidas } from '../../db/migrate';
import { MENSAJES_API } from '../../../shared/textos';
import { migracionesAplicadas } from './repository';

const INCLUIDAS = migracionesIncluidas();

/**
 * Whether this process can serve (readiness, GET /api/health/ready): its database answers, holds
 * every migration this version brings (more is fine: a newer version already migrated it during
 * a rolling update) and the listening connection is up (without it the live yard misses changes
 * and every request reads its session from the database). The reason in Spanish when not.
 */
export async function preparacion(
  db: Db,
  escuchando: boolean,
): Promise<{ listo: true } | { listo: false; msj: string }> {
  let aplicadas: number;
  try {
    aplicadas = await migracionesAplicadas(db);
  } catch {
    return { listo: false, msj: MENSAJES_API.baseNoDisponible };
  }
  if (aplicadas < INCLUIDAS) return { listo: false, msj: MENSAJES_API.migracionesPendientes };
  if (!escuchando) return { listo: false, msj: MENSAJES_API.escuchaCaida };
  return { listo: true };
}
