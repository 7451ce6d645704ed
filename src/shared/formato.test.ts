import { describe, expect, it } from 'vitest';
import { fechaDdMmAaaaHhMm, fechaHora19, numeroAr, obsCorta } from './formato';

describe('formatos', () => {
  it('fechaHora19: primeros 19 caracteres, T por espacio', () => {
    expect(fechaHora19('2026-11-21T14:03:22')).toBe('2026-11-21 14:03:22');
    expect(fechaHora19('2026-11-21T14:03:22.123-03:00')).toBe('2026-11-21 14:03:22');
    expect(fechaHora19(null)).toBe('');
  });

  it('fechaDdMmAaaaHhMm: dd/mm/yyyy hh:mm', () => {
    expect(fechaDdMmAaaaHhMm('2026-03-05T09:07:00')).toBe('05/03/2026 09:07');
  });

  it('numeroAr: formato es-AR', () => {
    expect(numeroAr(1234.5)).toBe('1.234,5');
    expect(numeroAr(28_340)).toBe('28.340');
    expect(numeroAr(-12.3456)).toBe('-12,346');
    expect(numeroAr(undefined)).toBe('');
    // Tonnes: always three decimals, to the kilogram.
    expect(numeroAr(1016.17, 3, 3)).toBe('1.016,170');
    expect(numeroAr(-3.091, 3, 3)).toBe('-3,091');
    expect(numeroAr(0, 3, 3)).toBe('0,000');
  });

  it('obsCorta: 20 caracteres más puntos suspensivos cuando supera 10', () => {
    expect(obsCorta('corta')).toBe('corta');
    expect(obsCorta('exactamente')).toBe('exactamente...');
    expect(obsCorta('Prioridad exportación, buque MV Paraná Star')).toBe('Prioridad exportació...');
    expect(obsCorta(null)).toBe('');
  });
});
