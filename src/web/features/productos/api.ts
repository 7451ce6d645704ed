/**
 * Calls of 'Productos'. After any change, successful or not (someone else may have acted), the
 * catalogue and the products per client load again, and so do the order form's catalogues.
 */
import { mutationOptions, queryOptions, skipToken } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

export const productosQuery = queryOptions({
  queryKey: claves.productosAdministrados,
  queryFn: () => api.get('/api/administracion/productos'),
});

export const productosDeClienteQuery = (codempre: number | undefined, unineg: number | undefined) =>
  queryOptions({
    queryKey: claves.productosDeCliente(codempre, unineg),
    queryFn:
      codempre !== undefined && unineg !== undefined
        ? () => api.post('/api/administracion/productos/cliente', { codempre, unineg })
        : skipToken,
  });

const recargar = recargarAlTerminar(
  claves.productosAdministrados,
  claves.catalogos.todos,
  // Stock and quotas show a product's name.
  claves.cupos.todos,
);

export const crearProductoMutation = mutationOptions({
  mutationFn: (p: CuerpoDe<'POST /api/administracion/productos/crear'>) =>
    api.post('/api/administracion/productos/crear', p),
  onSettled: recargar,
});

export const renombrarProductoMutation = mutationOptions({
  mutationFn: (p: CuerpoDe<'POST /api/administracion/productos/renombrar'>) =>
    api.post('/api/administracion/productos/renombrar', p),
  onSettled: recargar,
});

export const activoProductoMutation = mutationOptions({
  mutationFn: (p: CuerpoDe<'POST /api/administracion/productos/activo'>) =>
    api.post('/api/administracion/productos/activo', p),
  onSettled: recargar,
});

export const eliminarProductoMutation = mutationOptions({
  mutationFn: (codpro: number) => api.post('/api/administracion/productos/eliminar', { codpro }),
  onSettled: recargar,
});

export const guardarProductosDeClienteMutation = mutationOptions({
  mutationFn: (c: CuerpoDe<'POST /api/administracion/productos/cliente/guardar'>) =>
    api.post('/api/administracion/productos/cliente/guardar', c),
  onSettled: recargar,
});
