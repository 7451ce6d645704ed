import { describe, expect, it } from 'vitest';
import type { EventoCamion } from '../../../shared/contracts/en-vivo';
import { camionEnPlaya } from '../../test/datos';
import { movioStock } from './useStockEnVivo';

const evento = (ctrl: number, codestado: number): EventoCamion => ({
  codempre: 1,
  unineg: 1,
  camion: camionEnPlaya({ ctrl, codestado, cupo_camion: '41' }),
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
