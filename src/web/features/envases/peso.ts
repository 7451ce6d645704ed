/**
 * The weight field of 'Envases': '25', '25,5' or '1000.125' kilograms as a person types them;
 * undefined when it is not one (more than 0, up to three decimals).
 */
export function leerPeso(texto: string): number | undefined {
  const m = /^(\d{1,7})(?:[.,](\d{1,3}))?$/.exec(texto.trim());
  const peso = m ? Number(`${m[1]}.${m[2] ?? 0}`) : undefined;
  return peso !== undefined && peso > 0 ? peso : undefined;
}
