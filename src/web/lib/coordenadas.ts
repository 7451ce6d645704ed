/**
 * The coordinate card's challenge as the browser reads it: the sign-in's step 2 and the
 * administrators' step-up (components/Reautenticacion) ask and check the same way.
 */
import type { Coordenada } from '../../shared/contracts/auth';
import { TEXTOS } from '../../shared/textos';

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

/** Login step 2: each coordinate is required, then positive, then an integer (spec section 5). */
export function validarCoordenada(valor: string): string | true {
  const texto = valor.trim();
  if (!texto) return TEXTOS.campoObligatorio;
  const numero = Number(texto);
  if (!(numero > 0)) return TEXTOS.coordenadaPositiva;
  if (!Number.isInteger(numero)) return TEXTOS.coordenadaEntera;
  return true;
}
