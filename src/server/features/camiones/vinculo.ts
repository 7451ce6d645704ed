/**
 * Linking a quota to a truck in the yard (design section 4): the truck's row locked first, then
 * the quota's, the rules decided on the locked rows, the change audited. The trucks screen and
 * the gate (yard operations) both link through here, so they cannot disagree.
 */
import { ESTADOS_CAMION } from '../../../shared/estados';
import { auditar, type Actor } from '../../db/auditoria';
import type { Tx } from '../../db/client';
import { noEncontrado } from '../../errores';
import type { UsuarioSesion } from '../../plugins/session';
import { asignarCupo, bloquearCamion, bloquearCupo, cambiarEstadoCamion } from './repository';
import { exigirVisible, validarVinculo } from './rules';

export interface Vinculo {
  camion: number;
  cupo: number;
  /** The amount linked; absent, the whole quota. */
  cantidad?: number;
}

/**
 * @param usuario the signed-in user, who sees only its own company and units; absent for the
 *   terminal's own machines, which see every client (a missing row is still a 404).
 * @returns the amount linked.
 */
export async function vincularCupo(
  tx: Tx,
  actor: Actor,
  usuario: UsuarioSesion | undefined,
  v: Vinculo,
): Promise<number> {
  const ver = <T extends { codempre: number; unineg: number }>(fila: T | undefined): T => {
    if (usuario) return exigirVisible(usuario, fila);
    if (!fila) throw noEncontrado();
    return fila;
  };
  const camion = ver(await bloquearCamion(tx, v.camion));
  const cupo = ver(await bloquearCupo(tx, v.cupo));
  const cantidad = v.cantidad ?? cupo.cantidad;
  validarVinculo(camion, cupo, cantidad);
  await asignarCupo(tx, cupo.ctrl, camion.ctrl, cantidad, actor.usuarioId ?? null);
  await cambiarEstadoCamion(tx, camion.ctrl, ESTADOS_CAMION.playaConOrden);
  await auditar(tx, {
    ...actor,
    accion: 'vincular_cupo',
    tabla: 'cupos',
    filaId: cupo.ctrl,
    antes: {
      cupo: { camion_ctrl: null, cantidad_asignada: null },
      camion: { ctrl: camion.ctrl, codestado: camion.codestado },
    },
    despues: {
      cupo: { camion_ctrl: camion.ctrl, cantidad_asignada: cantidad },
      camion: { ctrl: camion.ctrl, codestado: ESTADOS_CAMION.playaConOrden },
    },
  });
  return cantidad;
}
