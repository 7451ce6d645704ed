/**
 * The CUIT (Clave Única de Identificación Tributaria) of a company: 11 digits, the last one a
 * check digit (modulo 11 with the weights 5 4 3 2 7 6 5 4 3 2 over the first ten). The form and
 * the contract check it alike; it is stored as people write it, 'XX-XXXXXXXX-X'.
 */
import { MENSAJES_CUIT } from './textos';

const PESOS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The check digit of ten digits, or null when there is none (the remainder leaves 10). */
export function digitoVerificador(diez: string): number | null {
  const suma = PESOS.reduce((s, peso, i) => s + peso * Number(diez[i]), 0);
  const digito = 11 - (suma % 11);
  if (digito === 11) return 0;
  return digito === 10 ? null : digito;
}

/**
 * '30-71234567-1' from what a person typed ('30712345671', '30 71234567 1', '30.71234567.1'), or
 * null when it is not eleven digits.
 */
export function normalizarCuit(texto: string): string | null {
  const digitos = texto.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(digitos)) return null;
  return `${digitos.slice(0, 2)}-${digitos.slice(2, 10)}-${digitos.slice(10)}`;
}

/** Why a CUIT is refused, or null when it is valid. */
export function errorDeCuit(texto: string): string | null {
  const cuit = normalizarCuit(texto);
  if (!cuit) return MENSAJES_CUIT.formato;
  const digitos = cuit.replace(/-/g, '');
  return digitoVerificador(digitos.slice(0, 10)) === Number(digitos[10])
    ? null
    : MENSAJES_CUIT.digito;
}
