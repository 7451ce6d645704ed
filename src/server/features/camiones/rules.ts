/**
 * What a link or an unlink may do, decided on the rows as they are locked (design section 4).
 * Pure functions: the service locks, these decide, the repository writes.
 */
import { ESTADOS_CAMION } from '../../../shared/estados';
import { MENSAJES_CAMIONES as M } from '../../../shared/textos';
import { conflicto, solicitudInvalida } from '../../errores';

export interface CamionBloqueado {
  ctrl: number;
  codempre: number;
  unineg: number;
  codestado: number;
}

export interface CupoBloqueado {
  ctrl: number;
  codempre: number;
  unineg: number;
  cantidad: number;
  camion_ctrl: number | null;
  cantidad_asignada: number | null;
  eliminado: boolean;
}

const EN_PLAYA: number[] = [ESTADOS_CAMION.playaSinOrden, ESTADOS_CAMION.playaConOrden];

/**
 * A quota goes to a truck still waiting in the yard, once, whole or in part. A state that another
 * operator changed under us (status, assignment, deletion) is a 409; a wrong request is a 400.
 */
export function validarVinculo(camion: CamionBloqueado, cupo: CupoBloqueado, cantidad: number) {
  if (!EN_PLAYA.includes(camion.codestado)) throw conflicto(M.estadoNoAdmiteVincular);
  if (cupo.eliminado) throw conflicto(M.cupoEliminado);
  if (cupo.camion_ctrl === camion.ctrl) throw conflicto(M.cupoYaAsignadoAlCamion);
  if (cupo.camion_ctrl !== null) throw conflicto(M.cupoYaAsignado);
  if (cupo.codempre !== camion.codempre || cupo.unineg !== camion.unineg) {
    throw solicitudInvalida(M.cupoDeOtroCliente);
  }
  if (cantidad > cupo.cantidad) throw solicitudInvalida(M.cantidadExcedida);
}

export function validarDesvinculo(camion: CamionBloqueado, cupo: CupoBloqueado) {
  if (camion.codestado !== ESTADOS_CAMION.playaConOrden) {
    throw conflicto(M.estadoNoAdmiteDesvincular);
  }
  if (cupo.camion_ctrl !== camion.ctrl) throw conflicto(M.cupoNoAsignadoAlCamion);
}

/** A truck left without quotas is back to waiting for an order. */
export function estadoTrasDesvincular(cuposRestantes: number): number {
  return cuposRestantes > 0 ? ESTADOS_CAMION.playaConOrden : ESTADOS_CAMION.playaSinOrden;
}
