/**
 * Lookups by key asked for in the same turn of the event loop, answered by one search. The
 * worker starts every row of a take in one loop (trabajador.ts), so the endpoints of all the
 * webhooks it took come in one statement instead of one each (~250 a second at the gate's
 * pace: statements PostgreSQL runs on the same cores that answer the gate). Nothing is kept
 * after the search: a later delivery reads its endpoint again (disabled, deleted, a new secret).
 */
export function buscarPorLotes<K, V>(
  buscar: (claves: K[]) => Promise<Map<K, V>>,
): (clave: K) => Promise<V | undefined> {
  let pendiente: { claves: Set<K>; resultado: Promise<Map<K, V>> } | null = null;
  return async (clave) => {
    if (!pendiente) {
      const claves = new Set<K>();
      // Searched once the code that asked runs to its end: the rest of the take joins.
      const resultado = Promise.resolve().then(() => {
        pendiente = null;
        return buscar([...claves]);
      });
      pendiente = { claves, resultado };
    }
    pendiente.claves.add(clave);
    return (await pendiente.resultado).get(clave);
  };
}
