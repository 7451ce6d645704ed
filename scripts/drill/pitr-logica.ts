/** The pure parts of the PITR drill (pitr.ts): the recovery target and the comparison of photos. */

/** Row count and content hash of every table, keyed by "schema.table". */
export type Foto = Record<string, { filas: number; md5: string }>;

/** The first whole second strictly after `instante`: the recovery target ("to the second"). */
export function segundoSiguiente(instante: Date): Date {
  return new Date(Math.floor(instante.getTime() / 1000) * 1000 + 1000);
}

/** `2026-11-26 21:30:06+00`: a recovery_target_time PostgreSQL reads the same in any time zone. */
export function objetivoPgBackRest(instante: Date): string {
  if (instante.getUTCMilliseconds() !== 0) throw new Error('El objetivo es un segundo entero.');
  return `${instante.toISOString().slice(0, 19).replace('T', ' ')}+00`;
}

/** Each difference between the photo taken at the marker and the restored one, in Spanish. */
export function diferencias(esperada: Foto, restaurada: Foto): string[] {
  const nombres = [...new Set([...Object.keys(esperada), ...Object.keys(restaurada)])].sort();
  const salida: string[] = [];
  for (const tabla of nombres) {
    const e = esperada[tabla];
    const r = restaurada[tabla];
    if (!e) salida.push(`${tabla}: está en la copia restaurada y no estaba en el origen`);
    else if (!r) salida.push(`${tabla}: falta en la copia restaurada`);
    else if (e.filas !== r.filas)
      salida.push(`${tabla}: ${e.filas} filas en el origen, ${r.filas} restauradas`);
    else if (e.md5 !== r.md5)
      salida.push(`${tabla}: las mismas ${e.filas} filas, con otro contenido`);
  }
  return salida;
}

export function mediana(valores: number[]): number {
  const orden = [...valores].sort((a, b) => a - b);
  const medio = Math.floor(orden.length / 2);
  return orden.length % 2 ? orden[medio]! : (orden[medio - 1]! + orden[medio]!) / 2;
}
