/**
 * The turns' pure rules (issue 24), on the terminal's wall time ('AAAA-MM-DDTHH:MM:SS'): when a
 * band's booking opens and closes, until when a booking may change, how many places of a band
 * one company may hold, and the turn codes.
 */
import { randomBytes } from 'node:crypto';
import type { ParametrosTurnos } from '../../../shared/contracts/turnos';

const MS_MINUTO = 60_000;
const MS_DIA = 86_400_000;

/** A unit's rules when an administrator has set none: 7 days ahead, until 14:00 the day before. */
export const PARAMETROS_POR_DEFECTO: Omit<ParametrosTurnos, 'unineg'> = {
  diasAnticipacion: 7,
  cierreDiasAntes: 1,
  cierreHora: 14,
  cambioMinutosAntes: 240,
  toleranciaMinutos: 30,
  cuotaEmpresaPct: null,
};

/** Wall-time arithmetic: a wall time read as if UTC, moved, written back (no zone involved). */
const ms = (pared: string) => Date.parse(`${pared.length === 10 ? `${pared}T00:00:00` : pared}Z`);
const pared = (n: number) => new Date(n).toISOString().slice(0, 19);
const dos = (n: number) => String(n).padStart(2, '0');

/** 'AAAA-MM-DD' that exists (not '2026-02-30', not the year 0), else undefined. */
export function numeroDeDia(dia: string): number | undefined {
  if (dia < '0001-01-01') return undefined;
  const n = ms(dia);
  if (Number.isNaN(n) || new Date(n).toISOString().slice(0, 10) !== dia) return undefined;
  return n / MS_DIA;
}

export const sumarDias = (dia: string, dias: number) => pared(ms(dia) + dias * MS_DIA).slice(0, 10);

/** When the band starts: '2026-12-01', 9 → '2026-12-01T09:00:00'. */
export const inicioDeFranja = (fecha: string, hora: number) => `${fecha}T${dos(hora)}:00:00`;

export type Ventana =
  { abierta: true } | { abierta: false; motivo: 'aunNoAbre' | 'yaCerro'; limite: string };

export type ReglasDeVentana = Pick<
  ParametrosTurnos,
  'diasAnticipacion' | 'cierreDiasAntes' | 'cierreHora'
>;

/** What of a band's booking window depends only on its day: when it opens, when the day closes. */
export interface LimitesDelDia {
  abre: string;
  cierreDelDia: string;
}

/**
 * A day's limits, computed once for all its bands: availability asks for 336 bands, and the date
 * arithmetic (two `toISOString` per call) was most of its Node time (issue 24's bench).
 */
export const limitesDelDia = (p: ReglasDeVentana, fecha: string): LimitesDelDia => ({
  abre: `${sumarDias(fecha, -p.diasAnticipacion)}T00:00:00`,
  cierreDelDia: `${sumarDias(fecha, -p.cierreDiasAntes)}T${dos(p.cierreHora)}:00:00`,
});

/**
 * Whether `ahora` may book the band: from 00:00 of the day `diasAnticipacion` before (included)
 * until `cierreHora` of the day `cierreDiasAntes` before, and never once the band has started
 * (both excluded: at 14:00 sharp it is closed).
 */
export function ventanaDeReserva(
  p: ReglasDeVentana,
  fecha: string,
  hora: number,
  ahora: string,
  limites: LimitesDelDia = limitesDelDia(p, fecha),
): Ventana {
  const { abre, cierreDelDia } = limites;
  if (ahora < abre) return { abierta: false, motivo: 'aunNoAbre', limite: abre };
  const inicio = inicioDeFranja(fecha, hora);
  const cierra = cierreDelDia < inicio ? cierreDelDia : inicio;
  if (ahora >= cierra) return { abierta: false, motivo: 'yaCerro', limite: cierra };
  return { abierta: true };
}

/** Until when (excluded) a booking of the band may be changed or cancelled. */
export const limiteDeCambio = (
  p: Pick<ParametrosTurnos, 'cambioMinutosAntes'>,
  fecha: string,
  hora: number,
) => pared(ms(inicioDeFranja(fecha, hora)) - p.cambioMinutosAntes * MS_MINUTO);

