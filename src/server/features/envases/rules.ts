/** The rules of a container that need no database: pure, tested without HTTP. */
import { texto } from '../../../shared/contracts/comun';
import { PESO_MAXIMO_ENVASE } from '../../../shared/contracts/envases';
import { MENSAJES_ENVASES as M } from '../../../shared/textos';
import { errorDeCampo } from '../../errores';

const NOMBRE = texto(60);

/** A name as the contract leaves it (trimmed, NFC, at most 60, nothing invisible); or refused. */
export function nombreDeEnvase(nombre: string): string {
  const r = NOMBRE.safeParse(nombre);
  if (!r.success) throw errorDeCampo('nombre', M.nombreInvalido);
  if (r.data === '') throw errorDeCampo('nombre', M.nombreVacio);
  return r.data;
}

/** Kilograms: more than 0, within the column (numeric(10, 3)), at most three decimals. */
export function pesoValido(peso: number): boolean {
  return (
    Number.isFinite(peso) &&
    peso > 0 &&
    peso <= PESO_MAXIMO_ENVASE &&
    Math.abs(Math.round(peso * 1000) - peso * 1000) < 1e-6
  );
}

export function pesoDeEnvase(peso: number): number {
  if (!pesoValido(peso)) throw errorDeCampo('peso', M.pesoInvalido);
  return peso;
}
