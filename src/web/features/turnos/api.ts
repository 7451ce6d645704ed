/** Turns (issue 24): the queries and changes of the 'Turnos' screen, typed by the route map. */
import { mutationOptions, queryOptions, skipToken } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

type Filtro<R extends Parameters<typeof api.post>[0]> = CuerpoDe<`POST ${R}`>;

export const turnosQuery = (filtros: Filtro<'/api/turnos'> | undefined) =>
  queryOptions({
    queryKey: claves.turnos.lista(filtros ?? {}),
    queryFn: filtros ? () => api.post('/api/turnos', filtros) : skipToken,
  });

export const disponibilidadQuery = (filtros: Filtro<'/api/turnos/disponibilidad'> | undefined) =>
  queryOptions({
    queryKey: claves.turnos.disponibilidad(filtros ?? {}),
    queryFn: filtros ? () => api.post('/api/turnos/disponibilidad', filtros) : skipToken,
  });

export const ocupacionQuery = (
  filtros: Filtro<'/api/administracion/turnos/ocupacion'> | undefined,
) =>
  queryOptions({
    queryKey: claves.turnos.ocupacion(filtros ?? {}),
    queryFn: filtros ? () => api.post('/api/administracion/turnos/ocupacion', filtros) : skipToken,
  });

export const calendarioQuery = (
  filtros: Filtro<'/api/administracion/turnos/calendario'> | undefined,
) =>
  queryOptions({
    queryKey: claves.turnos.calendario(filtros ?? {}),
    queryFn: filtros ? () => api.post('/api/administracion/turnos/calendario', filtros) : skipToken,
  });

export const pausadosQuery = queryOptions({
  queryKey: claves.turnos.pausados,
  queryFn: () => api.post('/api/turnos/pausados', {}),
});

export const comprobanteQuery = (codigo: string) =>
  queryOptions({
    queryKey: claves.turnos.comprobante(codigo),
    queryFn: () => api.get('/api/turnos/comprobante/:codigo', { codigo }),
    retry: false,
  });

/** The address of a voucher's PDF (a plain link: the browser downloads it). */
export const direccionPdf = (codigo: string) =>
  `/api/turnos/comprobante/${encodeURIComponent(codigo)}/pdf`;

export { despachosQuery } from '../../lib/despachos';

/** Any change to turns, successful or not: every list, count and calendar loads again. */
const recargar = recargarAlTerminar(claves.turnos.todos, claves.cupos.todos);

export const reservarMutation = mutationOptions({
  mutationFn: (c: Filtro<'/api/turnos/reservar'>) => api.post('/api/turnos/reservar', c),
  onSettled: recargar,
});
export const cambiarMutation = mutationOptions({
  mutationFn: (c: Filtro<'/api/turnos/cambiar'>) => api.post('/api/turnos/cambiar', c),
  onSettled: recargar,
});
export const cancelarMutation = mutationOptions({
  mutationFn: (c: Filtro<'/api/turnos/cancelar'>) => api.post('/api/turnos/cancelar', c),
  onSettled: recargar,
});
export const plantillaMutation = mutationOptions({
  mutationFn: (c: Filtro<'/api/administracion/turnos/plantilla'>) =>
    api.post('/api/administracion/turnos/plantilla', c),
  onSettled: recargar,
});
export const excepcionesMutation = mutationOptions({
  mutationFn: (c: Filtro<'/api/administracion/turnos/excepciones'>) =>
    api.post('/api/administracion/turnos/excepciones', c),
  onSettled: recargar,
});
export const copiarSemanaMutation = mutationOptions({
  mutationFn: (c: Filtro<'/api/administracion/turnos/copiar-semana'>) =>
    api.post('/api/administracion/turnos/copiar-semana', c),
  onSettled: recargar,
});
export const pausarMutation = mutationOptions({
  mutationFn: (c: Filtro<'/api/administracion/turnos/pausar'>) =>
    api.post('/api/administracion/turnos/pausar', c),
  onSettled: recargar,
});
export const reanudarMutation = mutationOptions({
  mutationFn: (c: Filtro<'/api/administracion/turnos/reanudar'>) =>
    api.post('/api/administracion/turnos/reanudar', c),
  onSettled: recargar,
});
