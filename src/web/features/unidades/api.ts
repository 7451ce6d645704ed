import { mutationOptions } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

export { unidadesQuery } from '../../lib/unidades';

/**
 * After any change, successful or not: the units' list, and whatever shows units or dispatch
 * types — the session's units (every selector), the order form's types, the companies' and
 * users' lists (their units' names and marks).
 */
const recargar = recargarAlTerminar(
  claves.unidadesNegocio,
  claves.sesion,
  claves.catalogos.todos,
  claves.empresasAdministradas,
  claves.usuariosAdministrados,
);

export const crearUnidadMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/unidades/crear'>) =>
    api.post('/api/administracion/unidades/crear', cuerpo),
  onSettled: recargar,
});

export const renombrarUnidadMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/unidades/renombrar'>) =>
    api.post('/api/administracion/unidades/renombrar', cuerpo),
  onSettled: recargar,
});

export const activoUnidadMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/unidades/activo'>) =>
    api.post('/api/administracion/unidades/activo', cuerpo),
  onSettled: recargar,
});

export const eliminarUnidadMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/unidades/eliminar'>) =>
    api.post('/api/administracion/unidades/eliminar', cuerpo),
  onSettled: recargar,
});

export const crearDespachoMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/despachos/crear'>) =>
    api.post('/api/administracion/despachos/crear', cuerpo),
  onSettled: recargar,
});

export const renombrarDespachoMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/despachos/renombrar'>) =>
    api.post('/api/administracion/despachos/renombrar', cuerpo),
  onSettled: recargar,
});

export const activoDespachoMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/despachos/activo'>) =>
    api.post('/api/administracion/despachos/activo', cuerpo),
  onSettled: recargar,
});

export const eliminarDespachoMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/despachos/eliminar'>) =>
    api.post('/api/administracion/despachos/eliminar', cuerpo),
  onSettled: recargar,
});
