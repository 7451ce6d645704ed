/** Display formats shared by screens and exports (spec sections 3, 8 and 9). */

/** '2026-11-21T14:03:22' → '2026-11-21 14:03:22': first 19 characters, T replaced by a space. */
export function fechaHora19(valor: string | null | undefined): string {
  if (!valor) return '';
  return valor.slice(0, 19).replace('T', ' ');
}

/** '2026-11-21T14:03:22' → '21/11/2026 14:03' (surveys). Reads the wall time as sent. */
export function fechaDdMmAaaaHhMm(valor: string | null | undefined): string {
  if (!valor) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(valor);
  if (!m) return valor;
  return `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}`;
}

const formatos = new Map<string, Intl.NumberFormat>();

/**
 * es-AR number format: 1.234,5 (at most `decimales` decimals, at least `minimos`: a column of
 * tonnes reads best as 1.016,170).
 */
export function numeroAr(valor: number | null | undefined, decimales = 3, minimos = 0): string {
  if (valor === null || valor === undefined || Number.isNaN(valor)) return '';
  const clave = `${decimales}/${minimos}`;
  let formato = formatos.get(clave);
  if (!formato) {
    formato = new Intl.NumberFormat('es-AR', {
      maximumFractionDigits: decimales,
      minimumFractionDigits: minimos,
    });
    formatos.set(clave, formato);
  }
  return formato.format(valor);
}

/** Obs is cut to 20 characters plus an ellipsis when longer than 10 (spec section 9). */
export function obsCorta(obs: string | null | undefined): string {
  if (!obs) return '';
  return obs.length > 10 ? `${obs.slice(0, 20)}...` : obs;
}

const dosCifras = (n: number) => String(n).padStart(2, '0');

/** A turn's hour band as people read it: 9 → '09:00 a 10:00'. */
export const franjaHoraria = (hora: number) => `${dosCifras(hora)}:00 a ${dosCifras(hora + 1)}:00`;

const DIAS_SEMANA = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** A day as people read it: '2026-12-09' → 'miércoles 09/12/2026'. */
export function diaConSemana(dia: string): string {
  const [a, m, d] = dia.split('-');
  const semana = DIAS_SEMANA[new Date(`${dia}T12:00:00Z`).getUTCDay()];
  return `${semana} ${d}/${m}/${a}`;
}
