/**
 * Days of the terminal ('AAAA-MM-DD') in the browser: the ranges the dashboard and the stock
 * history ask for, their Spanish checks, and their forms on screen and in spreadsheets. The
 * browser's own calendar gives 'today' (the terminal's people work in its time zone; the
 * server answers in the terminal's days whatever the browser says).
 */

/**
 * The widest range the API takes (the contracts' DIAS_MAXIMOS: contract modules carry zod, which
 * the browser does not load, so the features' tests check that the two agree).
 */
export const DIAS_MAXIMOS = 3_660;

const dos = (n: number) => String(n).padStart(2, '0');
const MS_DIA = 86_400_000;

/** '2026-11-24' → its UTC midnight in milliseconds (day arithmetic without time zones). */
const msDeDia = (dia: string) => {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return Date.UTC(a, m - 1, d);
};

/** This browser's calendar day of `fecha`. */
export const diaLocal = (fecha: Date) =>
  `${fecha.getFullYear()}-${dos(fecha.getMonth() + 1)}-${dos(fecha.getDate())}`;

/** The last `dias` days, today included. */
export function rangoDeUltimos(dias: number, ahora = new Date()): { desde: string; hasta: string } {
  const antes = new Date(ahora);
  antes.setDate(antes.getDate() - (dias - 1));
  return { desde: diaLocal(antes), hasta: diaLocal(ahora) };
}

const DIA = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a range, in Spanish, or null when the server would take it. */
export function errorDeRango(desde: string, hasta: string): string | null {
  if (!DIA.test(desde) || !DIA.test(hasta)) return 'Elija las fechas Desde y Hasta.';
  if (desde > hasta) return 'La fecha Desde no puede ser posterior a Hasta.';
  if ((msDeDia(hasta) - msDeDia(desde)) / MS_DIA + 1 > DIAS_MAXIMOS) {
    return `El rango no puede superar ${DIAS_MAXIMOS.toLocaleString('es-AR')} días.`;
  }
  return null;
}

/** Every day from `desde` to `hasta`, both included (at most a little over DIAS_MAXIMOS). */
export function diasEntre(desde: string, hasta: string): string[] {
  const dias: string[] = [];
  const fin = msDeDia(hasta);
  for (let ms = msDeDia(desde); ms <= fin && dias.length <= 4_000; ms += MS_DIA) {
    const f = new Date(ms);
    dias.push(`${f.getUTCFullYear()}-${dos(f.getUTCMonth() + 1)}-${dos(f.getUTCDate())}`);
  }
  return dias;
}

/** '2026-11-24' → '24/11/2026'. */
export const diaAr = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/** '2026-11-24T14:05:00' → '24/11/2026 14:05'. */
export const fechaHoraAr = (fecha: string) => `${diaAr(fecha)} ${fecha.slice(11, 16)}`;

/** '2026-11-24' → a Date at its UTC midnight: the spreadsheet's day cell (written as UTC). */
export const fechaExcel = (dia: string) => new Date(msDeDia(dia));

/** '2026-11-24T14:05:00' → a Date whose UTC reading is that wall clock (spreadsheet cells). */
export function fechaHoraExcel(fecha: string): Date {
  const [hh, mm, ss] = fecha.slice(11, 19).split(':').map(Number) as [number, number, number];
  return new Date(msDeDia(fecha.slice(0, 10)) + ((hh * 60 + mm) * 60 + (ss || 0)) * 1000);
}
