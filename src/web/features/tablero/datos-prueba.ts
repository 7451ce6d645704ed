/**
 * A small dashboard's answers for the component tests, computed from the request's range so a
 * different range gives different numbers (the screen must show the new ones).
 */
import type {
  TableroBody,
  TableroCamionesRespuesta,
  TableroCuposRespuesta,
  TableroDesviosRespuesta,
  TableroRecorridosRespuesta,
  TableroToneladasRespuesta,
  TableroTurnosRespuesta,
} from '../../../shared/contracts/tablero';
import { diasEntre } from '../../lib/dias';

/** Day n of the range (0-based) has n + 1 trucks entered, n finished… */
export function camiones(c: TableroBody): TableroCamionesRespuesta {
  const dias = diasEntre(c.desde, c.hasta);
  return {
    capacidadHora: 12,
    porHora: dias.length <= 31,
    horas:
      dias.length <= 31 ? [{ hora: `${c.hasta}T09:00:00`, ingresados: 3, finalizados: 2 }] : [],
    dias: dias.map((dia, n) => ({
      dia,
      ingresados: n + 1,
      finalizados: n,
      maximoHora: n === 0 ? 0 : 1,
    })),
  };
}

export function recorridos(c: TableroBody): TableroRecorridosRespuesta {
  const grupo = (camiones: number, base: number) => ({
    camiones,
    total: { p50: base + 60.5, p90: base + 100 },
    sinOrden: { p50: base + 20, p90: base + 40 },
    conOrden: { p50: null, p90: null },
    operando: { p50: base + 30.25, p90: base + 45 },
  });
  return {
    rango: grupo(9, 0),
    dias: [{ dia: c.hasta, ...grupo(9, 0) }],
    demorados: [
      {
        ctrl: 77,
        codempre: 1,
        nomempre: 'Agroexportadora del Litoral S.A.',
        patcha: 'AB123CD',
        codestado: 1,
        nomestado: 'Playa sin orden',
        estadoDesde: '2026-11-24T07:00:00',
        minutos: 185,
        nivel: 'excedido',
      },
    ],
  };
}

export function toneladas(c: TableroBody): TableroToneladasRespuesta {
  return {
    productos: [
      { codpro: 1, nompro: 'Soja' },
      { codpro: 3, nompro: 'Trigo' },
    ],
    dias: [
      { dia: c.hasta, codpro: 1, toneladas: 1016.17 },
      { dia: c.hasta, codpro: 3, toneladas: 28.5 },
      { dia: c.desde, codpro: 1, toneladas: 1 },
    ],
  };
}

export function cupos(c: TableroBody): TableroCuposRespuesta {
  return {
    dias: diasEntre(c.desde, c.hasta).map((dia, n) => ({
      dia,
      pedidos: 2 * n,
      usados: n,
      eliminados: n % 2,
    })),
  };
}

export function desvios(total = 1): TableroDesviosRespuesta {
  return {
    toleranciaFaltante: 5,
    total,
    desvios: [
      {
        camion: 501,
        codempre: 1,
        nomempre: 'Agroexportadora del Litoral S.A.',
        patcha: 'AC456EF',
        finalizadoEn: '2026-11-23T15:42:10',
        ticket: 90012,
        tara: 15000,
        bruto: 46500,
        neto: 31500,
        maximo: 30000,
        diferencia: 1500,
        porcentaje: 5,
        tipo: 'exceso',
      },
    ],
  };
}

/** Turns: day n has 10 places, n + 2 booked, n + 1 arrived, 1 no-show; two companies. */
export function turnos(c: TableroBody): TableroTurnosRespuesta {
  const dias = diasEntre(c.desde, c.hasta);
  return {
    porHora: dias.length <= 31,
    horas:
      dias.length <= 31
        ? [{ hora: `${c.hasta}T10:00:00`, capacidad: 10, reservados: 4, presentes: 3, ausentes: 1 }]
        : [],
    dias: dias.map((dia, n) => ({
      dia,
      capacidad: 10,
      reservados: n + 2,
      presentes: n + 1,
      ausentes: 1,
    })),
    empresas: [
      {
        codempre: 1,
        nomempre: 'Agroexportadora del Litoral S.A.',
        reservados: 8,
        aTiempo: 3,
        temprano: 1,
        tarde: 1,
        ausentes: 1,
        puntualidad: 50,
      },
      {
        codempre: 2,
        nomempre: 'Cereales del Sur S.R.L.',
        reservados: 2,
        aTiempo: 0,
        temprano: 0,
        tarde: 0,
        ausentes: 0,
        puntualidad: null,
      },
    ],
  };
}
