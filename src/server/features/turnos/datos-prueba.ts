/** Calendars and bookings for tests and authorization rows, made through the turns' service. */
import { sql } from 'drizzle-orm';
import type { Turno } from '../../../shared/contracts/turnos';
import { CLI } from '../../cli/actor';
import type { Db, DbOTx } from '../../db/client';
import { relojDeTerminal } from '../../reloj-terminal';
import { crearCamion } from '../camiones/datos-prueba';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { sumarDias } from './rules';
import * as turnos from './servicio';

/** The unit's general calendar's template: hours `desde` to `hasta` (included) of every weekday. */
async function plantillaSemanal(
  db: Db,
  unineg: number,
  capacidad: number,
  desde: number,
  hasta: number,
): Promise<void> {
  const franjas = [];
  for (let diaSemana = 1; diaSemana <= 7; diaSemana++) {
    for (let hora = desde; hora <= hasta; hora++) franjas.push({ diaSemana, hora, capacidad });
  }
  await turnos.guardarPlantilla(db, CLI, { unineg, franjas });
}

/** Every hour of every weekday with `capacidad` places, in the unit's general calendar. */
export async function calendarioAbierto(db: Db, unineg = 1, capacidad = 1000): Promise<void> {
  await plantillaSemanal(db, unineg, capacidad, 0, 23);
}

/**
 * A working day's calendar: the bands from 8 to 17 (8:00 to 18:00) of every weekday with
 * `capacidad` places each, in the unit's general calendar.
 */
export async function calendarioDeJornada(db: Db, capacidad: number, unineg = 1): Promise<void> {
  await plantillaSemanal(db, unineg, capacidad, 8, 17);
}

/** The terminal's day `dias` days from today ('AAAA-MM-DD'): the connection's zone is its. */
export async function diaDesdeHoy(db: DbOTx, dias: number): Promise<string> {
  const { rows } = await db.execute<{ dia: string }>(
    sql`select to_char(now()::date + ${dias}::int, 'YYYY-MM-DD') as dia`,
  );
  return rows[0]!.dia;
}

/**
 * A fresh quota of company 1 in Granos booked at 10:00 three days from now (open under the
 * default rules on the real clock), with the unit's calendar open.
 */
export async function turnoDePrueba(
  db: Db,
): Promise<{ turno: number; fecha: string; codigo: string; codempre: number; unineg: number }> {
  await calendarioAbierto(db);
  const fecha = await diaDesdeHoy(db, 3);
  const cupo = await insertarCupoDePrueba(db);
  const t = await turnos.reservar(
    db,
    relojDeTerminal('America/Argentina/Buenos_Aires'),
    'terminal',
    CLI,
    {
      cupo,
      fecha,
      hora: 10,
    },
  );
  return { turno: t.id, fecha, codigo: t.codigo, codempre: t.codempre, unineg: t.unineg };
}

/** A fresh pause of a band of Subproductos, 50 days from now; its id. */
export async function pausarParaPrueba(db: Db): Promise<number> {
  const r = await turnos.pausar(db, CLI, {
    unineg: 2,
    fecha: await diaDesdeHoy(db, 50),
    hora: 9,
    motivo: 'Prueba',
  });
  return r.pausa.id;
}

/**
 * Checks a booking in as the gate does (`turnos.presentar`: classified against its band, a late
 * truck moved to the band of its arrival, the quota linked to the truck), at the terminal's wall
 * time `llegada` ('AAAA-MM-DDTHH:MM:SS'), with `camion` or a fresh truck of the booking's company
 * and unit in the yard.
 */
export async function presentarDePrueba(
  db: Db,
  turno: Pick<Turno, 'codigo' | 'codempre' | 'unineg'>,
  llegada: string,
  camion?: number,
): Promise<Turno> {
  const ctrl =
    camion ??
    (await crearCamion(db, { codempre: turno.codempre, unineg: turno.unineg, patcha: 'PR000AA' }));
  const r = await turnos.presentar(db, () => llegada, 'terminal', CLI, {
    camion: ctrl,
    codigo: turno.codigo,
  });
  return r.turno!;
}

/** The no-show worker's round (`turnos.marcarAusentes`) at the terminal's wall time `ahora`. */
export function ausentesDePrueba(db: Db, ahora: string): Promise<Turno[]> {
  return turnos.marcarAusentes(db, () => ahora);
}

/**
 * A booking of company `codempre` in Granos for `fecha` at `hora` (plate `patente`), booked as if
 * the day before at 00:00 (its window open under the default rules), and a truck of the same
 * client in the yard (Playa sin orden) with plate `patcha`.
 */
export async function turnoYCamion(
  db: Db,
  o: { fecha: string; hora: number; patente?: string | null; patcha?: string; codempre?: number },
) {
  const codempre = o.codempre ?? 1;
  const cupo = await insertarCupoDePrueba(db, { codempre });
  const turno = await turnos.reservar(
    db,
    () => `${sumarDias(o.fecha, -1)}T00:00:00`,
    'terminal',
    CLI,
    { cupo, fecha: o.fecha, hora: o.hora, patente: o.patente ?? null },
  );
  const camion = await crearCamion(db, { codempre, patcha: o.patcha ?? o.patente ?? 'AA000AA' });
  return { turno, camion, cupo };
}

/** The same for today's band of now, on the real clock, with Granos open every hour. */
export async function turnoYCamionDeHoy(db: Db) {
  await calendarioAbierto(db);
  const ahora = relojDeTerminal('America/Argentina/Buenos_Aires')();
  return turnoYCamion(db, { fecha: ahora.slice(0, 10), hora: Number(ahora.slice(11, 13)) });
}
