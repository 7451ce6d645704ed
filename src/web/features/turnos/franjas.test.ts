import { describe, expect, it } from 'vitest';
import type { FranjaDisponible } from '../../../shared/contracts/turnos';
import {
  afectaA,
  cuposSinTurno,
  diasConLugar,
  excepcionesConCapacidad,
  grillaSemanal,
  horasDelDia,
  horasEntre,
  plantillaConCapacidad,
  totales,
} from './franjas';

const franja = (p: Partial<FranjaDisponible>): FranjaDisponible => ({
  fecha: '2026-12-10',
  hora: 8,
  capacidad: 4,
  reservados: 0,
  libres: 4,
  pausa: null,
  abierta: true,
  ...p,
});

describe('los días y las horas que se ofrecen para reservar', () => {
  const franjas = [
    franja({ hora: 8, libres: 2, reservados: 2 }),
    franja({ hora: 9, libres: 0, reservados: 4 }),
    franja({ hora: 10, pausa: 'Lluvia' }),
    franja({ hora: 11, abierta: false }),
    franja({ hora: 12, capacidad: 0, libres: 0 }),
    franja({ fecha: '2026-12-11', hora: 8, libres: 0, reservados: 4 }),
    franja({ fecha: '2026-12-12', hora: 8, libres: 1 }),
  ];

  it('un día se ofrece si alguna franja tiene lugar, está abierta y no está pausada', () => {
    expect(diasConLugar(franjas)).toEqual(['2026-12-10', '2026-12-12']);
  });

  it('cada hora con capacidad dice sus lugares y, si no se puede elegir, por qué', () => {
    expect(horasDelDia(franjas, '2026-12-10')).toEqual([
      { hora: 8, texto: '08:00 a 09:00', libres: 2, elegible: true, motivo: null },
      { hora: 9, texto: '09:00 a 10:00', libres: 0, elegible: false, motivo: 'Sin lugares' },
      { hora: 10, texto: '10:00 a 11:00', libres: 4, elegible: false, motivo: 'Pausada: Lluvia' },
      {
        hora: 11,
        texto: '11:00 a 12:00',
        libres: 4,
        elegible: false,
        motivo: 'Fuera del plazo de reserva',
      },
    ]);
  });
});

it('un cupo con un turno reservado o presente ya no se ofrece; uno cancelado o ausente sí', () => {
  const cupos = [{ ctrl: 1 }, { ctrl: 2 }, { ctrl: 3 }, { ctrl: 4 }, { ctrl: 5 }];
  const turnos = [
    { cupo: 1, estado: 'reservado' as const },
    { cupo: 2, estado: 'presente' as const },
    { cupo: 3, estado: 'cancelado' as const },
    { cupo: 4, estado: 'ausente' as const },
  ];
  expect(cuposSinTurno(cupos, turnos).map((c) => c.ctrl)).toEqual([3, 4, 5]);
});

it('las horas de un rango, o por qué no', () => {
  expect(horasEntre(8, 10)).toEqual([8, 9, 10]);
  expect(horasEntre(10, 8)).toBe('La hora desde no puede ser posterior a la hora hasta.');
  expect(horasEntre(0, 24)).toBe('Las horas van de 0 a 23.');
});

describe('el calendario, editado como la API lo reemplaza', () => {
  it('la plantilla cambia solo los días y horas elegidos', () => {
    const antes = [
      { diaSemana: 1, hora: 8, capacidad: 4 },
      { diaSemana: 1, hora: 9, capacidad: 4 },
      { diaSemana: 2, hora: 8, capacidad: 4 },
    ];
    expect(plantillaConCapacidad(antes, [1, 3], [9, 10], 6)).toEqual([
      { diaSemana: 1, hora: 8, capacidad: 4 },
      { diaSemana: 1, hora: 9, capacidad: 6 },
      { diaSemana: 1, hora: 10, capacidad: 6 },
      { diaSemana: 2, hora: 8, capacidad: 4 },
      { diaSemana: 3, hora: 9, capacidad: 6 },
      { diaSemana: 3, hora: 10, capacidad: 6 },
    ]);
  });

  it('las excepciones de una fecha conservan las otras horas de esa fecha, no las de otras fechas', () => {
    const antes = [
      { fecha: '2026-12-10', hora: 8, capacidad: 2 },
      { fecha: '2026-12-10', hora: 12, capacidad: 0 },
      { fecha: '2026-12-11', hora: 8, capacidad: 1 },
    ];
    expect(excepcionesConCapacidad(antes, '2026-12-10', [12, 13], 0)).toEqual([
      { hora: 8, capacidad: 2 },
      { hora: 12, capacidad: 0 },
      { hora: 13, capacidad: 0 },
    ]);
  });

  it('la grilla semanal lista las horas con capacidad y un 0 donde un día no tiene', () => {
    expect(
      grillaSemanal([
        { diaSemana: 1, hora: 9, capacidad: 4 },
        { diaSemana: 7, hora: 9, capacidad: 2 },
        { diaSemana: 2, hora: 8, capacidad: 0 },
      ]),
    ).toEqual([{ hora: 9, dias: [4, 0, 0, 0, 0, 0, 2] }]);
  });
});

it('los totales del día y qué aviso en vivo toca la vista', () => {
  const f = { hora: 8, capacidad: 4, reservados: 3, presentes: 1, ausentes: 1, pausa: null };
  expect(totales([f, { ...f, hora: 9 }])).toEqual({
    capacidad: 8,
    reservados: 6,
    presentes: 2,
    ausentes: 2,
  });
  const vista = { unineg: 1, fecha: '2026-12-10' };
  expect(afectaA({ unineg: 1, fecha: '2026-12-10' }, vista)).toBe(true);
  expect(afectaA({ unineg: 2, fecha: '2026-12-10' }, vista)).toBe(false);
  expect(afectaA({ unineg: 1, fecha: '2026-12-11' }, vista)).toBe(false);
});
