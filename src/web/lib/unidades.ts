/**
 * The terminal's business units with their dispatch types, active or not: the units screen
 * lists them and the companies' screen offers them. A query two features use lives here.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { claves } from './claves';

export const unidadesQuery = queryOptions({
  queryKey: claves.unidadesNegocio,
  queryFn: () => api.get('/api/administracion/unidades'),
});

/**
 * What a checkbox list offers for something that already holds `tenidas`: the active units, and
 * an inactive one only while it is held (so it can be taken away, never added).
 */
export function unidadesOfrecidas<U extends { ctrl: number; activo?: boolean; inactiva?: true }>(
  unidades: readonly U[],
  tenidas: readonly number[],
): U[] {
  return unidades.filter((u) => (u.activo ?? !u.inactiva) || tenidas.includes(u.ctrl));
}
