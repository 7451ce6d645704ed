import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { claves } from './claves';

export const empresasQuery = (codempre: number) =>
  queryOptions({
    queryKey: claves.empresas(codempre),
    queryFn: () => api.post('/api/clientes/clientes-empresas', { codempre }),
    staleTime: 5 * 60_000,
  });
