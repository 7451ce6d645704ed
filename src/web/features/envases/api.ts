/**
 * Calls of 'Envases'. After any change, successful or not (someone else may have acted), the
 * client's containers load again, and so do the order form's catalogues.
 */
import { mutationOptions, queryOptions, skipToken } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

export const envasesQuery = (codempre: number | undefined) =>
  queryOptions({
    queryKey: claves.envasesDeCliente(codempre),
    queryFn:
      codempre !== undefined
        ? () => api.post('/api/administracion/envases', { codempre })
        : skipToken,
  });

const recargar = recargarAlTerminar(claves.envasesAdministrados, claves.catalogos.todos);

export const crearEnvaseMutation = mutationOptions({
  mutationFn: (e: CuerpoDe<'POST /api/administracion/envases/crear'>) =>
    api.post('/api/administracion/envases/crear', e),
  onSettled: recargar,
});

export const editarEnvaseMutation = mutationOptions({
  mutationFn: (e: CuerpoDe<'POST /api/administracion/envases/editar'>) =>
    api.post('/api/administracion/envases/editar', e),
  onSettled: recargar,
});

export const activoEnvaseMutation = mutationOptions({
  mutationFn: (e: CuerpoDe<'POST /api/administracion/envases/activo'>) =>
    api.post('/api/administracion/envases/activo', e),
  onSettled: recargar,
});

export const eliminarEnvaseMutation = mutationOptions({
  mutationFn: (ctrl: number) => api.post('/api/administracion/envases/eliminar', { ctrl }),
  onSettled: recargar,
});
