import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
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
