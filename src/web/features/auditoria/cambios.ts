/** An audit row's stored JSON as a person reads it: text as is, the rest as indented JSON. */
export function legible(valor: unknown): string | null {
  if (valor === undefined || valor === null) return null;
  if (typeof valor === 'string') return valor;
  if (typeof valor === 'number' || typeof valor === 'boolean') return String(valor);
  return JSON.stringify(valor, null, 2);
}
