/**
 * Calls of 'Webhooks' (issue 25). After any change, successful or not (someone else may have
 * acted), the endpoints load again; a re-send also reloads that endpoint's log and the outbox.
 */
import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

/** Deliveries per page in the log. */
export const POR_PAGINA = 50;

export const webhooksQuery = queryOptions({
  queryKey: claves.webhooks.lista,
  queryFn: () => api.get('/api/administracion/webhooks'),
  // The last delivery moves while the worker works: every visit asks again.
  staleTime: 0,
});

/** An endpoint's delivery log, newest first, one page after another ('Más antiguas'). */
export const entregasQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: claves.webhooks.entregas(id),
    queryFn: ({ pageParam }) =>
      api.post('/api/administracion/webhooks/entregas', {
        id,
        ...(pageParam === undefined ? {} : { antesDe: pageParam }),
        limite: POR_PAGINA,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (ultima) => ultima.siguiente ?? undefined,
    staleTime: 0,
  });

const recargar = recargarAlTerminar(claves.webhooks.todos);

export const crearWebhookMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/webhooks/crear'>) =>
    api.post('/api/administracion/webhooks/crear', cuerpo),
  onSettled: recargar,
});

export const activarWebhookMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/webhooks/activar'>) =>
    api.post('/api/administracion/webhooks/activar', cuerpo),
  onSettled: recargar,
});

export const eliminarWebhookMutation = mutationOptions({
  mutationFn: (id: number) => api.post('/api/administracion/webhooks/eliminar', { id }),
  onSettled: recargar,
});

export const reenviarEntregaMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/webhooks/reenviar'>) =>
    api.post('/api/administracion/webhooks/reenviar', cuerpo),
  onSettled: recargarAlTerminar(claves.webhooks.todos, claves.avisos.todos),
});
