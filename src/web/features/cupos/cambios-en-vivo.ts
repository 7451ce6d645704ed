/**
 * What a truck change means for the list of unassigned quotas (issue 15), without React: the
 * quotas now linked to the truck leave the list; those it no longer has came back to it.
 */
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import type { CupoDisponible } from '../../../shared/contracts/cupos';
import { ESTADOS_CAMION } from '../../../shared/estados';

/** The quotas a truck has, by their ctrl: `cupo_camion` is '41, 57' (or null). */
export function cuposDelCamion(cupoCamion: string | null): number[] {
  if (!cupoCamion) return [];
  return cupoCamion
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export interface EfectoEnCupos {
  /** Linked to the truck now: not available, whatever the list says. */
  salen: number[];
  /** Unlinked since the truck's last known quotas: available again. */
  vuelven: number[];
  /**
   * Some quota may have come back but which one is unknown: the truck had not been seen since
   * the screen opened, and a truck in the yard without an order or with one (statuses 1 and 2)
   * may just have lost a quota. Only a new load of the list can tell.
   */
  dudoso: boolean;
}

/**
 * The effect of a truck change, given the quotas each truck had the last time it was seen
 * (`conocidos`, by truck ctrl).
 */
export function efectoEnCupos(
  conocidos: ReadonlyMap<number, readonly number[]>,
  camion: CamionEnPlaya,
): EfectoEnCupos {
  const salen = cuposDelCamion(camion.cupo_camion);
  const antes = conocidos.get(camion.ctrl);
  if (antes === undefined) {
    // Quotas are unlinked only from a truck 'Playa con orden', which stays in 1 or 2 after it.
    const puedePerder =
      camion.codestado === ESTADOS_CAMION.playaSinOrden ||
      camion.codestado === ESTADOS_CAMION.playaConOrden;
    return { salen, vuelven: [], dudoso: puedePerder };
  }
  return { salen, vuelven: antes.filter((c) => !salen.includes(c)), dudoso: false };
}

/** Remembers the truck's quotas; a finished truck changes no more and is forgotten. */
export function recordar(conocidos: Map<number, readonly number[]>, camion: CamionEnPlaya) {
  if (camion.codestado === ESTADOS_CAMION.finalizado) conocidos.delete(camion.ctrl);
  else conocidos.set(camion.ctrl, cuposDelCamion(camion.cupo_camion));
}

/** The list without the quotas that left it; the same array when none of them was there. */
export function sinCupos(lista: CupoDisponible[], salen: readonly number[]): CupoDisponible[] {
  if (salen.length === 0 || !lista.some((c) => salen.includes(c.ctrl))) return lista;
  return lista.filter((c) => !salen.includes(c.ctrl));
}
