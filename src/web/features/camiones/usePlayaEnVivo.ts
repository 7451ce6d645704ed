/**
 * The trucks screen follows the yard (issue 15): each change the stream brings is applied to
 * the list in the query cache — the table keeps its scroll, search, selection and open modal —
 * and the changed rows are marked for a moment.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import type { EventoCamion } from '../../../shared/contracts/en-vivo';
import { claves } from '../../lib/claves';
import type { EstadoEnVivo } from '../../lib/en-vivo';
import { useSeguirPlaya } from '../../lib/useSeguirPlaya';
import { camionesPlayaQuery, type FiltrosCamiones } from './api';
import { aplicarCambio } from './filas';

/** How long a changed row stays marked. */
const RESALTADO_MS = 2_500;
/** Without a live stream by then, the list loads anyway (and again once the stream is live). */
const ESPERA_DEL_FLUJO_MS = 3_000;

export interface PlayaEnVivo {
  estado: EstadoEnVivo;
  /** When the screen last heard from the yard (a change, or the stream coming live). */
  ultima: number | null;
  /** The list may load: the stream is live (no change between the list and the stream is lost). */
  listaHabilitada: boolean;
  /** Trucks changed a moment ago. */
  resaltados: ReadonlySet<number>;
}

export function usePlayaEnVivo(filtros: FiltrosCamiones | null): PlayaEnVivo {
  const cliente = useQueryClient();
  const [esperaVencida, setEsperaVencida] = useState(false);
  const [resaltados, setResaltados] = useState<ReadonlySet<number>>(new Set());
  const filtrosRef = useRef(filtros);
  // Changes that came before the list did: applied once it is there.
  const pendientes = useRef<EventoCamion[]>([]);

  useEffect(() => {
    filtrosRef.current = filtros;
    pendientes.current = [];
  }, [filtros]);

  /** Applies a change to the shown list; false when there is no list of its company and unit. */
  const aplicar = useCallback(
    (e: EventoCamion) => {
      const f = filtrosRef.current;
      if (!f || e.codempre !== f.codempre || e.unineg !== f.unineg) return false;
      const clave = camionesPlayaQuery(f).queryKey;
      if (!cliente.getQueryData(clave)) return false;
      cliente.setQueryData<CamionEnPlaya[]>(clave, (lista) =>
        lista ? aplicarCambio(lista, e.camion, f.estado) : lista,
      );
      return true;
    },
    [cliente],
  );

  const { estado, ultima } = useSeguirPlaya({
    camion: (e) => {
      if (!aplicar(e)) {
        pendientes.current.push(e);
        return;
      }
      const ctrl = e.camion.ctrl;
      setResaltados((r) => new Set(r).add(ctrl));
      setTimeout(
        () =>
          setResaltados((r) => {
            const s = new Set(r);
            s.delete(ctrl);
            return s;
          }),
        RESALTADO_MS,
      );
    },
    perdidos: (desde) => {
      // 'recargar', or live for the first time after a list that loaded without the stream.
      const f = filtrosRef.current;
      if (desde === null || (f && cliente.getQueryData(camionesPlayaQuery(f).queryKey))) {
        void cliente.invalidateQueries({ queryKey: claves.camiones.todos });
      }
    },
  });

  useEffect(() => {
    const reloj = setTimeout(() => setEsperaVencida(true), ESPERA_DEL_FLUJO_MS);
    const sinCola = setInterval(() => {
      if (pendientes.current.length === 0) return;
      pendientes.current = pendientes.current.filter((e) => !aplicar(e));
    }, 500);
    return () => {
      clearTimeout(reloj);
      clearInterval(sinCola);
    };
  }, [aplicar]);

  return {
    estado,
    ultima,
    listaHabilitada: estado.estado !== 'conectando' || esperaVencida,
    resaltados,
  };
}
