import { mutationOptions } from '@tanstack/react-query';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves } from '../../lib/claves';
import { marcarIngreso } from '../../lib/ingreso-reciente';

/**
 * Step 1. The answer is checked by the login screen itself: a reply with a single entry is an
 * error the screen shows as 'Error' (spec section 4).
 */
export const pedirCoordenadasMutation = mutationOptions({
  mutationFn: (userName: string) =>
    api.post('/api/auth/request-coordenadas', { userName }, { sinRedireccionEn401: true }),
});

/**
 * Step 2. Once it succeeds the sign-in is counted (lib/ingreso-reciente.ts) and the session is
 * verified again; the mutation ends when the session is known, so the button waits for it.
 */
export const compararCoordenadasMutation = mutationOptions({
  mutationFn: (cuerpo: CuerpoDe<'POST /api/auth/comparar-coordenadas'>) =>
    api.post('/api/auth/comparar-coordenadas', cuerpo, { sinRedireccionEn401: true }),
  onSettled: async (_datos, error, _cuerpo, _contexto, { client }) => {
    if (error) return;
    marcarIngreso();
    await client.invalidateQueries({ queryKey: claves.sesion });
  },
});
