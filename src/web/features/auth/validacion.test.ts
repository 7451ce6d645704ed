import { describe, expect, it } from 'vitest';
import { desafioValido, validarCoordenada } from '../../lib/coordenadas';
import { validarUsuario } from './validacion';

describe('validación del ingreso (especificación, sección 5)', () => {
  it('el usuario es obligatorio', () => {
    expect(validarUsuario('')).toBe('Este campo es obligatorio');
    expect(validarUsuario('   ')).toBe('Este campo es obligatorio');
    expect(validarUsuario('admin')).toBe(true);
  });

  it('cada coordenada: obligatoria, positiva y entera, en ese orden', () => {
    expect(validarCoordenada('')).toBe('Este campo es obligatorio');
    expect(validarCoordenada('0')).toBe('La coordenada debe ser un valor positivo');
    expect(validarCoordenada('-4')).toBe('La coordenada debe ser un valor positivo');
    expect(validarCoordenada('-4.5')).toBe('La coordenada debe ser un valor positivo');
    expect(validarCoordenada('12.5')).toBe('La coordenada debe ser un numero entero');
    expect(validarCoordenada('4821')).toBe(true);
  });
});

describe('respuesta del paso 1', () => {
  it('acepta el par [[{ ctrltarjeta }], [c1, c2]]', () => {
    expect(
      desafioValido([
        [{ ctrltarjeta: 123456 }],
        [
          { letra: 'A', posicion: 2 },
          { letra: 'J', posicion: 5 },
        ],
      ]),
    ).toEqual({
      tarjeta: 123456,
      solicitadas: [
        { letra: 'A', posicion: 2 },
        { letra: 'J', posicion: 5 },
      ],
    });
  });

  it('una respuesta de una sola entrada es un error', () => {
    expect(desafioValido([[{ ctrltarjeta: 123456 }]])).toBeUndefined();
    expect(desafioValido([])).toBeUndefined();
    expect(desafioValido({ msj: 'x' })).toBeUndefined();
    expect(desafioValido([[{ ctrltarjeta: 1 }], [{ letra: 'A', posicion: 1 }]])).toBeUndefined();
  });
});
