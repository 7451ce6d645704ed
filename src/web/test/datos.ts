/** Sample API data the web tests share, valid for the contracts. */
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
