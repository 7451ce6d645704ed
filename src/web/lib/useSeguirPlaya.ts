/**
 * A screen other than the trucks' one follows the yard (issue 15): it gets each truck change
 * and is told when it may have missed some, and it has what the live indicator shows.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { EventoCamion, EventoTurno } from '../../shared/contracts/en-vivo';
import { claves } from './claves';
import { seguirPlaya, type EstadoEnVivo } from './en-vivo';

export interface Seguidor {
  /** A truck the user may see changed. */
  camion(e: EventoCamion): void;
  /** A band of turns the user may see changed (issue 24). */
  turno?(e: EventoTurno): void;
  /**
   * Changes may have been missed: the server said so ('recargar'), or the stream is live again
   * after a gap (`desde`: since when it is live; what loaded before that may lack a change).
   */
  perdidos(desde: number | null): void;
}

export interface SeguimientoPlaya {
  estado: EstadoEnVivo;
  /** When the screen last heard from the yard (a change, or the stream coming live). */
  ultima: number | null;
}

export function useSeguirPlaya(seguidor: Seguidor): SeguimientoPlaya {
  const cliente = useQueryClient();
  const [estado, setEstado] = useState<EstadoEnVivo>({ estado: 'conectando' });
  const [ultima, setUltima] = useState<number | null>(null);
  // The latest callbacks, without subscribing again on each render.
  const seguidorRef = useRef(seguidor);
  useEffect(() => {
    seguidorRef.current = seguidor;
  });

  useEffect(() => {
    let vivo = false;
    return seguirPlaya(
      {
        camion: (e) => {
          setUltima(Date.now());
          seguidorRef.current.camion(e);
        },
        turno: (e) => {
          setUltima(Date.now());
          seguidorRef.current.turno?.(e);
        },
        recargar: () => seguidorRef.current.perdidos(null),
        estado: (e) => {
          if (e.estado === 'en-vivo' && !vivo) seguidorRef.current.perdidos(e.desde);
          vivo = e.estado === 'en-vivo';
          if (e.estado === 'en-vivo') setUltima(e.desde);
          setEstado(e);
        },
      },
      // The server refused the stream: if the session ended, verifying it sends the user to
      // the login like any other call would.
      () => void cliente.invalidateQueries({ queryKey: claves.sesion }),
    );
  }, [cliente]);

  return { estado, ultima };
}
