/**
 * Path patterns with `:name` parameters ('/api/encuestas/:id', '/cupos/modificar/:codorden'):
 * filled in for a call or a link, and matched back (the web test kit answers calls by pattern).
 */
import type { NombresDeParametros } from '../../shared/contracts/rutas';

export type ValoresDe<Patron extends string> = Record<NombresDeParametros<Patron>, string | number>;

/** Arguments after the pattern: none for a pattern without parameters, their values otherwise. */
export type ArgumentosDeCamino<Patron extends string> = [NombresDeParametros<Patron>] extends [
  never,
]
  ? []
  : [valores: ValoresDe<Patron>];

/** The pattern with each `:name` replaced by its value, encoded for a URL path. */
export function rellenar<Patron extends string>(
  patron: Patron,
  ...[valores]: ArgumentosDeCamino<Patron>
): string {
  return sustituir(patron, valores ?? {});
}

/** `rellenar` for a pattern whose parameters the caller's types already checked. */
export function sustituir(patron: string, valores: Record<string, string | number>): string {
  return patron.replace(/:(\w+)/g, (_, nombre: string) => {
    const valor = valores[nombre];
    if (valor === undefined) throw new Error(`Falta el parámetro ${nombre} de ${patron}`);
    return encodeURIComponent(String(valor));
  });
}

/** The decoded parameters when `camino` fits `patron`, or null. */
export function coincidir(patron: string, camino: string): Record<string, string> | null {
  const nombres: string[] = [];
  const expresion = patron
    .split('/')
    .map((tramo) => {
      if (!tramo.startsWith(':')) return tramo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      nombres.push(tramo.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const m = new RegExp(`^${expresion}$`).exec(camino);
  if (!m) return null;
  return Object.fromEntries(nombres.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
}
