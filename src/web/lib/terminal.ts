import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { claves } from './claves';

/** The terminal's name, CUIT and address: the printed ticket and the 'Terminal' screen. */
export const terminalQuery = queryOptions({
  queryKey: claves.terminal,
  queryFn: () => api.get('/api/terminal'),
  staleTime: 5 * 60_000,
});
