import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitoVerificador, errorDeCuit, normalizarCuit } from './cuit';
import { MENSAJES_CUIT } from './textos';

describe('CUIT', () => {
  it('acepta CUITs reales escritos de varias formas y los deja como XX-XXXXXXXX-X', () => {
    // AFIP's own CUIT, and the demo terminal's.
    for (const cuit of ['33-69345023-9', '33693450239', '33 69345023 9', '30.71234567.1']) {
      expect(errorDeCuit(cuit), cuit).toBeNull();
    }
    expect(normalizarCuit('33 69345023 9')).toBe('33-69345023-9');
  });

  it('rechaza otro dígito verificador, o lo que no tiene 11 dígitos', () => {
    expect(errorDeCuit('33-69345023-8')).toBe(MENSAJES_CUIT.digito);
    expect(errorDeCuit('3369345023')).toBe(MENSAJES_CUIT.formato);
    expect(errorDeCuit('33-6934502A-9')).toBe(MENSAJES_CUIT.formato);
    // A remainder that leaves 10 has no check digit: no CUIT ends that way.
    expect(digitoVerificador('3070981234')).toBeNull();
    for (let d = 0; d <= 9; d++) expect(errorDeCuit(`30-70981234-${d}`)).not.toBeNull();
  });

  it('de diez dígitos cualesquiera, solo su dígito verificador los completa', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), fc.integer({ min: 0, max: 9 }), (diez, d) => {
        const dv = digitoVerificador(diez);
        expect(errorDeCuit(`${diez}${d}`) === null).toBe(dv === d);
      }),
    );
  });
});
