import { queryOptions } from '@tanstack/react-query';
import type { LineaStock, StockBody } from '../../../shared/contracts/stock';
import { api } from '../../lib/api-client';

/** The stock of the selection; loaded only when both values are set (spec section 5). */
export const stockQuery = (codempre: number | undefined, unineg: number | undefined) =>
  queryOptions({
    queryKey: ['stock', codempre, unineg],
    queryFn: () =>
      api.post<LineaStock[]>('/api/empresa/stock', {
        codempre,
        unineg,
      } satisfies Partial<StockBody>),
    enabled: codempre !== undefined && unineg !== undefined,
    // The scale moves stock all day: every visit asks again.
    staleTime: 0,
  });
