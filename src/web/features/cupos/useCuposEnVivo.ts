/**
 * The list of unassigned quotas follows the yard (issue 15). A truck change tells which quotas
 * the truck has now (`cupo_camion`): those leave the cached list at once, applied with
 * setQueryData, with no new load. A quota that comes back (unlinked) cannot be applied that way:
 * the event carries the truck, not the quota's row (date, dispatch, container, blend, amount), so
 * the list is loaded again; it is also how a quota deleted, created or edited elsewhere meanwhile
 * shows up. To tell which quotas a truck lost, the hook keeps each truck's last known quotas.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CuposRespuesta } from '../../../shared/contracts/cupos';
import { claves } from '../../lib/claves';
import { useSeguirPlaya, type SeguimientoPlaya } from '../../lib/useSeguirPlaya';
import { efectoEnCupos, recordar, sinCupos } from './cambios-en-vivo';

/** How long a quota that came back stays marked. */
const RESALTADO_MS = 2_500;

const DISPONIBLES = [...claves.cupos.todos, 'disponibles'] as const;

export interface CuposEnVivo extends SeguimientoPlaya {
  /** Quotas that came back a moment ago. */
  resaltados: ReadonlySet<number>;
}

export function useCuposEnVivo(
  codempre: number | undefined,
  unineg: number | undefined,
): CuposEnVivo {
  const cliente = useQueryClient();
  const conocidos = useRef(new Map<number, readonly number[]>());
  const [resaltados, setResaltados] = useState<ReadonlySet<number>>(new Set());
  const seleccion = useRef({ codempre, unineg });
  useEffect(() => {
    seleccion.current = { codempre, unineg };
  }, [codempre, unineg]);

  const resaltar = (ctrls: number[]) => {
    setResaltados((r) => new Set([...r, ...ctrls]));
    setTimeout(
      () => setResaltados((r) => new Set([...r].filter((c) => !ctrls.includes(c)))),
      RESALTADO_MS,
    );
  };

  const seguimiento = useSeguirPlaya({
    camion: ({ codempre: empresa, unineg: unidad, camion }) => {
      const efecto = efectoEnCupos(conocidos.current, camion);
      recordar(conocidos.current, camion);
      // Every cached list of that client and unit: the trucks' modal shares this one.
      const clave = claves.cupos.disponibles(empresa, unidad);
      cliente.setQueryData<CuposRespuesta>(clave, (datos) =>
        datos ? { ...datos, resultado: sinCupos(datos.resultado, efecto.salen) } : datos,
      );
      if (efecto.vuelven.length > 0 || efecto.dudoso || cargando(cliente, clave)) {
        // A load already on its way may have been read before this change: it starts again.
        void cliente.invalidateQueries({ queryKey: clave });
      }
      const s = seleccion.current;
      if (efecto.vuelven.length > 0 && empresa === s.codempre && unidad === s.unineg) {
        resaltar(efecto.vuelven);
      }
    },
    perdidos: (desde) => {
      // What the trucks had is no longer known for sure; lists loaded before the gap reload.
      conocidos.current.clear();
      void cliente.invalidateQueries({
        queryKey: DISPONIBLES,
        predicate: (q) => desde === null || q.state.dataUpdatedAt < desde,
      });
    },
  });

  return { ...seguimiento, resaltados };
}

const cargando = (cliente: QueryClient, clave: readonly unknown[]) =>
  cliente.getQueryState(clave)?.fetchStatus === 'fetching';
