/**
 * Calls of 'Avisos' (issue 25): the outbox, one page after another ('Más antiguos') for the
 * state chosen, and 'Reenviar' of a failed notice.
 */
import { infiniteQueryOptions, mutationOptions } from '@tanstack/react-query';
import type { EstadoAviso } from '../../../shared/contracts/avisos';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

/** Rows per page on screen. */
export const POR_PAGINA = 50;

export const avisosQuery = (estado: EstadoAviso | undefined) =>
  infiniteQueryOptions({
    queryKey: claves.avisos.paginas(estado),
    queryFn: ({ pageParam }) =>
      api.post('/api/administracion/avisos', {
        ...(estado ? { estado } : {}),
        ...(pageParam === undefined ? {} : { antesDe: pageParam }),
        limite: POR_PAGINA,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (ultima) => ultima.siguiente ?? undefined,
    // The worker moves rows on its own: each visit asks again.
    staleTime: 0,
  });

/** A failed notice back to the queue; every state's list and the webhooks' counts reload. */
export const reenviarAvisoMutation = mutationOptions({
  mutationFn: (id: number) => api.post('/api/administracion/avisos/reenviar', { id }),
  onSettled: recargarAlTerminar(claves.avisos.todos, claves.webhooks.todos),
});
