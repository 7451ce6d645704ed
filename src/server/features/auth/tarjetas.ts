/**
 * Coordinate cards (design section 3): 50 cells A-J × 1-5, each a CSPRNG value 1000-9999,
 * stored only as HMAC-SHA256 under a secret kept outside the database.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  LETRAS_TARJETA,
  POSICIONES_TARJETA,
  type Coordenada,
} from '../../../shared/contracts/auth';

export type Celda = `${(typeof LETRAS_TARJETA)[number]}${(typeof POSICIONES_TARJETA)[number]}`;

export const CELDAS: Celda[] = LETRAS_TARJETA.flatMap((l) =>
  POSICIONES_TARJETA.map((p): Celda => `${l}${p}`),
);

export type ValoresTarjeta = Record<Celda, number>;

export function generarValores(): ValoresTarjeta {
  return Object.fromEntries(CELDAS.map((c) => [c, randomInt(1000, 10_000)])) as ValoresTarjeta;
}

export function hmacCelda(secreto: string, tarjeta: number, celda: string, valor: number): string {
  return createHmac('sha256', secreto).update(`${tarjeta}|${celda}|${valor}`).digest('hex');
}

/** What a missing cell is compared with: no HMAC equals it, and the comparison costs the same. */
export const HMAC_NULO = '0'.repeat(64);

export function mismoHmac(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Card numbers are random six-digit numbers, so a fake one cannot be told apart by its size. */
export const nuevoNumeroTarjeta = () => randomInt(100_000, 1_000_000);

/** A stable card number for a user name that does not exist (the fake challenge). */
export function numeroTarjetaFalsa(secreto: string, usuario: string): number {
  const h = createHmac('sha256', secreto).update(`tarjeta-falsa|${usuario}`).digest();
  return 100_000 + (h.readUInt32BE(0) % 900_000);
}

/**
 * The cells asked of a user name that does not exist: always the same two, as a real card's
 * pending cells are until answered, so the fake challenge behaves like a real one.
 */
export function celdasFalsas(secreto: string, usuario: string): [Celda, Celda] {
  const h = createHmac('sha256', secreto).update(`celdas-falsas|${usuario}`).digest();
  const i = h.readUInt16BE(0) % CELDAS.length;
  const j = (i + 1 + (h.readUInt16BE(2) % (CELDAS.length - 1))) % CELDAS.length;
  return [CELDAS[i]!, CELDAS[j]!];
}

/** Two different cells at random, none of `evitar` (the cells of the last sign-in). */
export function elegirDosCeldas(evitar: readonly string[] = []): [Celda, Celda] {
  const posibles = CELDAS.filter((c) => !evitar.includes(c));
  const i = randomInt(posibles.length);
  let j = randomInt(posibles.length - 1);
  if (j >= i) j += 1;
  return [posibles[i]!, posibles[j]!];
}

export const aCoordenada = (celda: string): Coordenada => ({
  letra: celda[0] as Coordenada['letra'],
  posicion: Number(celda.slice(1)),
});

export const deCoordenada = (c: Coordenada): Celda => `${c.letra}${c.posicion}` as Celda;

/** The card as a person reads it: a grid with letters down and positions across. */
export function tarjetaEnTexto(usuario: string, ctrl: number, valores: ValoresTarjeta): string {
  const cabecera = `     ${POSICIONES_TARJETA.map((p) => String(p).padStart(6)).join('')}`;
  const filas = LETRAS_TARJETA.map(
    (l) =>
      `  ${l}  ${POSICIONES_TARJETA.map((p) => String(valores[`${l}${p}`]).padStart(6)).join('')}`,
  );
  return [`Tarjeta de coordenadas N° ${ctrl} — usuario ${usuario}`, cabecera, ...filas].join('\n');
}

/** Reads back the grids that tarjetaEnTexto wrote (demo cards file, end-to-end tests). */
export function leerTarjetasDeTexto(
  texto: string,
): Map<string, { ctrl: number; valores: ValoresTarjeta }> {
  const tarjetas = new Map<string, { ctrl: number; valores: ValoresTarjeta }>();
  let actual: { ctrl: number; valores: Partial<ValoresTarjeta> } | undefined;
  for (const linea of texto.split('\n')) {
    const cabecera = /Tarjeta de coordenadas N° (\d+) — usuario (\S+)/.exec(linea);
    if (cabecera) {
      actual = { ctrl: Number(cabecera[1]), valores: {} };
      tarjetas.set(cabecera[2]!, actual as { ctrl: number; valores: ValoresTarjeta });
      continue;
    }
    const fila = /^\s+([A-J])\s+((?:\d+\s*){5})$/.exec(linea);
    if (fila && actual) {
      fila[2]!
        .trim()
        .split(/\s+/)
        .forEach((v, i) => {
          actual!.valores[`${fila[1]}${i + 1}` as Celda] = Number(v);
        });
    }
  }
  return tarjetas;
}
