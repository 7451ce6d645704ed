/**
 * The 'Turnos' screen's logic, without React: which days and hours a booking may take, the
 * quotas that still need a turn, and the calendar's edits as the API replaces them whole.
 */
import type { FranjaDisponible, FranjaOcupada, Turno } from '../../../shared/contracts/turnos';
import { franjaHoraria } from '../../../shared/formato';

/** A band as the booking dialog offers it: whether it can be chosen, and why not. */
export interface HoraOfrecida {
  hora: number;
  texto: string;
  libres: number;
  elegible: boolean;
  /** Why it cannot be chosen; null when it can. */
  motivo: string | null;
}

const motivoDe = (f: FranjaDisponible): string | null => {
  if (f.pausa !== null) return `Pausada: ${f.pausa}`;
  if (!f.abierta) return 'Fuera del plazo de reserva';
  if (f.libres === 0) return 'Sin lugares';
  return null;
};

/** The days with at least one band that takes a booking now, in order. */
export function diasConLugar(franjas: readonly FranjaDisponible[]): string[] {
  return [...new Set(franjas.filter((f) => motivoDe(f) === null).map((f) => f.fecha))].sort();
}

/** Every band of `fecha` with capacity, each with its places left and whether it may be taken. */
export function horasDelDia(franjas: readonly FranjaDisponible[], fecha: string): HoraOfrecida[] {
  return franjas
    .filter((f) => f.fecha === fecha && f.capacidad > 0)
    .map((f) => {
      const motivo = motivoDe(f);
      return {
        hora: f.hora,
        texto: franjaHoraria(f.hora),
        libres: f.libres,
        elegible: motivo === null,
        motivo,
      };
    });
}

/** The quotas without a live booking ('reservado' or 'presente'): those that may still book. */
export function cuposSinTurno<C extends { ctrl: number }>(
  cupos: readonly C[],
  turnos: readonly Pick<Turno, 'cupo' | 'estado'>[],
): C[] {
  const conTurno = new Set(
    turnos.filter((t) => t.estado === 'reservado' || t.estado === 'presente').map((t) => t.cupo),
  );
  return cupos.filter((c) => !conTurno.has(c.ctrl));
}

/** Hours `desde`..`hasta` (both included), or a Spanish reason why not. */
export function horasEntre(desde: number, hasta: number): number[] | string {
  if (!Number.isInteger(desde) || !Number.isInteger(hasta)) return 'Elija las horas.';
  if (desde < 0 || hasta > 23) return 'Las horas van de 0 a 23.';
  if (desde > hasta) return 'La hora desde no puede ser posterior a la hora hasta.';
  return Array.from({ length: hasta - desde + 1 }, (_, i) => desde + i);
}

export interface FranjaSemanal {
  diaSemana: number;
  hora: number;
  capacidad: number;
}

/**
 * The weekly template with `capacidad` places in `horas` of `dias` (ISO weekdays), the other
 * bands as they were: what POST /api/administracion/turnos/plantilla replaces whole.
 */
export function plantillaConCapacidad(
  plantilla: readonly FranjaSemanal[],
  dias: readonly number[],
  horas: readonly number[],
  capacidad: number,
): FranjaSemanal[] {
  const toca = (f: FranjaSemanal) => dias.includes(f.diaSemana) && horas.includes(f.hora);
  return [
    ...plantilla
      .filter((f) => !toca(f))
      .map(({ diaSemana, hora, capacidad: c }) => ({
        diaSemana,
        hora,
        capacidad: c,
      })),
    ...dias.flatMap((diaSemana) => horas.map((hora) => ({ diaSemana, hora, capacidad }))),
  ].sort((a, b) => a.diaSemana - b.diaSemana || a.hora - b.hora);
}

/** A date's exceptions with `capacidad` in `horas`, its other exceptions as they were. */
export function excepcionesConCapacidad(
  excepciones: readonly { fecha: string; hora: number; capacidad: number }[],
  fecha: string,
  horas: readonly number[],
  capacidad: number,
): { hora: number; capacidad: number }[] {
  return [
    ...excepciones
      .filter((e) => e.fecha === fecha && !horas.includes(e.hora))
      .map(({ hora, capacidad: c }) => ({ hora, capacidad: c })),
    ...horas.map((hora) => ({ hora, capacidad })),
  ].sort((a, b) => a.hora - b.hora);
}

/** The weekly template as a table: for each hour with any capacity, the 7 weekdays' places. */
export function grillaSemanal(plantilla: readonly FranjaSemanal[]): {
  hora: number;
  dias: number[];
}[] {
  const horas = [...new Set(plantilla.filter((f) => f.capacidad > 0).map((f) => f.hora))].sort(
    (a, b) => a - b,
  );
  return horas.map((hora) => ({
    hora,
    dias: [1, 2, 3, 4, 5, 6, 7].map(
      (d) => plantilla.find((f) => f.diaSemana === d && f.hora === hora)?.capacidad ?? 0,
    ),
  }));
}

/** A day's totals of the bands' counts. */
export function totales(franjas: readonly FranjaOcupada[]) {
  return franjas.reduce(
    (t, f) => ({
      capacidad: t.capacidad + f.capacidad,
      reservados: t.reservados + f.reservados,
      presentes: t.presentes + f.presentes,
      ausentes: t.ausentes + f.ausentes,
    }),
    { capacidad: 0, reservados: 0, presentes: 0, ausentes: 0 },
  );
}

/** Whether a live-stream notice is about what the screen shows (its unit and day). */
export const afectaA = (
  e: { unineg: number; fecha: string },
  vista: { unineg: number | undefined; fecha: string },
) => e.unineg === vista.unineg && e.fecha === vista.fecha;
