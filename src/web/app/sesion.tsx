/**
 * The session as the spec describes it (section 4): verified on load and whenever it changes;
 * a failed verification counts as signed out.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { UnidadNegocio } from '../../shared/contracts/comun';
import { CODEMPRE_ADMINISTRADOR } from '../../shared/estados';
import { avisos } from '../components/avisos';
import { cerrarSesion, sesionQuery } from '../features/auth/api';

export interface SesionActiva {
  usuario: string;
  codempre: number;
  uniNegs: UnidadNegocio[];
  userId: number;
  esAdministrador: boolean;
}

export type EstadoSesion =
  { estado: 'verificando' } | { estado: 'anonima' } | { estado: 'activa'; sesion: SesionActiva };

export function useEstadoSesion(): EstadoSesion {
  const { data, isPending, isError } = useQuery(sesionQuery);
  if (isPending) return { estado: 'verificando' };
  if (isError || !data.loggedIn) return { estado: 'anonima' };
  return {
    estado: 'activa',
    sesion: {
      usuario: data.usuario,
      codempre: data.codempre,
      uniNegs: data.uniNegs,
      userId: data.userId,
      esAdministrador: data.codempre === CODEMPRE_ADMINISTRADOR,
    },
  };
}

/** For screens inside the signed-in shell, where a session is guaranteed. */
export function useSesion(): SesionActiva {
  const estado = useEstadoSesion();
  if (estado.estado !== 'activa') throw new Error('useSesion fuera de una sesión activa');
  return estado.sesion;
}

export function useCerrarSesion() {
  const cliente = useQueryClient();
  const navegar = useNavigate();
  return useCallback(async () => {
    try {
      await cerrarSesion();
    } finally {
      // Nothing of the previous user may stay in memory, or on screen, for the next one.
      avisos.cerrarTodos();
      cliente.clear();
      cliente.setQueryData(sesionQuery.queryKey, { loggedIn: false as const });
      await navegar('/');
    }
  }, [cliente, navegar]);
}

export function useSesionIniciada() {
  const cliente = useQueryClient();
  return useCallback(
    () => cliente.invalidateQueries({ queryKey: sesionQuery.queryKey }),
    [cliente],
  );
}
