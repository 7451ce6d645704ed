/**
 * The chart's x values. The API sends the terminal's wall clock ('2026-11-24', '2026-11-24T14:00:00');
 * the chart reads them as UTC seconds and draws its labels in UTC, so a day is a day and an hour
 * an hour whatever the time zone of the browser that shows them.
 */

/** '2026-11-24' → seconds at its midnight. */
export function segundosDeDia(dia: string): number {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return Date.UTC(a, m - 1, d) / 1000;
}

/** '2026-11-24T14:00:00' → seconds. */
export function segundosDeFechaLocal(fecha: string): number {
  const [dia = '', hora = '00:00:00'] = fecha.split('T');
  const [h, mi, s] = hora.split(':').map(Number) as [number, number, number];
  return segundosDeDia(dia) + h * 3600 + mi * 60 + (s || 0);
}

/** Seconds → '24/11/2026'. */
export function diaDeSegundos(segundos: number): string {
  const f = new Date(segundos * 1000);
  const dd = String(f.getUTCDate()).padStart(2, '0');
  const mm = String(f.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${f.getUTCFullYear()}`;
}

/** Seconds → '14:00'. */
export function horaDeSegundos(segundos: number): string {
  const f = new Date(segundos * 1000);
  return `${String(f.getUTCHours()).padStart(2, '0')}:${String(f.getUTCMinutes()).padStart(2, '0')}`;
}
