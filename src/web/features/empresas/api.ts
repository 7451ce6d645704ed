import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

export const empresasQuery = queryOptions({
  queryKey: claves.empresasAdministradas,
  queryFn: () => api.get('/api/administracion/empresas'),
});

/**
 * After a change, successful or not, the list loads again, and so do the client selectors of
 * the other screens (a new company is a new client to choose).
 */
const recargarEmpresas = recargarAlTerminar(claves.empresasAdministradas, claves.empresasTodas);

export const crearEmpresaMutation = mutationOptions({
  mutationFn: (empresa: CuerpoDe<'POST /api/administracion/empresas/crear'>) =>
    api.post('/api/administracion/empresas/crear', empresa),
  onSettled: recargarEmpresas,
});

export const unidadesEmpresaMutation = mutationOptions({
  mutationFn: (cambio: CuerpoDe<'POST /api/administracion/empresas/unidades'>) =>
    api.post('/api/administracion/empresas/unidades', cambio),
  onSettled: recargarEmpresas,
});
