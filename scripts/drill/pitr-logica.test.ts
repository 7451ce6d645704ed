import { describe, expect, it } from 'vitest';
import { diferencias, mediana, objetivoPgBackRest, segundoSiguiente } from './pitr-logica';

describe('simulacro PITR: lógica pura', () => {
  it('el objetivo es el segundo entero siguiente, en UTC', () => {
    const marca = new Date('2026-11-26T21:30:05.812Z');
    const objetivo = segundoSiguiente(marca);
    expect(objetivo.toISOString()).toBe('2026-11-26T21:30:06.000Z');
    expect(objetivoPgBackRest(objetivo)).toBe('2026-11-26 21:30:06+00');
    // A marker committed exactly on a second still precedes its target.
    expect(segundoSiguiente(new Date('2026-11-26T21:30:05.000Z')).toISOString()).toBe(
      '2026-11-26T21:30:06.000Z',
    );
    expect(() => objetivoPgBackRest(marca)).toThrow();
  });

  it('nombra cada tabla que difiere y nada más', () => {
    const origen = {
      'public.a': { filas: 2, md5: 'x' },
      'public.b': { filas: 1, md5: 'y' },
      'public.c': { filas: 0, md5: 'z' },
    };
    expect(diferencias(origen, { ...origen })).toEqual([]);
    expect(
      diferencias(origen, {
        'public.a': { filas: 3, md5: 'x' },
        'public.b': { filas: 1, md5: 'w' },
        'public.d': { filas: 0, md5: 'z' },
      }),
    ).toEqual([
      'public.a: 2 filas en el origen, 3 restauradas',
      'public.b: las mismas 1 filas, con otro contenido',
      'public.c: falta en la copia restaurada',
      'public.d: está en la copia restaurada y no estaba en el origen',
    ]);
  });

  it('mediana', () => {
    expect(mediana([3, 1, 2])).toBe(2);
    expect(mediana([4, 1, 2, 3])).toBe(2.5);
  });
});
