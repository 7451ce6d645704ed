/**
 * POST /api/cupos, the unassigned quotas of a client and business unit: the quota list shows
 * them and the trucks' 'Cupos disponibles' modal links one. One query for both, so that a change
 * made on either screen reloads what the other shows.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from './api-client';
import { claves } from './claves';

/** Loaded only when both values are set (spec section 5). */
export const cuposDisponiblesQuery = (codEmpre: number | undefined, uniNeg: number | undefined) =>
  queryOptions({
    queryKey: claves.cupos.disponibles(codEmpre, uniNeg),
    queryFn:
      codEmpre !== undefined && uniNeg !== undefined
        ? () => api.post('/api/cupos', { codEmpre, uniNeg })
        : skipToken,
  });
