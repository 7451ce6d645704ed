/**
 * Trucks in the yard (design section 4): the list, linking and unlinking a quota, a truck's
 * quotas and tickets. Linking locks the truck's row first, then the quota's, and decides on the
 * locked rows (rules.ts); the trucks screen and the gate (yard operations) both link through
 * here, so they cannot disagree.
 */
import type { CamionEnPlaya, CupoAsignado, Ticket } from '../../../shared/contracts/camiones';
import { ESTADOS_CAMION, NOMBRES_ESTADO, type CodEstado } from '../../../shared/estados';
import { exigirEmpresaYUnidad, exigirVisible, type Alcance } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx, Tx } from '../../db/client';
import type { JsonDe } from '../../db/sql';
import {
  asignarCupo,
  bloquearCamion,
  bloquearCupo,
  buscarCamion,
  cambiarEstadoCamion,
  camionesEnPlayaJson,
  camionesPorCtrl,
  camionesPorUnidadYEstado,
  contarCuposDelCamion,
  cuposDelCamion,
  liberarCupo,
  ticketsDelCamion,
  type FiltrosPlaya,
} from './repository';
import { estadoTrasDesvincular, validarDesvinculo, validarVinculo } from './rules';
import { encolarEvento, type EventoCualquiera } from '../webhooks/servicio';

/**
 * The trucks `ctrls` in the yard list's shape, whoever owns them: the live streams' hub reads
 * them once for all its subscribers and filters each subscriber's share itself.
 */
export const camionesEnPlayaPorCtrl = (db: DbOTx, ctrls: number[]) => camionesPorCtrl(db, ctrls);

/** ESTADOS_CAMION's key of each status code: the metrics' label ('playaSinOrden'). */
const claveDeEstado = Object.fromEntries(
  Object.entries(ESTADOS_CAMION).map(([clave, cod]) => [cod, clave]),
) as Record<CodEstado, string>;

/** Trucks in the yard by unit and status, for every client (the metrics' gauge). */
export async function porUnidadYEstado(db: DbOTx, horasFinalizados: number) {
  const filas = await camionesPorUnidadYEstado(db, horasFinalizados);
  return filas.map((f) => ({
    unidad: f.unineg,
    estado: claveDeEstado[f.codestado as CodEstado],
    cantidad: f.cantidad,
  }));
}

/**
 * The yard of a client and unit as the JSON text of the answer, serialized by its contract in
 * PostgreSQL (see the repository: at harvest peak it costs a fraction of doing it in Node).
 */
export async function enPlaya(
  db: Db,
  alcance: Alcance,
  filtros: FiltrosPlaya,
): Promise<JsonDe<CamionEnPlaya[]>> {
  exigirEmpresaYUnidad(alcance, filtros.codempre, filtros.unineg);
  return camionesEnPlayaJson(db, filtros);
}

export interface Vinculo {
  camion: number;
  cupo: number;
  /** The amount linked; absent, the whole quota. */
  cantidad?: number;
  /** When, if the caller knows it (a truck that enters with its quota: its entry); else now. */
  fecha?: string;
}

/** Webhooks' 'camion.estado' of a truck going from its status to `codestado`. */
export function eventoEstado(
  camion: { ctrl: number; codempre: number; unineg: number; codestado: number },
  codestado: number,
): EventoCualquiera {
  return {
    tipo: 'camion.estado',
    codempre: camion.codempre,
    datos: {
      camion: camion.ctrl,
      codempre: camion.codempre,
      unineg: camion.unineg,
      codestado,
      nomestado: NOMBRES_ESTADO[codestado as CodEstado] ?? '',
      anterior: camion.codestado,
    },
    grupo: `camion:${camion.ctrl}`,
  };
}

/** Links a quota to a truck inside the caller's transaction; returns the amount linked. */
export async function vincularEn(
  tx: Tx,
  alcance: Alcance,
  actor: Actor,
  v: Vinculo,
): Promise<number> {
  const camion = exigirVisible(alcance, await bloquearCamion(tx, v.camion));
  const cupo = exigirVisible(alcance, await bloquearCupo(tx, v.cupo));
  const cantidad = v.cantidad ?? cupo.cantidad;
  validarVinculo(camion, cupo, cantidad);
  await asignarCupo(tx, cupo.ctrl, camion.ctrl, cantidad, actor.usuarioId ?? null, v.fecha);
  await cambiarEstadoCamion(tx, camion.ctrl, ESTADOS_CAMION.playaConOrden, v.fecha);
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
  await encolarEvento(
    tx,
    {
      tipo: 'cupo.vinculado',
      codempre: cupo.codempre,
      datos: {
        cupo: cupo.ctrl,
        codempre: cupo.codempre,
        unineg: cupo.unineg,
        camion: camion.ctrl,
        cantidad: Number(cantidad),
      },
      grupo: `cupo:${cupo.ctrl}`,
    },
    eventoEstado(camion, ESTADOS_CAMION.playaConOrden),
  );
  return cantidad;
}

export const vincular = (db: Db, alcance: Alcance, actor: Actor, v: Vinculo) =>
  db.transaction((tx) => vincularEn(tx, alcance, actor, v));

/** Takes a quota off a truck in Playa con orden; a truck left without quotas waits again. */
export async function desvincular(
  db: Db,
  alcance: Alcance,
  actor: Actor,
  v: { camion: number; cupo: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const camion = exigirVisible(alcance, await bloquearCamion(tx, v.camion));
    const cupo = exigirVisible(alcance, await bloquearCupo(tx, v.cupo));
    validarDesvinculo(camion, cupo);
    await liberarCupo(tx, cupo.ctrl);
    const codestado = estadoTrasDesvincular(await contarCuposDelCamion(tx, camion.ctrl));
    await cambiarEstadoCamion(tx, camion.ctrl, codestado);
    await auditar(tx, {
      ...actor,
      accion: 'desvincular_cupo',
      tabla: 'cupos',
      filaId: cupo.ctrl,
      antes: {
        cupo: { camion_ctrl: camion.ctrl, cantidad_asignada: cupo.cantidad_asignada },
        camion: { ctrl: camion.ctrl, codestado: camion.codestado },
      },
      despues: {
        cupo: { camion_ctrl: null, cantidad_asignada: null },
        camion: { ctrl: camion.ctrl, codestado },
      },
    });
    if (codestado !== camion.codestado) await encolarEvento(tx, eventoEstado(camion, codestado));
  });
}

export async function cuposAsignados(
  db: DbOTx,
  alcance: Alcance,
  camion: number,
): Promise<CupoAsignado[]> {
  exigirVisible(alcance, await buscarCamion(db, camion));
  return cuposDelCamion(db, camion);
}

export async function tickets(db: DbOTx, alcance: Alcance, camion: number): Promise<Ticket[]> {
  exigirVisible(alcance, await buscarCamion(db, camion));
  return ticketsDelCamion(db, camion);
}
