/**
 * The history's days. The range is of the terminal's days ('AAAA-MM-DD'); the browser's own
 * calendar gives 'today' (the terminal's people work in its time zone).
 */

/** The widest range the API takes (the contract's DIAS_MAXIMOS_HISTORIAL: contract values stay
 * out of the browser's bundle, so a test checks the two agree). */
export const DIAS_MAXIMOS = 3_660;

/** Days back the history opens with: the last 30, today included. */
export const DIAS_POR_DEFECTO = 30;

const dos = (n: number) => String(n).padStart(2, '0');

/** This browser's calendar day of `fecha`. */
export const diaLocal = (fecha: Date) =>
  `${fecha.getFullYear()}-${dos(fecha.getMonth() + 1)}-${dos(fecha.getDate())}`;

export function rangoPorDefecto(ahora = new Date()): { desde: string; hasta: string } {
  const antes = new Date(ahora);
  antes.setDate(antes.getDate() - (DIAS_POR_DEFECTO - 1));
  return { desde: diaLocal(antes), hasta: diaLocal(ahora) };
}

/** '2026-11-24' → its UTC midnight in milliseconds (day arithmetic without time zones). */
const msDeDia = (dia: string) => {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return Date.UTC(a, m - 1, d);
};

const DIA = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a range, in Spanish, or null when the server would take it. */
export function errorDeRango(desde: string, hasta: string): string | null {
  if (!DIA.test(desde) || !DIA.test(hasta)) return 'Elija las fechas Desde y Hasta.';
  if (desde > hasta) return 'La fecha Desde no puede ser posterior a Hasta.';
  if ((msDeDia(hasta) - msDeDia(desde)) / 86_400_000 + 1 > DIAS_MAXIMOS) {
    return `El rango no puede superar ${DIAS_MAXIMOS.toLocaleString('es-AR')} días.`;
  }
  return null;
}

/** '2026-11-24' → '24/11/2026'. */
export const diaAr = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/** '2026-11-24T14:05:00' → '24/11/2026 14:05'. */
export const fechaHoraAr = (fecha: string) => `${diaAr(fecha)} ${fecha.slice(11, 16)}`;

/** '2026-11-24T14:05:00' → a Date whose UTC reading is that wall clock (spreadsheet cells). */
export function fechaHoraExcel(fecha: string): Date {
  const [hh, mm, ss] = fecha.slice(11, 19).split(':').map(Number) as [number, number, number];
  return new Date(msDeDia(fecha.slice(0, 10)) + ((hh * 60 + mm) * 60 + (ss || 0)) * 1000);
}
