/**
 * The dashboard's turns (issue 24, point 5) against bookings counted by hand, on an injected
 * terminal clock. Granos (unit 1) has two calendars: the general one, 4 places at 8 and at 9
 * every weekday, and Embolsado's own, 1 place at 8. On DIA (Thursday 10 December 2026) the
 * general calendar has exceptions: 2 places at 9 (instead of 4) and 3 at 10 (no template band).
 *
 * | band  | capacity   | company 1                                      | company 2 |
 * |-------|------------|------------------------------------------------|-----------|
 * | 08-09 | 4 + 1 = 5  | on time, no-show                               | early     |
 * | 09-10 | 2          | one still booked, one cancelled (not counted), |           |
 * |       |            | the late one of band 8 (counted where it came) |           |
 * | 10-11 | 3          |                                                |           |
 *
 * DIA's capacity is 10, the next day's 9 (template only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableroBody, TableroTurnosRespuesta } from '../../../shared/contracts/tablero';
import type { Turno } from '../../../shared/contracts/turnos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { ausentesDePrueba, presentarDePrueba } from '../turnos/datos-prueba';

const ahora = '2026-12-05T10:00:00';
const t = usarAppDePrueba({ reloj: () => ahora });
const DIA = '2026-12-10';
const DIA1 = '2026-12-11';
let admin: string;
let cliente1: string;
let cliente2: string;

async function reservar(codempre: number, hora: number): Promise<Turno> {
  const cupo = await insertarCupoDePrueba(t.db, { codempre });
  const r = await post(t.app, '/api/turnos/reservar', { cupo, fecha: DIA, hora }, admin);
  expect(r.statusCode, r.body).toBe(201);
  return r.json<Turno>();
}

async function turnos(cookie: string, cambios: Partial<TableroBody> = {}) {
  const r = await post(
    t.app,
    '/api/tablero/turnos',
    { unineg: 1, desde: DIA, hasta: DIA1, ...cambios },
    cookie,
  );
  expect(r.statusCode, r.body).toBe(200);
  return r.json<TableroTurnosRespuesta>();
}

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
  const semana = (horas: number[], capacidad: number) =>
    Array.from({ length: 7 }, (_, d) =>
      horas.map((hora) => ({ diaSemana: d + 1, hora, capacidad })),
    ).flat();
  for (const [url, cuerpo] of [
    ['/api/administracion/turnos/plantilla', { unineg: 1, franjas: semana([8, 9], 4) }],
    [
      '/api/administracion/turnos/plantilla',
      { unineg: 1, coddespacho: 2, franjas: semana([8], 1) },
    ],
    [
      '/api/administracion/turnos/excepciones',
      {
        unineg: 1,
        fecha: DIA,
        franjas: [
          { hora: 8, capacidad: 4 },
          { hora: 9, capacidad: 2 },
          { hora: 10, capacidad: 3 },
        ],
      },
    ],
  ] as const) {
    const r = await post(t.app, url, cuerpo, admin);
    expect(r.statusCode, r.body).toBe(200);
  }
  const aTiempo = await reservar(1, 8);
  const tarde = await reservar(1, 8);
  const ausente = await reservar(1, 8);
  const temprano = await reservar(2, 8);
  await reservar(1, 9);
  const cancelado = await reservar(1, 9);
  const r = await post(t.app, '/api/turnos/cancelar', { turno: cancelado.id }, admin);
  expect(r.statusCode, r.body).toBe(200);
  // As the gate and the no-show worker leave them, each on its own clock: at 09:31 band 8's
  // tolerance (30 minutes past its end) is over and the two trucks not come yet are no-shows (with the demo's bookings of
  // earlier days); the late one comes at 09:45 all the same and takes a place of band 9, where it
  // is counted.
  await presentarDePrueba(t.db, temprano, `${DIA}T06:50:00`);
  await presentarDePrueba(t.db, aTiempo, `${DIA}T08:10:00`);
  const ausentes = await ausentesDePrueba(t.db, `${DIA}T09:31:00`);
  expect(
    ausentes
      .filter((a) => a.fecha === DIA)
      .map((a) => a.id)
      .sort(),
  ).toEqual([tarde.id, ausente.id].sort());
  const llegado = await presentarDePrueba(t.db, tarde, `${DIA}T09:45:00`);
  expect([llegado.clasificacion, llegado.hora]).toEqual(['tarde', 9]);
});

const hora = (h: number, capacidad: number, reservados = 0, presentes = 0, ausentes = 0) => ({
  hora: `${DIA}T${String(h).padStart(2, '0')}:00:00`,
  capacidad,
  reservados,
  presentes,
  ausentes,
});

describe('POST /api/tablero/turnos', () => {
  it('el administrador: reservados, capacidad de todos los calendarios y llegados por hora y por día', async () => {
    const r = await turnos(admin);
    expect(r.porHora).toBe(true);
    expect(r.horas).toEqual([
      hora(8, 5, 3, 2, 1),
      hora(9, 2, 2, 1),
      hora(10, 3),
      { ...hora(8, 5), hora: `${DIA1}T08:00:00` },
      { ...hora(9, 4), hora: `${DIA1}T09:00:00` },
    ]);
    expect(r.dias).toEqual([
      { dia: DIA, capacidad: 10, reservados: 5, presentes: 3, ausentes: 1 },
      { dia: DIA1, capacidad: 9, reservados: 0, presentes: 0, ausentes: 0 },
    ]);
  });

  it('la puntualidad por empresa: a tiempo sobre llegados y ausentes', async () => {
    const r = await turnos(admin);
    expect(r.empresas.map(({ nomempre: _n, ...e }) => e)).toEqual([
      {
        codempre: 1,
        reservados: 4,
        aTiempo: 1,
        temprano: 0,
        tarde: 1,
        ausentes: 1,
        puntualidad: 33.3,
      },
      {
        codempre: 2,
        reservados: 1,
        aTiempo: 0,
        temprano: 1,
        tarde: 0,
        ausentes: 0,
        puntualidad: 0,
      },
    ]);
    // One company, as the administrator asks it.
    const una = await turnos(admin, { codempre: 2 });
    expect(una.empresas.map((e) => e.codempre)).toEqual([2]);
    expect(una.dias[0]).toEqual({
      dia: DIA,
      capacidad: 10,
      reservados: 1,
      presentes: 1,
      ausentes: 0,
    });
  });

  it('un cliente ve solo sus turnos contra la capacidad de la unidad, aunque pida otra empresa', async () => {
    const r = await turnos(cliente2, { codempre: 1 });
    expect(r.empresas.map((e) => e.codempre)).toEqual([2]);
    expect(r.horas[0]).toEqual(hora(8, 5, 1, 1, 0));
    expect(r.dias[0]).toEqual({
      dia: DIA,
      capacidad: 10,
      reservados: 1,
      presentes: 1,
      ausentes: 0,
    });
    const uno = await turnos(cliente1);
    expect(uno.empresas.map((e) => [e.codempre, e.reservados])).toEqual([[1, 4]]);
    expect(uno.horas.slice(0, 2)).toEqual([hora(8, 5, 2, 1, 1), hora(9, 2, 2, 1)]);
  });

  it('cada día suma sus horas (capacidad, reservados, llegados, ausentes)', async () => {
    const r = await turnos(admin, { desde: '2026-12-01', hasta: '2026-12-31' });
    expect(r.porHora).toBe(true);
    expect(r.dias).toHaveLength(31);
    for (const d of r.dias) {
      const suyas = r.horas.filter((h) => h.hora.startsWith(d.dia));
      const suma = (k: 'capacidad' | 'reservados' | 'presentes' | 'ausentes') =>
        suyas.reduce((s, h) => s + h[k], 0);
      expect(d, d.dia).toEqual({
        dia: d.dia,
        capacidad: suma('capacidad'),
        reservados: suma('reservados'),
        presentes: suma('presentes'),
        ausentes: suma('ausentes'),
      });
    }
  });

  it('más de 31 días: solo por día, con las mismas cifras', async () => {
    const r = await turnos(admin, { desde: '2026-11-01', hasta: '2027-01-31' });
    expect(r.porHora).toBe(false);
    expect(r.horas).toEqual([]);
    expect(r.dias).toHaveLength(92);
    expect(r.dias.find((d) => d.dia === DIA)).toEqual({
      dia: DIA,
      capacidad: 10,
      reservados: 5,
      presentes: 3,
      ausentes: 1,
    });
    expect(r.dias.find((d) => d.dia === '2026-11-02')!.capacidad).toBe(9);
  });

  it('una unidad sin calendario ni turnos: ceros, sin empresas', async () => {
    const r = await turnos(admin, { unineg: 2 });
    expect(r.horas).toEqual([]);
    expect(r.empresas).toEqual([]);
    expect(r.dias.every((d) => d.capacidad === 0 && d.reservados === 0)).toBe(true);
  });
});
