import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Coordenada } from '../../../shared/contracts/auth';
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';
import { claves } from '../../lib/claves';
import { marcarIngreso } from '../../lib/ingreso-reciente';

export const sesionQuery = queryOptions({
  queryKey: claves.sesion,
  queryFn: () => api.get('/api/auth/verifyuser'),
  staleTime: 60_000,
  retry: false,
});

/**
 * Step 1. The answer is checked by the login screen itself: a reply with a single entry is an
 * error the screen shows as 'Error' (spec section 4).
 */
export const pedirCoordenadasMutation = mutationOptions({
  mutationFn: (userName: string) =>
    api.post('/api/auth/request-coordenadas', { userName }, { sinRedireccionEn401: true }),
});

export interface DesafioIngreso {
  tarjeta: number;
  solicitadas: [Coordenada, Coordenada];
}

const esCoordenada = (c: unknown): c is Coordenada =>
  typeof c === 'object' && c !== null && 'letra' in c && 'posicion' in c;

export function desafioValido(respuesta: unknown): DesafioIngreso | undefined {
  if (!Array.isArray(respuesta) || respuesta.length !== 2) return undefined;
  const [tarjetas, coordenadas] = respuesta as [unknown, unknown];
  const tarjeta: unknown = Array.isArray(tarjetas)
    ? (tarjetas[0] as { ctrltarjeta?: unknown })?.ctrltarjeta
    : undefined;
  if (typeof tarjeta !== 'number' || !Array.isArray(coordenadas) || coordenadas.length !== 2) {
    return undefined;
  }
  const [c1, c2] = coordenadas as unknown[];
  if (!esCoordenada(c1) || !esCoordenada(c2)) return undefined;
  return { tarjeta, solicitadas: [c1, c2] };
}

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

export const cerrarSesion = () => api.post('/api/user/logout');
