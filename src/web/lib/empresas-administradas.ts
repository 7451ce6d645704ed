/**
 * Every company with the units it works in (administrators only): what the administration's
 * screens of products and containers choose a client from.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { claves } from './claves';

export const empresasAdministradasQuery = queryOptions({
  queryKey: claves.empresasAdministradas,
  queryFn: () => api.get('/api/administracion/empresas'),
});
