/**
 * The bands of a calendar's range, as availability and the 'Turnos' screen read them (one
 * set-based query, repository `franjas`): each band's capacity from its date's exception over the
 * weekday's template, its bookings by state, and the pause in force — the day's over the band's,
 * the first of each, never a lifted one nor another calendar's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Turno } from '../../../shared/contracts/turnos';
import { CLI } from '../../cli/actor';
import { usarAppDePrueba } from '../../test/app';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { ausentesDePrueba, calendarioDeJornada, presentarDePrueba } from './datos-prueba';
import { ventanaDeReserva } from './rules';
import * as turnos from './servicio';

const AHORA = '2026-12-05T10:00:00';
const reloj = () => AHORA;
const t = usarAppDePrueba({ reloj });
/** Thursday and Friday: bands from 8 to 17 with 4 places in Granos. */
const DIA = '2026-12-10';
const OTRO = '2026-12-11';

async function reservar(fecha: string, hora: number): Promise<Turno> {
  const cupo = await insertarCupoDePrueba(t.db);
  return turnos.reservar(t.db, reloj, 'terminal', CLI, { cupo, fecha, hora });
}

async function pausar(unineg: number, fecha: string, hora: number | null, motivo: string) {
  return (await turnos.pausar(t.db, CLI, { unineg, fecha, hora, motivo })).pausa.id;
}

beforeAll(async () => {
  await calendarioDeJornada(t.db, 4);
  await calendarioDeJornada(t.db, 4, 2);
  // Band 9 of DIA: one booked, one present, one absent, one cancelled, each made by its service
  // on its own clock: the no-show worker's runs ahead of the bookings' (at 10:31 band 9's
  // tolerance is over), so the one booked after it is still booked.
  const ausente = await reservar(DIA, 9);
  const marcados = await ausentesDePrueba(t.db, `${DIA}T10:31:00`);
  expect(marcados.filter((m) => m.fecha === DIA).map((m) => m.id)).toEqual([ausente.id]);
  await reservar(DIA, 9);
  await presentarDePrueba(t.db, await reservar(DIA, 9), `${DIA}T09:10:00`);
  const cancelado = await reservar(DIA, 9);
  await turnos.cancelar(t.db, reloj, 'terminal', CLI, { turno: cancelado.id });
  // Band 12 is closed by the date's exception after it was booked: it still shows, with 0.
  await reservar(DIA, 12);
  await turnos.guardarExcepciones(t.db, CLI, {
    unineg: 1,
    fecha: DIA,
    franjas: [
      { hora: 8, capacidad: 1 },
      { hora: 12, capacidad: 0 },
      { hora: 20, capacidad: 3 },
    ],
  });
  // Band 10: two pauses (the first one's reason shows); band 11: a lifted one (none shows).
  await pausar(1, DIA, 10, 'Lluvia');
  await pausar(1, DIA, 10, 'Otra');
  const levantada = await pausar(1, DIA, 11, 'Levantada');
  await turnos.reanudar(t.db, CLI, { pausa: levantada });
  // Another unit's pause of the same band is not Granos'.
  await pausar(2, DIA, 9, 'Otra unidad');
  // OTRO: a band's pause, then the whole day's: every band shows the day's.
  await pausar(1, OTRO, 9, 'Franja');
  await pausar(1, OTRO, null, 'Día entero');
});

