/**
 * The one-time set-up code: 12 characters of Crockford's base32 (no I, L, O or U: nothing to
 * confuse when copied from a log by hand) in three groups of four, 60 bits from the CSPRNG.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';

const ALFABETO = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LARGO = 12;

/** 'K7QM-3XRT-9HDB'. */
export function nuevoCodigo(): string {
  const letras = Array.from({ length: LARGO }, () => ALFABETO[randomInt(ALFABETO.length)]);
  return [0, 4, 8].map((i) => letras.slice(i, i + 4).join('')).join('-');
}

/**
 * The code as it is hashed: upper case, without spaces or dashes, and the letters a person may
 * type for a digit read as that digit (O → 0, I and L → 1). Null when it cannot be a code.
 */
export function normalizarCodigo(texto: string): string | null {
  const limpio = texto.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return limpio.length === LARGO && [...limpio].every((c) => ALFABETO.includes(c)) ? limpio : null;
}

/** Two SHA-256 hashes in hex, compared in constant time. */
export function mismoHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
