/**
 * POST /api/cupos/despachos: a unit's dispatch types. The order form offers them and 'Turnos'
 * books in the calendar of the quota's type: one query, one cache entry for both.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from './api-client';
import { claves } from './claves';

/** Catalogues change seldom: a few minutes of cache spare a request per visit. */
const CATALOGO_MS = 5 * 60_000;

export const despachosQuery = (unineg: number | undefined) =>
  queryOptions({
    queryKey: claves.catalogos.despachos(unineg),
    queryFn:
      unineg !== undefined
        ? () => api.post('/api/cupos/despachos', { coddespacho: unineg })
        : skipToken,
    staleTime: CATALOGO_MS,
  });