describe('las franjas de un rango', () => {
  it('disponibilidad: capacidad de la excepción o la plantilla, reservados vivos, la pausa del día antes que la de la franja', async () => {
    const r = await turnos.disponibilidad(t.db, reloj, 'terminal', {
      unineg: 1,
      desde: DIA,
      hasta: OTRO,
    });
    const vista = r.franjas.map((f) => [
      f.fecha,
      f.hora,
      f.capacidad,
      f.reservados,
      f.libres,
      f.pausa,
    ]);
    const horas = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
    expect(vista).toEqual([
      [DIA, 8, 1, 0, 1, null],
      [DIA, 9, 4, 2, 2, null],
      [DIA, 10, 4, 0, 4, 'Lluvia'],
      [DIA, 11, 4, 0, 4, null],
      [DIA, 12, 0, 1, 0, null],
      ...[13, 14, 15, 16, 17].map((h) => [DIA, h, 4, 0, 4, null]),
      [DIA, 20, 3, 0, 3, null],
      ...horas.map((h) => [OTRO, h, 4, 0, 4, 'Día entero']),
    ]);
  });

  it('ocupación: presentes y ausentes por franja, sin los cancelados', async () => {
    const o = await turnos.ocupacion(t.db, { unineg: 1, fecha: DIA });
    expect(o.franjas.find((f) => f.hora === 9)).toEqual({
      hora: 9,
      capacidad: 4,
      reservados: 2,
      presentes: 1,
      ausentes: 1,
      pausa: null,
    });
    expect(o.franjas.map((f) => [f.hora, f.pausa])).toEqual([
      [8, null],
      [9, null],
      [10, 'Lluvia'],
      ...[11, 12, 13, 14, 15, 16, 17, 20].map((h) => [h, null]),
    ]);
  });

  it('un tipo de despacho sin calendario propio ve el general de su unidad', async () => {
    const cuerpo = { unineg: 1, desde: DIA, hasta: OTRO };
    const general = await turnos.disponibilidad(t.db, reloj, 'terminal', cuerpo);
    const delTipo = await turnos.disponibilidad(t.db, reloj, 'terminal', {
      ...cuerpo,
      coddespacho: 2,
    });
    expect(delTipo.franjas).toEqual(general.franjas);
    expect(general.franjas).toHaveLength(21);
  });

  it('disponibilidad: cada franja abierta según la regla, con las reglas por defecto o las de la unidad', async () => {
    const cuerpo = { unineg: 2, desde: DIA, hasta: OTRO };
    /** Each band's `abierta` against the rule itself, with the unit's rules as parametrosDe reads them. */
    const comparar = async (ahora: string) => {
      const r = await turnos.disponibilidad(t.db, () => ahora, 'terminal', cuerpo);
      const p = await turnos.parametrosDe(t.db, 2);
      expect(r.franjas).toHaveLength(20);
      for (const f of r.franjas) {
        expect([f.fecha, f.hora, f.abierta]).toEqual([
          f.fecha,
          f.hora,
          ventanaDeReserva(p, f.fecha, f.hora, ahora).abierta,
        ]);
      }
      return r.franjas.filter((f) => f.abierta).map((f) => `${f.fecha} ${f.hora}`);
    };
    // No rules set for unit 2: 7 days ahead, until 14:00 the day before.
    expect(await comparar('2026-12-02T23:59:59')).toEqual([]);
    expect(await comparar('2026-12-03T00:00:00')).toHaveLength(10);
    expect(await comparar('2026-12-09T13:59:59')).toHaveLength(20);
    expect(await comparar('2026-12-09T14:00:00')).toHaveLength(10);
    // Its own: 2 days ahead, until 09:00 the same day (and never once a band started).
    await turnos.guardarParametros(t.db, CLI, {
      unineg: 2,
      diasAnticipacion: 2,
      cierreDiasAntes: 0,
      cierreHora: 9,
      cambioMinutosAntes: 60,
      toleranciaMinutos: 15,
      cuotaEmpresaPct: null,
    });
    expect(await comparar('2026-12-07T23:59:59')).toEqual([]);
    expect(await comparar('2026-12-08T00:00:00')).toHaveLength(10);
    expect(await comparar(`${DIA}T08:00:00`)).toEqual([
      ...[9, 10, 11, 12, 13, 14, 15, 16, 17].map((h) => `${DIA} ${h}`),
      ...[8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map((h) => `${OTRO} ${h}`),
    ]);
    expect(await comparar(`${DIA}T09:00:00`)).toHaveLength(10);
  });
});
