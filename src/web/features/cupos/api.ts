import { mutationOptions, queryOptions, skipToken } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

export const detalleCupoQuery = (codorden: number) =>
  queryOptions({
    queryKey: claves.cupos.detalle(codorden),
    queryFn: () => api.post('/api/cupo/detalle', { codorden }),
  });

/** Catalogues change seldom: a few minutes of cache spare the form a request per visit. */
const CATALOGO_MS = 5 * 60_000;

export { despachosQuery } from '../../lib/despachos';

export const envasesQuery = (cliente: number | undefined) =>
  queryOptions({
    queryKey: claves.catalogos.envases(cliente),
    queryFn:
      cliente !== undefined
        ? () => api.post('/api/envases/envases-clientes', { cliente })
        : skipToken,
    staleTime: CATALOGO_MS,
  });

export const productosQuery = (cliente: number | undefined, unineg: number | undefined) =>
  queryOptions({
    queryKey: claves.catalogos.productos(cliente, unineg),
    queryFn:
      cliente !== undefined && unineg !== undefined
        ? () => api.post('/api/productos/productos-clientes', { cliente, unineg })
        : skipToken,
    staleTime: CATALOGO_MS,
  });

/**
 * After any change to quotas, successful or not (a failure may mean someone else changed them),
 * every list and detail of quotas loads again, here and in the trucks' modal; the catalogues stay.
 */
const recargarCupos = recargarAlTerminar(claves.cupos.todos);

export type GuardadoCupo =
  | { alta: CuerpoDe<'POST /api/cupos/crear'> }
  | { modificacion: CuerpoDe<'POST /api/cupos/editar'> };

/** Create or edit: success is a 201 (spec section 4); any other status fails. */
export const guardarCupoMutation = mutationOptions({
  mutationFn: async (guardado: GuardadoCupo) => {
    const { status, datos } =
      'alta' in guardado
        ? await api.postConEstado('/api/cupos/crear', guardado.alta)
        : await api.postConEstado('/api/cupos/editar', guardado.modificacion);
    if (status !== 201) throw new Error(`status ${status}`);
    return datos;
  },
  onSettled: recargarCupos,
});

export const eliminarCupoMutation = mutationOptions({
  mutationFn: (codorden: number) => api.post('/api/cupos/eliminar', { codorden }),
  onSettled: recargarCupos,
});

export const limpiarCuposMutation = mutationOptions({
  mutationFn: (seleccion: { codEmpre: number; uniNeg: number }) =>
    api.post('/api/cupos/limpiar', seleccion),
  onSettled: recargarCupos,
});
