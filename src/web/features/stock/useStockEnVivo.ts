/**
 * The stock screen follows the yard (issue 15): stock moves when a truck's gross weight is
 * recorded, which finishes it (status 4). The stock of that client and unit is a few lines per
 * product and its totals come from the ledger, so it is loaded again; one truck's event is not
 * enough to compute them in the browser.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { EventoCamion } from '../../../shared/contracts/en-vivo';
import { ESTADOS_CAMION } from '../../../shared/estados';
import { claves } from '../../lib/claves';
import { useSeguirPlaya, type SeguimientoPlaya } from '../../lib/useSeguirPlaya';

/**
 * Whether this change moved the stock of the client and unit: the truck has just finished.
 * `estados` keeps each truck's last seen status (a finished truck that then leaves the yard is
 * another change with the same status, and moves nothing).
 */
export function movioStock(estados: Map<number, number>, { camion }: EventoCamion): boolean {
  const antes = estados.get(camion.ctrl);
  estados.set(camion.ctrl, camion.codestado);
  return camion.codestado === ESTADOS_CAMION.finalizado && antes !== ESTADOS_CAMION.finalizado;
}

/** Each stock list cached of that client and unit loads again (the shown one, at once). */
export function useStockEnVivo(): SeguimientoPlaya {
  const cliente = useQueryClient();
  const estados = useRef(new Map<number, number>());
  return useSeguirPlaya({
    camion: (e) => {
      if (movioStock(estados.current, e)) {
        void cliente.invalidateQueries({ queryKey: claves.stock(e.codempre, e.unineg) });
      }
    },
    perdidos: (desde) =>
      void cliente.invalidateQueries({
        queryKey: ['stock'],
        predicate: (q) => desde === null || q.state.dataUpdatedAt < desde,
      }),
  });
}
