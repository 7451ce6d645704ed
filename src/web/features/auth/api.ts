import { queryOptions } from '@tanstack/react-query';
import type {
  CerrarSesionRespuesta,
  CompararCoordenadasBody,
  CompararCoordenadasRespuesta,
  Coordenada,
  VerificarUsuarioRespuesta,
} from '../../../shared/contracts/auth';
import { api } from '../../lib/api-client';

export const sesionQuery = queryOptions({
  queryKey: ['sesion'],
  queryFn: () => api.get<VerificarUsuarioRespuesta>('/api/auth/verifyuser'),
  staleTime: 60_000,
  retry: false,
});

/**
 * Step 1. The answer is checked by the login screen itself: a reply with a single entry is an
 * error the screen shows as 'Error' (spec section 4).
 */
export const pedirCoordenadas = (userName: string) =>
  api.post<unknown>('/api/auth/request-coordenadas', { userName }, { sinRedireccionEn401: true });

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

export const compararCoordenadas = (cuerpo: CompararCoordenadasBody) =>
  api.post<CompararCoordenadasRespuesta>('/api/auth/comparar-coordenadas', cuerpo, {
    sinRedireccionEn401: true,
  });

export const cerrarSesion = () => api.post<CerrarSesionRespuesta>('/api/user/logout', {});
