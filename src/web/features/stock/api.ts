import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { claves } from '../../lib/claves';

/** The stock of the selection; loaded only when both values are set (spec section 5). */
export const stockQuery = (codempre: number | undefined, unineg: number | undefined) =>
  queryOptions({
    queryKey: claves.stock(codempre, unineg),
    queryFn:
      codempre !== undefined && unineg !== undefined
        ? () => api.post('/api/empresa/stock', { codempre, unineg })
        : skipToken,
    // The scale moves stock all day: every visit asks again.
    staleTime: 0,
  });
