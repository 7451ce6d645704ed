/** Sample API data the web tests share, valid for the contracts. */
import type { CamionEnPlaya } from '../../shared/contracts/camiones';
import type { CupoDisponible } from '../../shared/contracts/cupos';

/** An unassigned quota of 30 000 kg of soybeans, as POST /api/cupos lists it. */
export const cupoDisponible = (ctrl: number): CupoDisponible => ({
  ctrl,
  fechagen: '2026-11-20T10:00:00',
  nomdespacho: 'Granel',
  nombreenvase: 'Sin envase',
  mezcla: 'Soja',
  cantidad: 30000,
  obs: null,
});

/** A truck of cliente1 as the yard's list (and the live stream) shows it. */
export const camionEnPlaya = (c: Partial<CamionEnPlaya> = {}): CamionEnPlaya => ({
  ctrl: 7,
  txtempresa: 'Agroexportadora del Litoral S.A.',
  patcha: 'AB123CD',
  pataco: null,
  cargateorica: 30000,
  nomchofer: 'Juan González',
  dni: '30111222',
  ingplaya: '2026-11-21T14:03:22',
  codestado: 1,
  nomestado: 'Playa sin orden',
  estado_desde: '2026-11-21T14:03:22',
  cupo_camion: null,
  turno_fecha: null,
  turno_hora: null,
  turno_llegada: null,
  ...c,
});
