/**
 * The dashboard's days. The range is of the terminal's days ('AAAA-MM-DD'); the browser's own
 * calendar gives 'today' (the terminal's people are in its time zone; the server's answer is in
 * the terminal's days whatever the browser says).
 */
import { segundosDeDia } from '../../components/grafico/tiempo';

/**
 * The contract's limits, repeated: the contract module carries zod, which the browser does not
 * load (tablero.test.tsx checks both agree).
 */
export const DIAS_MAXIMOS = 3_660;
export const DESVIOS_MAXIMOS = 500;

const dos = (n: number) => String(n).padStart(2, '0');

/** This browser's calendar day of `fecha`. */
export const diaLocal = (fecha: Date) =>
  `${fecha.getFullYear()}-${dos(fecha.getMonth() + 1)}-${dos(fecha.getDate())}`;

/** The default range: the last 7 days, today included. */
export function rangoPorDefecto(ahora = new Date()): { desde: string; hasta: string } {
  const antes = new Date(ahora);
  antes.setDate(antes.getDate() - 6);
  return { desde: diaLocal(antes), hasta: diaLocal(ahora) };
}

const DIA = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a range, in Spanish, or null when the server would take it. */
export function errorDeRango(desde: string, hasta: string): string | null {
  if (!DIA.test(desde) || !DIA.test(hasta)) return 'Elija las fechas Desde y Hasta.';
  if (desde > hasta) return 'La fecha Desde no puede ser posterior a Hasta.';
  if (diasEntre(desde, hasta).length > DIAS_MAXIMOS) {
    return `El rango no puede superar ${DIAS_MAXIMOS.toLocaleString('es-AR')} días.`;
  }
  return null;
}

/** Every day from `desde` to `hasta`, both included. */
export function diasEntre(desde: string, hasta: string): string[] {
  const dias: string[] = [];
  const fin = segundosDeDia(hasta);
  for (let s = segundosDeDia(desde); s <= fin && dias.length <= 4_000; s += 86_400) {
    const f = new Date(s * 1000);
    dias.push(`${f.getUTCFullYear()}-${dos(f.getUTCMonth() + 1)}-${dos(f.getUTCDate())}`);
  }
  return dias;
}

/** '2026-11-24' → '24/11/2026'. */
export const diaAr = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/** '2026-11-24' → a Date at its UTC midnight: the spreadsheet's day cell (written as UTC). */
export const fechaExcel = (dia: string) => new Date(segundosDeDia(dia) * 1000);

/** '2026-11-24T14:05:00' → a Date whose UTC reading is that wall clock (spreadsheet cells). */
export function fechaHoraExcel(fecha: string): Date {
  const [d = '', h = '00:00:00'] = fecha.split('T');
  const [hh, mm, ss] = h.split(':').map(Number) as [number, number, number];
  return new Date((segundosDeDia(d) + hh * 3600 + mm * 60 + (ss || 0)) * 1000);
}
