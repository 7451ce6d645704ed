import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import { camionEnPlaya } from '../../test/datos';
import {
  contarConEspera,
  desfaseTerminal,
  esperaDe,
  formatoEspera,
  minutosDeEspera,
  msDeFechaLocal,
  nivelDeEspera,
  textoDemoras,
} from './espera';
import { useReloj } from './useReloj';

const umbral = {
  unineg: 1,
  sinOrdenAviso: 60,
  sinOrdenLimite: 120,
  conOrdenAviso: 30,
  conOrdenLimite: 90,
};

const camion = (c: Partial<CamionEnPlaya>): CamionEnPlaya =>
  camionEnPlaya({
    ctrl: 1,
    ingplaya: '2026-11-21T08:00:00',
    estado_desde: '2026-11-21T08:00:00',
    ...c,
  });

const a = (fecha: string) => msDeFechaLocal(fecha);

describe('la espera', () => {
  it('cuenta minutos enteros de reloj de pared, a través de medianoche, nunca negativos', () => {
    expect(minutosDeEspera('2026-11-21T08:00:00', a('2026-11-21T08:00:59'))).toBe(0);
    expect(minutosDeEspera('2026-11-21T08:00:00', a('2026-11-21T08:12:00'))).toBe(12);
    expect(minutosDeEspera('2026-11-21T23:50:00', a('2026-11-22T00:15:30'))).toBe(25);
    // A clock a little behind the server's: 0, not '-1 min'.
    expect(minutosDeEspera('2026-11-21T08:00:30', a('2026-11-21T08:00:00'))).toBe(0);
  });

  it("se muestra '12 min', '2 h 05 min'", () => {
    expect(formatoEspera(0)).toBe('0 min');
    expect(formatoEspera(12)).toBe('12 min');
    expect(formatoEspera(59)).toBe('59 min');
    expect(formatoEspera(60)).toBe('1 h 00 min');
    expect(formatoEspera(125)).toBe('2 h 05 min');
    expect(formatoEspera(26 * 60 + 3)).toBe('26 h 03 min');
  });

  it('pasado el aviso está demorado, pasado el límite excedido; solo en playa y con umbrales', () => {
    expect(nivelDeEspera(1, 59, umbral)).toBe('normal');
    expect(nivelDeEspera(1, 60, umbral)).toBe('demorado');
    expect(nivelDeEspera(1, 119, umbral)).toBe('demorado');
    expect(nivelDeEspera(1, 120, umbral)).toBe('excedido');
    expect(nivelDeEspera(2, 29, umbral)).toBe('normal');
    expect(nivelDeEspera(2, 30, umbral)).toBe('demorado');
    expect(nivelDeEspera(2, 90, umbral)).toBe('excedido');
    expect(nivelDeEspera(3, 10_000, umbral)).toBe('normal');
    expect(nivelDeEspera(4, 10_000, umbral)).toBe('normal');
    expect(nivelDeEspera(1, 10_000, undefined)).toBe('normal');
  });

  it('el reloj de la terminal sale de la hora que dio el servidor, sin importar la zona del navegador', () => {
    const recibido = Date.UTC(2026, 10, 21, 19, 0, 0); // whatever this browser's clock said
    const desfase = desfaseTerminal('2026-11-21T16:00:00', recibido);
    expect(recibido + desfase).toBe(a('2026-11-21T16:00:00'));
    // 90 s later on the browser's clock, 90 s later at the terminal.
    expect(
      esperaDe(
        camion({ estado_desde: '2026-11-21T15:00:00' }),
        recibido + 90_000 + desfase,
        umbral,
      ),
    ).toEqual({ minutos: 61, texto: '1 h 01 min', nivel: 'demorado' });
  });

  it('cuenta por estado los demorados y los excedidos', () => {
    const ahora = a('2026-11-21T10:00:00');
    const cuentas = contarConEspera(
      [
        camion({ ctrl: 1, estado_desde: '2026-11-21T09:30:00' }),
        camion({ ctrl: 2, estado_desde: '2026-11-21T08:30:00' }),
        camion({ ctrl: 3, estado_desde: '2026-11-21T07:00:00' }),
        camion({ ctrl: 4, estado_desde: '2026-11-21T06:00:00' }),
        camion({ ctrl: 5, codestado: 2, estado_desde: '2026-11-21T09:00:00' }),
        camion({ ctrl: 6, codestado: 3, estado_desde: '2026-11-20T09:00:00' }),
      ],
      ahora,
      umbral,
    );
    expect(cuentas[1]).toEqual({ total: 4, demorados: 1, excedidos: 2 });
    expect(cuentas[2]).toEqual({ total: 1, demorados: 1, excedidos: 0 });
    expect(cuentas[3]).toEqual({ total: 1, demorados: 0, excedidos: 0 });
    expect(textoDemoras(cuentas[1])).toBe('(1 demorado, 2 excedidos)');
    expect(textoDemoras(cuentas[2])).toBe('(1 demorado)');
    expect(textoDemoras(cuentas[3])).toBe('');
  });
});

describe('useReloj', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('un solo reloj que avanza cada 30 s', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 12, 0, 0) });
    const { result } = renderHook(() => useReloj());
    const inicio = result.current;
    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(result.current).toBe(inicio);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe(inicio + 30_000);
  });
});
