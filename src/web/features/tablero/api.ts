import { keepPreviousData, mutationOptions, queryOptions, skipToken } from '@tanstack/react-query';
import type { TableroBody } from '../../../shared/contracts/tablero';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves } from '../../lib/claves';

/** The dashboard's six calls, one per section: each section loads (and fails) on its own. */
export const SECCIONES = [
  'camiones',
  'recorridos',
  'toneladas',
  'cupos',
  'desvios',
  'turnos',
] as const;
export type Seccion = (typeof SECCIONES)[number];

const LLAMADAS = {
  camiones: (c: TableroBody) => api.post('/api/tablero/camiones', c),
  recorridos: (c: TableroBody) => api.post('/api/tablero/recorridos', c),
  toneladas: (c: TableroBody) => api.post('/api/tablero/toneladas', c),
  cupos: (c: TableroBody) => api.post('/api/tablero/cupos', c),
  desvios: (c: TableroBody) => api.post('/api/tablero/desvios', c),
  turnos: (c: TableroBody) => api.post('/api/tablero/turnos', c),
} satisfies Record<Seccion, (c: TableroBody) => Promise<unknown>>;

export type DatosDe<S extends Seccion> = Awaited<ReturnType<(typeof LLAMADAS)[S]>>;

/**
 * A section's numbers for the filters (`null` while the filters are not complete or valid: no
 * call). While new filters load, the previous numbers stay on screen, marked as updating.
 */
export const tableroQuery = <S extends Seccion>(seccion: S, cuerpo: TableroBody | null) =>
  queryOptions({
    queryKey: claves.tablero.seccion(seccion, cuerpo ?? {}),
    // The answer keeps its filters: numbers shown while the next ones load are drawn over
    // their own days, not the new range's.
    queryFn: cuerpo
      ? async () => ({ filtros: cuerpo, datos: (await LLAMADAS[seccion](cuerpo)) as DatosDe<S> })
      : skipToken,
    placeholderData: keepPreviousData,
    // Trucks move all day: a visit a minute later asks again.
    staleTime: 60_000,
  });

/** The unit's hourly capacity and shortfall tolerance; every section is read again after. */
export const guardarParametrosMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/tablero-parametros'>) =>
    api.post('/api/administracion/tablero-parametros', cuerpo),
  onSettled: (_d, _e, _v, _c, { client }) =>
    void client.invalidateQueries({ queryKey: claves.tablero.todos }),
});
