/**
 * Calls close together answered by one call of `hacer` with all of them: those made in the same
 * turn of the event loop (`esperaMs` 0), or within `esperaMs` of the first. The outbox's worker
 * starts every row of a take in one loop and its deliveries end within a few milliseconds of each
 * other, so the endpoints they need come in one statement, and their outcomes and tries are
 * written in one statement each, instead of one each (hundreds a second at the gate's pace:
 * statements PostgreSQL runs on the cores that answer the gate). Nothing is kept after a call:
 * a later one asks again (an endpoint disabled, deleted, given a new secret).
 */
export function porLotes<K, V>(
  hacer: (claves: K[]) => Promise<Map<K, V>>,
  esperaMs = 0,
): (clave: K) => Promise<V | undefined> {
  let pendiente: { claves: Set<K>; resultado: Promise<Map<K, V>> } | null = null;
  return async (clave) => {
    if (!pendiente) {
      const claves = new Set<K>();
      // Once the code that asked runs to its end (or the wait is over): the rest joins.
      const juntos =
        esperaMs > 0 ? new Promise<void>((r) => setTimeout(r, esperaMs)) : Promise.resolve();
      const resultado = juntos.then(() => {
        pendiente = null;
        return hacer([...claves]);
      });
      pendiente = { claves, resultado };
    }
    pendiente.claves.add(clave);
    return (await pendiente.resultado).get(clave);
  };
}
