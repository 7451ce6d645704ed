import { queryOptions } from '@tanstack/react-query';
import type { Empresa } from '../../../shared/contracts/clientes';
import { api } from '../../lib/api-client';

export const empresasQuery = (codempre: number) =>
  queryOptions({
    queryKey: ['clientes-empresas', codempre],
    queryFn: () => api.post<Empresa[]>('/api/clientes/clientes-empresas', { codempre }),
    staleTime: 5 * 60_000,
  });
