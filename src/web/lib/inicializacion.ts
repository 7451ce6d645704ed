import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { claves } from './claves';

/** The set-up page's address (lib/paths.ts routes it; the sign-in links to it). */
export const CAMINO_INICIALIZAR = '/inicializar';

/**
 * Whether the first set-up is still to be done: the sign-in points to it, and the set-up page
 * shows its form or says it is done. Asked once per visit; the set-up itself updates it.
 */
export const estadoInicializacionQuery = queryOptions({
  queryKey: claves.inicializacion,
  queryFn: () => api.get('/api/inicializacion'),
  staleTime: Infinity,
  retry: false,
});
