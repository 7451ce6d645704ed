import { diaLocal } from '../../lib/dias';

/** This browser's day `dias` days from today ('AAAA-MM-DD'). */
export function hoyMas(dias: number, hoy = new Date()): string {
  const d = new Date(hoy);
  d.setDate(d.getDate() + dias);
  return diaLocal(d);
}
