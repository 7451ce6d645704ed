import { describe, expect, it } from 'vitest';
import { camposCambiados, legible } from './cambios';

describe('camposCambiados', () => {
  it('pone los campos de antes y después lado a lado y marca los que cambiaron', () => {
    expect(
      camposCambiados({ estado: 1, obs: 'a', igual: true }, { estado: 2, obs: 'a', nuevo: 'x' }),
    ).toEqual([
      { campo: 'estado', antes: '1', despues: '2', cambio: true },
      { campo: 'obs', antes: 'a', despues: 'a', cambio: false },
      { campo: 'igual', antes: 'true', despues: null, cambio: true },
      { campo: 'nuevo', antes: null, despues: 'x', cambio: true },
    ]);
  });

  it('un alta no tiene antes; sin nada, no hay campos', () => {
    expect(camposCambiados(null, { a: 1 })).toEqual([
      { campo: 'a', antes: null, despues: '1', cambio: true },
    ]);
    expect(camposCambiados(null, null)).toEqual([]);
  });

  it('los valores anidados y los que no son objetos se leen como JSON con sangría', () => {
    expect(camposCambiados({ m: { x: 1 } }, { m: { x: 1 } })[0]!.cambio).toBe(false);
    expect(camposCambiados([1, 2], null)).toEqual([
      { campo: 'valor', antes: '[\n  1,\n  2\n]', despues: null, cambio: true },
    ]);
    expect(legible({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
