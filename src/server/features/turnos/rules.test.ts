/** The turns' pure rules at their edges: the window, the change cutoff, fair share, the codes. */
import { describe, expect, it } from 'vitest';
import {
  ALFABETO_CODIGO,
  codigoDeTurno,
  limiteDeCambio,
  maximoPorEmpresa,
  PARAMETROS_POR_DEFECTO as P,
  sumarDias,
  ventanaDeReserva,
} from './rules';

describe('ventana de reserva', () => {
  it('abre a las 00:00 de 7 días antes y cierra a las 14:00 del día anterior', () => {
    const v = (ahora: string) => ventanaDeReserva(P, '2027-01-01', 9, ahora);
    expect(v('2026-12-24T23:59:59')).toEqual({
      abierta: false,
      motivo: 'aunNoAbre',
      limite: '2026-12-25T00:00:00',
    });
    expect(v('2026-12-25T00:00:00')).toEqual({ abierta: true });
    expect(v('2026-12-31T13:59:59')).toEqual({ abierta: true });
    expect(v('2026-12-31T14:00:00')).toEqual({
      abierta: false,
      motivo: 'yaCerro',
      limite: '2026-12-31T14:00:00',
    });
  });

  it('con cierre en el mismo día, cierra al empezar la franja si es antes', () => {
    const p = { ...P, cierreDiasAntes: 0, cierreHora: 23 };
    expect(ventanaDeReserva(p, '2027-03-01', 6, '2027-03-01T05:59:00').abierta).toBe(true);
    expect(ventanaDeReserva(p, '2027-03-01', 6, '2027-03-01T06:00:00')).toMatchObject({
      motivo: 'yaCerro',
      limite: '2027-03-01T06:00:00',
    });
  });
});

describe('plazo de cambio', () => {
  it('minutos antes del inicio de la franja, cruzando la medianoche', () => {
    expect(limiteDeCambio({ cambioMinutosAntes: 240 }, '2027-03-01', 2)).toBe(
      '2027-02-28T22:00:00',
    );
    expect(limiteDeCambio({ cambioMinutosAntes: 0 }, '2028-02-29', 23)).toBe('2028-02-29T23:00:00');
  });

  it('sumarDias atraviesa meses y años bisiestos', () => {
    expect(sumarDias('2028-03-01', -1)).toBe('2028-02-29');
    expect(sumarDias('2026-12-28', 7)).toBe('2027-01-04');
  });
});

describe('cuota por empresa', () => {
  it('redondea hacia abajo pero deja al menos un lugar; sin cuota, la franja entera', () => {
    expect(maximoPorEmpresa(10, 50)).toBe(5);
    expect(maximoPorEmpresa(10, 55)).toBe(5);
    expect(maximoPorEmpresa(3, 10)).toBe(1);
    expect(maximoPorEmpresa(7, null)).toBe(7);
    expect(maximoPorEmpresa(4, 100)).toBe(4);
  });
});

describe('código de turno', () => {
  it('8 caracteres de un alfabeto sin 0/O/D, 1/I, 8/B, 5/S, 2/Z, cada uno con la misma probabilidad', () => {
    expect(ALFABETO_CODIGO).not.toMatch(/[0ODI1B8S5Z2]/);
    const cuenta = new Map<string, number>();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const c = codigoDeTurno();
      expect(c).toMatch(/^[ACEFGHJKLMNPQRTUVWXY34679]{8}$/);
      for (const ch of c) cuenta.set(ch, (cuenta.get(ch) ?? 0) + 1);
    }
    // 160,000 characters over 25: 6,400 each; ±10 % is beyond 8 standard deviations.
    expect(cuenta.size).toBe(25);
    for (const v of cuenta.values()) expect(Math.abs(v - 6400)).toBeLessThan(640);
  });
});
