import { describe, expect, it } from 'vitest';
import type { EventoCamion } from '../../../shared/contracts/en-vivo';
import { movioStock } from './useStockEnVivo';

/** Given by spread: fields the trucks' contract may add are no excess here. */
const desde = { estado_desde: '2026-11-21T14:03:22' };

const evento = (ctrl: number, codestado: number): EventoCamion => ({
  codempre: 1,
  unineg: 1,
  camion: {
    ...desde,
    ctrl,
    txtempresa: 'Agroexportadora del Litoral S.A.',
    patcha: 'AB123CD',
    pataco: null,
    cargateorica: 30000,
    nomchofer: 'Juan González',
    dni: '30111222',
    ingplaya: '2026-11-21T14:03:22',
    codestado,
    nomestado: '',
    cupo_camion: '41',
  },
});

describe('stock en vivo', () => {
  it('el stock se mueve cuando un camión termina (el bruto), una sola vez', () => {
    const estados = new Map<number, number>();
    expect(movioStock(estados, evento(7, 1))).toBe(false);
    expect(movioStock(estados, evento(7, 2))).toBe(false);
    expect(movioStock(estados, evento(7, 3))).toBe(false);
    expect(movioStock(estados, evento(7, 4))).toBe(true);
    // It leaves the yard: another change, still Finalizado, moves nothing.
    expect(movioStock(estados, evento(7, 4))).toBe(false);
  });

  it('un camión que llega terminado sin haberlo visto antes también mueve el stock', () => {
    expect(movioStock(new Map(), evento(8, 4))).toBe(true);
  });
});
