/** The gate's pure rules: plates read with one common confusion, and punctuality at its edges. */
import { describe, expect, it } from 'vitest';
import {
  clasificarLlegada,
  coincidenciaDePatente,
  finDeTolerancia,
  normalizarPatente,
  PATENTE_ARGENTINA,
} from './rules';

describe('patentes', () => {
  it('se normalizan: mayúsculas, sin espacios, puntos ni guiones', () => {
    expect(normalizarPatente(' ab-123 cd ')).toBe('AB123CD');
    expect(normalizarPatente('abc.123')).toBe('ABC123');
  });

  it('las argentinas: la vieja AAA999 y la Mercosur AA999AA, nada más', () => {
    for (const p of ['ABC123', 'AB123CD']) expect(PATENTE_ARGENTINA.test(p)).toBe(true);
    for (const p of ['AB1234', 'ABC12', 'A1B2C3', 'AB123C', 'ABCD123', 'ab123cd']) {
      expect(PATENTE_ARGENTINA.test(p), p).toBe(false);
    }
  });

  it.each([
    // read, booked, how they match
    ['AB123CD', 'AB123CD', 'exacta'],
    ['AB1Z3CD', 'AB123CD', 'confusion'], // 2/Z
    ['A8123CD', 'AB123CD', 'confusion'], // 8/B
    ['AB123C0', 'AB123CD', 'confusion'], // 0/D
    ['OBC123', 'DBC123', 'confusion'], // O/D
    ['ABC1Z3', 'ABC123', 'confusion'],
    ['ABCI23', 'ABC123', 'confusion'], // I/1
    ['ABC12S', 'ABC125', 'confusion'], // S/5
    ['AB1Z3C0', 'AB123CD', null], // two confusions
    ['AB124CD', 'AB123CD', null], // 4 for 3: no common confusion
    ['AB123C', 'AB123CD', null], // a character missing
    ['XB123CD', 'AB123CD', null],
  ] as const)('%s leída contra %s reservada: %s', (leida, reservada, esperado) => {
    expect(coincidenciaDePatente(leida, reservada)).toBe(esperado);
  });
});

describe('puntualidad: franja de las 10, tolerancia 30 minutos', () => {
  const c = (ahora: string) => clasificarLlegada('2026-12-09', 10, 30, `2026-12-09T${ahora}`);

  it('temprano hasta un minuto antes de las 09:30, a tiempo desde las 09:30', () => {
    expect(c('09:29:00')).toBe('temprano');
    expect(c('09:29:59')).toBe('temprano');
    expect(c('09:30:00')).toBe('a_tiempo');
    expect(c('09:31:00')).toBe('a_tiempo');
  });

  it('a tiempo hasta un minuto antes de las 11:30, tarde desde las 11:30', () => {
    expect(c('11:29:00')).toBe('a_tiempo');
    expect(c('11:29:59')).toBe('a_tiempo');
    expect(c('11:30:00')).toBe('tarde');
    expect(c('11:31:00')).toBe('tarde');
  });

  it('la franja de las 23 termina al otro día; sin tolerancia, la franja exacta', () => {
    expect(finDeTolerancia('2026-12-31', 23, 30)).toBe('2027-01-01T00:30:00');
    expect(clasificarLlegada('2026-12-09', 10, 0, '2026-12-09T09:59:00')).toBe('temprano');
    expect(clasificarLlegada('2026-12-09', 10, 0, '2026-12-09T10:00:00')).toBe('a_tiempo');
    expect(clasificarLlegada('2026-12-09', 10, 0, '2026-12-09T11:00:00')).toBe('tarde');
  });
});
