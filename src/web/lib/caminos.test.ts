import { describe, expect, it } from 'vitest';
import { coincidir, rellenar } from './caminos';

describe('caminos con parámetros', () => {
  it('rellena cada :parámetro, codificado como un solo tramo', () => {
    expect(rellenar('/cupos/modificar/:codorden', { codorden: 44 })).toBe('/cupos/modificar/44');
    expect(
      rellenar('/api/encuestas/:id/usuario/:userId/respondio', { id: 5, userId: 'a/b c' }),
    ).toBe('/api/encuestas/5/usuario/a%2Fb%20c/respondio');
    expect(rellenar('/cupos')).toBe('/cupos');
    // @ts-expect-error: the pattern's parameter is codorden
    expect(() => rellenar('/cupos/modificar/:codorden', { ctrl: 44 })).toThrow(
      'Falta el parámetro codorden de /cupos/modificar/:codorden',
    );
  });

  it('reconoce un camino y devuelve sus parámetros decodificados', () => {
    expect(
      coincidir(
        '/api/encuestas/:id/usuario/:userId/respondio',
        '/api/encuestas/5/usuario/a%2Fb/respondio',
      ),
    ).toEqual({
      id: '5',
      userId: 'a/b',
    });
    expect(coincidir('/api/encuestas/:id', '/api/encuestas/5/preguntas')).toBeNull();
    expect(coincidir('/api/encuestas', '/api/encuestas')).toEqual({});
  });
});
