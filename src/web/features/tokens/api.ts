import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';
import type { useConReautenticacion } from '../../components/Reautenticacion';

export const tokensQuery = queryOptions({
  queryKey: claves.tokensServicio,
  queryFn: () => api.get('/api/administracion/tokens'),
  // The last use moves while the machines work: every visit asks again.
  staleTime: 0,
});

const recargarTokens = recargarAlTerminar(claves.tokensServicio);

/**
 * Creating a token needs the step-up: the call goes through the screen's
 * `useConReautenticacion()`, and gives undefined when the administrator cancels the dialog.
 */
export const crearTokenMutation = (conReautenticacion: ReturnType<typeof useConReautenticacion>) =>
  mutationOptions({
    mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/tokens/crear'>) =>
      conReautenticacion(() => api.post('/api/administracion/tokens/crear', cuerpo)),
    onSettled: recargarTokens,
  });

export const revocarTokenMutation = mutationOptions({
  mutationFn: (nombre: string) => api.post('/api/administracion/tokens/revocar', { nombre }),
  onSettled: recargarTokens,
});
