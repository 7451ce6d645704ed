/** Calendars and bookings for tests and authorization rows, made through the turns' service. */
import { sql } from 'drizzle-orm';
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
): Promise<{ turno: number; fecha: string; codigo: string }> {
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
  return { turno: t.id, fecha, codigo: t.codigo };
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
 * A booking as the gate and the no-show worker leave it, written straight in the table: FOR
 * TESTS ONLY, while those services (issue 24, points 3 and 4: check-in fills llegada,
 * clasificacion, camion_ctrl and 'presente'; the worker sets 'ausente') are not on this branch.
 * Replace with their service calls once they are.
 */
export async function marcarTurnoDePrueba(
  db: DbOTx,
  turno: number,
  m:
    | { estado: 'ausente' }
    | {
        estado: 'presente';
        clasificacion: 'a_tiempo' | 'temprano' | 'tarde';
        /** The terminal's wall time, 'AAAA-MM-DDTHH:MM:SS'. */
        llegada: string;
        camion?: number;
      },
): Promise<void> {
  if (m.estado === 'ausente') {
    await db.execute(sql`update turnos set estado = 'ausente' where id = ${turno}`);
    return;
  }
  await db.execute(sql`
    update turnos set estado = 'presente', clasificacion = ${m.clasificacion},
      llegada = ${m.llegada}::timestamp, camion_ctrl = ${m.camion ?? null}
    where id = ${turno}`);
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