/**
 * Fair share: the places of a band one company may hold, `pct` percent of its capacity rounded
 * down but at least one (a small band would otherwise take nobody); the whole band when off.
 */
export function maximoPorEmpresa(capacidad: number, pct: number | null): number {
  if (pct === null) return capacidad;
  return Math.max(1, Math.floor((capacidad * pct) / 100));
}

/**
 * The turn code's alphabet: no 0/O/D, 1/I, 8/B, 5/S, 2/Z (the confusions of a plate read over
 * the phone or by a camera), 25 characters. Eight of them: 25^8 ≈ 1.5·10^11 codes.
 */
export const ALFABETO_CODIGO = 'ACEFGHJKLMNPQRTUVWXY34679';
export const LARGO_CODIGO = 8;

/** A code from crypto random bytes, each character uniform (bytes ≥ 250 are drawn again). */
export function codigoDeTurno(): string {
  let codigo = '';
  while (codigo.length < LARGO_CODIGO) {
    for (const b of randomBytes(LARGO_CODIGO * 2)) {
      if (b >= 250 || codigo.length === LARGO_CODIGO) continue;
      codigo += ALFABETO_CODIGO[b % ALFABETO_CODIGO.length];
    }
  }
  return codigo;
}

// ---------------------------------------------------------------------------------------------
// The gate: plates and punctuality

/** A plate as written or read: upper case, without spaces, dots or dashes. */
export const normalizarPatente = (s: string) => s.toUpperCase().replace(/[\s.-]/g, '');

/** The Argentine plates a booking may name: the old AAA999 and the Mercosur AA999AA. */
export const PATENTE_ARGENTINA = /^([A-Z]{3}[0-9]{3}|[A-Z]{2}[0-9]{3}[A-Z]{2})$/;

/** Characters a person or a camera mistakes for one another on a plate. */
const CONFUSIONES = ['0OD', '1I', '8B', '5S', '2Z'];
const grupoDe = new Map([...CONFUSIONES.flatMap((g) => [...g].map((c) => [c, g] as const))]);
const confundibles = (a: string, b: string) =>
  a !== b && grupoDe.get(a) !== undefined && grupoDe.get(a) === grupoDe.get(b);

/**
 * How a plate read at the gate matches a booked one: the same ('exacta'), the same but for ONE
 * character read as one of its look-alikes ('confusion', e.g. AB1Z3CD for AB123CD), or not at all
 * (null). Two differences, a different length or a difference that is no common confusion: null.
 */
export function coincidenciaDePatente(
  leida: string,
  reservada: string,
): 'exacta' | 'confusion' | null {
  if (leida.length !== reservada.length) return null;
  let diferencias = 0;
  for (let i = 0; i < leida.length; i++) {
    if (leida[i] === reservada[i]) continue;
    if (!confundibles(leida[i]!, reservada[i]!) || ++diferencias > 1) return null;
  }
  return diferencias === 0 ? 'exacta' : 'confusion';
}

export type Clasificacion = 'a_tiempo' | 'temprano' | 'tarde';

/** Until when (excluded) a truck of the band arrives on time: the band's end plus the tolerance. */
export const finDeTolerancia = (fecha: string, hora: number, toleranciaMinutos: number) =>
  pared(ms(inicioDeFranja(fecha, hora)) + (60 + toleranciaMinutos) * MS_MINUTO);

/**
 * An arrival against its band: on time from the band's start minus the tolerance (included) to
 * its end plus the tolerance (excluded); before, early; from then on, late (and a booking still
 * without its truck by then is a no-show: the same instant).
 */
export function clasificarLlegada(
  fecha: string,
  hora: number,
  toleranciaMinutos: number,
  ahora: string,
): Clasificacion {
  const desde = pared(ms(inicioDeFranja(fecha, hora)) - toleranciaMinutos * MS_MINUTO);
  if (ahora < desde) return 'temprano';
  if (ahora >= finDeTolerancia(fecha, hora, toleranciaMinutos)) return 'tarde';
  return 'a_tiempo';
}
