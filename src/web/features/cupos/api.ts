import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  CrearCupoBody,
  CuposGuardadosRespuesta,
  CuposRespuesta,
  DetalleCupoRespuesta,
  EditarCupoBody,
  EliminadosRespuesta,
  EnvaseCliente,
  ProductoCliente,
  TipoDespacho,
} from '../../../shared/contracts/cupos';
import { api } from '../../lib/api-client';

/** The unassigned quotas of the selection; loaded only when both values are set (spec 5). */
export const cuposQuery = (codEmpre: number | undefined, uniNeg: number | undefined) =>
  queryOptions({
    queryKey: ['cupos', 'disponibles', codEmpre, uniNeg],
    queryFn: () => api.post<CuposRespuesta>('/api/cupos', { codEmpre, uniNeg }),
    enabled: codEmpre !== undefined && uniNeg !== undefined,
  });

export const detalleCupoQuery = (codorden: number) =>
  queryOptions({
    queryKey: ['cupos', 'detalle', codorden],
    queryFn: () => api.post<DetalleCupoRespuesta>('/api/cupo/detalle', { codorden }),
  });

/** Catalogues change seldom: a few minutes of cache spare the form a request per visit. */
const CATALOGO_MS = 5 * 60_000;

export const despachosQuery = (unineg: number | undefined) =>
  queryOptions({
    queryKey: ['cupos', 'despachos', unineg],
    queryFn: () => api.post<TipoDespacho[]>('/api/cupos/despachos', { coddespacho: unineg }),
    enabled: unineg !== undefined,
    staleTime: CATALOGO_MS,
  });

export const envasesQuery = (cliente: number | undefined) =>
  queryOptions({
    queryKey: ['cupos', 'envases', cliente],
    queryFn: () => api.post<EnvaseCliente[]>('/api/envases/envases-clientes', { cliente }),
    enabled: cliente !== undefined,
    staleTime: CATALOGO_MS,
  });

export const productosQuery = (cliente: number | undefined, unineg: number | undefined) =>
  queryOptions({
    queryKey: ['cupos', 'productos', cliente, unineg],
    queryFn: () =>
      api.post<ProductoCliente[]>('/api/productos/productos-clientes', { cliente, unineg }),
    enabled: cliente !== undefined && unineg !== undefined,
    staleTime: CATALOGO_MS,
  });

/** Success is a 201 (spec section 4): the caller checks the status. */
export const crearCupo = (cuerpo: CrearCupoBody) =>
  api.postConEstado<CuposGuardadosRespuesta>('/api/cupos/crear', cuerpo);

export const editarCupo = (cuerpo: EditarCupoBody) =>
  api.postConEstado<CuposGuardadosRespuesta>('/api/cupos/editar', cuerpo);

export const eliminarCupo = (codorden: number) =>
  api.post<EliminadosRespuesta>('/api/cupos/eliminar', { codorden });

export const limpiarCupos = (codEmpre: number, uniNeg: number) =>
  api.post<EliminadosRespuesta>('/api/cupos/limpiar', { codEmpre, uniNeg });

/** After any change, lists and details of quotas load again; the catalogues stay cached. */
export const recargarCupos = (cliente: QueryClient) =>
  Promise.all([
    cliente.invalidateQueries({ queryKey: ['cupos', 'disponibles'] }),
    cliente.invalidateQueries({ queryKey: ['cupos', 'detalle'] }),
  ]);
