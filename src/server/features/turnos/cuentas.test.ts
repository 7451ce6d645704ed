/**
 * The bands' kept counts (migration 0033: `turnos_franjas.reservados`, `presentes`, `ausentes`,
 * written by triggers on `turnos`) equal the bookings counted again after every kind of change —
 * booking, change, cancel, check-in on time and late (moved to the band of now), no-show, a
 * quota's deletion — in a seeded random sequence; `verificarFranjas` (the CLI's `turnos
 * verificar`) finds a band changed by hand; and two bookings moved across the same two bands at
 * once both succeed (the bands are locked in key order, never in a cycle); `recalcularFranjas`
 * (`turnos recalcular`) run while bookings change leaves every band equal to its recount.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../../cli/actor';
import { ErrorHttp } from '../../errores';
import { usarAppDePrueba } from '../../test/app';
import { crearCamion } from '../camiones/datos-prueba';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { calendarioDeJornada } from './datos-prueba';
import * as turnos from './servicio';

const AHORA = '2026-12-05T10:00:00';
const reloj = () => AHORA;
const t = usarAppDePrueba({ reloj });
/** Tuesday and Wednesday: bands 8 to 17 with 3 places each in Granos. */
const DIAS = ['2026-12-08', '2026-12-09'];

/** A small seeded generator (mulberry32): the same sequence on every run. */
function azar(semilla: number) {
  let a = semilla;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** A refusal (409) is an outcome like any other here; anything else is not. */
async function intentar(hacer: () => Promise<unknown>): Promise<void> {
  try {
    await hacer();
  } catch (e) {
    if (!(e instanceof ErrorHttp && e.statusCode === 409)) throw e;
  }
}

async function reservados(): Promise<{ id: number; cupo: number; fecha: string }[]> {
  const { rows } = await t.db.execute<{ id: number; cupo: number; fecha: string }>(sql`
    select id, cupo_ctrl as cupo, to_char(fecha, 'YYYY-MM-DD') as fecha from turnos
    where estado = 'reservado' and fecha between ${DIAS[0]} and ${DIAS[1]} order by id`);
  return rows;
}

beforeAll(async () => {
  await calendarioDeJornada(t.db, 3);
});

describe('las cuentas de cada franja', () => {
  it('coinciden con los turnos contados de nuevo después de cada operación, al azar', async () => {
    const n = azar(24);
    const franja = () => ({ fecha: DIAS[n(2)]!, hora: 8 + n(10) });
    for (let paso = 0; paso < 80; paso++) {
      const vivos = await reservados();
      const uno = vivos[n(Math.max(1, vivos.length))];
      const op = vivos.length === 0 ? 0 : n(6);
      if (op <= 1) {
        const cupo = await insertarCupoDePrueba(t.db);
        await intentar(() => turnos.reservar(t.db, reloj, 'terminal', CLI, { cupo, ...franja() }));
      } else if (op === 2) {
        await intentar(() =>
          turnos.cambiar(t.db, reloj, 'terminal', CLI, { turno: uno!.id, ...franja() }),
        );
      } else if (op === 3) {
        await intentar(() => turnos.cancelar(t.db, reloj, 'terminal', CLI, { turno: uno!.id }));
      } else if (op === 4) {
        // Its quota deleted: the quotas' service cancels its booking in its own transaction.
        await t.db.transaction((tx) => turnos.cancelarDeCuposEn(tx, CLI, [uno!.cupo]));
      } else {
        // The gate, on the booking's day at a random hour: on time, early, or late (then it
        // takes a place in the band of now, or is refused).
        const ahora = `${uno!.fecha}T${String(8 + n(10)).padStart(2, '0')}:20:00`;
        const t0 = (
          await t.db.execute<{ codempre: number; codigo: string }>(
            sql`select codempre, codigo from turnos where id = ${uno!.id}`,
          )
        ).rows[0]!;
        const camion = await crearCamion(t.db, { codempre: t0.codempre, patcha: 'AA000AA' });
        await intentar(() =>
          turnos.presentar(t.db, () => ahora, 'terminal', CLI, { camion, codigo: t0.codigo }),
        );
      }
      if (paso % 20 === 19) {
        // The no-shows of the bands over at some hour of the first day.
        await turnos.marcarAusentes(
          t.db,
          () => `${DIAS[0]}T${String(9 + n(9)).padStart(2, '0')}:00:00`,
        );
      }
      expect(await turnos.verificarFranjas(t.db), `paso ${paso}`).toEqual([]);
    }
    // Every kind of state was reached, so every branch of the trigger counted.
    const { rows } = await t.db.execute<{ estado: string }>(
      sql`select distinct estado from turnos where fecha between ${DIAS[0]} and ${DIAS[1]}
          order by estado`,
    );
    expect(rows.map((r) => r.estado)).toEqual(['ausente', 'cancelado', 'presente', 'reservado']);
    // And what availability shows is that recount, band by band.
    const r = await turnos.disponibilidad(t.db, reloj, 'terminal', {
      unineg: 1,
      desde: DIAS[0]!,
      hasta: DIAS[1]!,
    });
    const { rows: contadas } = await t.db.execute<{ fecha: string; hora: number; n: number }>(sql`
      select to_char(fecha, 'YYYY-MM-DD') as fecha, hora, count(*)::int as n from turnos
      where estado in ('reservado', 'presente') and fecha between ${DIAS[0]} and ${DIAS[1]}
      group by fecha, hora`);
    const cuenta = new Map(contadas.map((c) => [`${c.fecha}/${c.hora}`, c.n]));
    expect(r.franjas.map((f) => f.reservados)).toEqual(
      r.franjas.map((f) => cuenta.get(`${f.fecha}/${f.hora}`) ?? 0),
    );
  });

  it('verificar encuentra una franja cambiada a mano', async () => {
    const cupo = await insertarCupoDePrueba(t.db);
    await turnos.reservar(t.db, reloj, 'terminal', CLI, { cupo, fecha: '2026-12-10', hora: 9 });
    await t.db.execute(sql`
      update turnos_franjas set reservados = reservados + 1
      where fecha = '2026-12-10' and hora = 9`);
    const diferencias = await turnos.verificarFranjas(t.db);
    expect(diferencias.map((d) => [d.fecha, d.hora, d.guardado, d.calculado])).toEqual([
      [
        '2026-12-10',
        9,
        { reservados: 2, presentes: 0, ausentes: 0 },
        { reservados: 1, presentes: 0, ausentes: 0 },
      ],
    ]);
    await t.db.execute(sql`
      update turnos_franjas set reservados = reservados - 1
      where fecha = '2026-12-10' and hora = 9`);
    expect(await turnos.verificarFranjas(t.db)).toEqual([]);
  });

  it('dos turnos que se cruzan entre las mismas dos franjas a la vez se mueven los dos', async () => {
    const fecha = '2026-12-11';
    for (let ronda = 0; ronda < 10; ronda++) {
      const [a, b] = await Promise.all(
        [8, 9].map(async (hora) =>
          turnos.reservar(t.db, reloj, 'terminal', CLI, {
            cupo: await insertarCupoDePrueba(t.db),
            fecha,
            hora,
          }),
        ),
      );
      await Promise.all([
        turnos.cambiar(t.db, reloj, 'terminal', CLI, { turno: a!.id, fecha, hora: 9 }),
        turnos.cambiar(t.db, reloj, 'terminal', CLI, { turno: b!.id, fecha, hora: 8 }),
      ]);
      await Promise.all(
        [a!, b!].map((x) => turnos.cancelar(t.db, reloj, 'terminal', CLI, { turno: x.id })),
      );
    }
    expect(await turnos.verificarFranjas(t.db)).toEqual([]);
  });

  it('recalcular mientras se reserva, se cambia y se cancela no deja ninguna franja distinta', async () => {
    const fecha = '2026-12-12';
    // A band wrong from the start, so each recalculation has something to write.
    const cupo0 = await insertarCupoDePrueba(t.db);
    await turnos.reservar(t.db, reloj, 'terminal', CLI, { cupo: cupo0, fecha, hora: 10 });
    await t.db.execute(sql`
      update turnos_franjas set reservados = reservados + 5 where fecha = ${fecha} and hora = 10`);
    const cupos = await Promise.all(Array.from({ length: 12 }, () => insertarCupoDePrueba(t.db)));
    const corregidas: number[] = [];
    await Promise.all([
      ...cupos.map(async (cupo, i) => {
        const tr = await turnos.reservar(t.db, reloj, 'terminal', CLI, {
          cupo,
          fecha,
          hora: 8 + (i % 6),
        });
        // Three places a band: two per band from 8 to 13, then the odd ones to 14 and 15.
        if (i % 2)
          await turnos.cambiar(t.db, reloj, 'terminal', CLI, {
            turno: tr.id,
            fecha,
            hora: 14 + ((i >> 1) % 2),
          });
        if (i % 3 === 0) await turnos.cancelar(t.db, reloj, 'terminal', CLI, { turno: tr.id });
      }),
      ...[0, 1, 2].map(async () =>
        corregidas.push((await turnos.recalcularFranjas(t.db, CLI)).length),
      ),
    ]);
    expect(await turnos.verificarFranjas(t.db)).toEqual([]);
    // The hand-made difference was fixed by exactly one of the three.
    expect(corregidas.sort()).toEqual([0, 0, 1]);
  });
});
