/**
 * Calls of 'Usuarios y tarjetas'. The lists are queries; the changes are mutations that load the
 * users (and the companies, whose counts change) again. Issuing a card is deliberately NOT a
 * mutation here: its answer holds the card's values in clear, which must live only in the
 * dialog that shows them once, never in a cache (see UsuariosPage).
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves, recargarAlTerminar } from '../../lib/claves';

export const usuariosQuery = queryOptions({
  queryKey: claves.usuariosAdministrados,
  queryFn: () => api.get('/api/administracion/usuarios'),
  // Sessions and locks change on their own: every visit asks again.
  staleTime: 0,
});

export const empresasQuery = queryOptions({
  queryKey: claves.empresasAdministradas,
  queryFn: () => api.get('/api/administracion/empresas'),
});

/** After any change, successful or not, the list loads again (someone else may have acted). */
const recargar = recargarAlTerminar(claves.usuariosAdministrados, claves.empresasAdministradas);

export const cambiarUnidadesMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/usuarios/unidades'>) =>
    api.post('/api/administracion/usuarios/unidades', cuerpo),
  onSettled: recargar,
});

export const cambiarActivoMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/administracion/usuarios/activo'>) =>
    api.post('/api/administracion/usuarios/activo', cuerpo),
  onSettled: recargar,
});

export const desbloquearMutation = mutationOptions({
  mutationFn: (usuario: string) =>
    api.post('/api/administracion/usuarios/desbloquear', { usuario }),
  onSettled: recargar,
});

export const cerrarSesionesMutation = mutationOptions({
  mutationFn: (usuario: string) =>
    api.post('/api/administracion/usuarios/cerrar-sesiones', { usuario }),
  onSettled: recargar,
});

/** Loads the users and companies again after a create or a card issued outside a mutation. */
export const recargarUsuarios = (client: QueryClient) =>
  recargar(null, null, null, null, { client });

export const crearUsuario = (cuerpo: CuerpoDe<'POST /api/administracion/usuarios/crear'>) =>
  api.post('/api/administracion/usuarios/crear', cuerpo);

export const emitirTarjeta = (usuario: string) =>
  api.post('/api/administracion/tarjetas/emitir', { usuario });
