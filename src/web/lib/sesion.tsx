/**
 * The session as the spec describes it (section 4): verified on load and whenever it changes;
 * a failed verification counts as signed out.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { UnidadNegocio } from '../../shared/contracts/comun';
import { CODEMPRE_ADMINISTRADOR } from '../../shared/estados';
import { avisos } from '../components/avisos';
import { api } from './api-client';
import { claves } from './claves';
import { paths } from './paths';

/** Who is signed in (GET /api/auth/verifyuser): every screen reads it through useSesion. */
export const sesionQuery = queryOptions({
  queryKey: claves.sesion,
  queryFn: () => api.get('/api/auth/verifyuser'),
  staleTime: 60_000,
  retry: false,
});

export const cerrarSesion = () => api.post('/api/user/logout');

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

/**
 * Cerrar sesión: the logout call, then, whatever it answered, nothing of the previous user stays
 * in memory or on screen for the next one (spec section 4: auth becomes false, then /).
 */
export function useCerrarSesion() {
  const navegar = useNavigate();
  const { mutate } = useMutation({
    mutationFn: cerrarSesion,
    onSettled: async (_datos, _error, _variables, _contexto, { client }) => {
      avisos.cerrarTodos();
      client.clear();
      client.setQueryData(sesionQuery.queryKey, { loggedIn: false as const });
      await navegar(paths.inicio);
    },
  });
  return useCallback(() => mutate(), [mutate]);
}
