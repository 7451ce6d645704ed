import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { AvisoCorreo } from '../../../shared/contracts/avisos';
import { claves, recargarAlTerminar } from '../../lib/claves';

export const cuentaQuery = queryOptions({
  queryKey: claves.cuenta,
  queryFn: () => api.get('/api/cuenta'),
  // Sessions and sign-ins change from other browsers: every visit asks again.
  staleTime: 0,
});

const recargarCuenta = recargarAlTerminar(claves.cuenta);

export const cerrarSesionMutation = mutationOptions({
  mutationFn: (sesion: string) => api.post('/api/cuenta/sesiones/cerrar', { sesion }),
  onSettled: recargarCuenta,
});

export const cerrarOtrasSesionesMutation = mutationOptions({
  mutationFn: () => api.post('/api/cuenta/sesiones/cerrar-otras'),
  onSettled: recargarCuenta,
});

/** My e-mail address (confirmed, and a pending one), the notices I chose, whether e-mail is on. */
export const correoCuentaQuery = queryOptions({
  queryKey: claves.correoCuenta,
  queryFn: () => api.get('/api/cuenta/avisos'),
  // A link opened in another tab confirms the address: every visit asks again.
  staleTime: 0,
});

const recargarCorreo = recargarAlTerminar(claves.correoCuenta);

export const guardarAvisosMutation = mutationOptions({
  mutationFn: (avisos: AvisoCorreo[]) => api.post('/api/cuenta/avisos', { avisos }),
  onSettled: recargarCorreo,
});

export const cambiarCorreoMutation = mutationOptions({
  mutationFn: (correo: string) => api.post('/api/cuenta/correo', { correo }),
  onSettled: recargarCorreo,
});

/** The link of the confirmation e-mail: public, it works without a session. */
export const confirmarCorreoMutation = mutationOptions({
  mutationFn: (token: string) => api.post('/api/cuenta/correo/confirmar', { token }),
  onSettled: recargarCorreo,
});
