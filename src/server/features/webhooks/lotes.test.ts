import { describe, expect, it } from 'vitest';
import { buscarPorLotes } from './lotes';

describe('buscarPorLotes', () => {
  it('lo pedido en un mismo turno sale en una sola búsqueda; lo de después, en otra', async () => {
    const busquedas: number[][] = [];
    const buscar = buscarPorLotes(async (ids: number[]) => {
      busquedas.push(ids);
      return new Map(ids.filter((id) => id !== 3).map((id) => [id, `e${id}`]));
    });
    const juntos = await Promise.all([buscar(1), buscar(2), buscar(1), buscar(3)]);
    expect(juntos).toEqual(['e1', 'e2', 'e1', undefined]);
    expect(busquedas).toEqual([[1, 2, 3]]);
    // Nothing kept: a later delivery reads the endpoint again (it may have been disabled).
    expect(await buscar(1)).toBe('e1');
    expect(busquedas).toEqual([[1, 2, 3], [1]]);
  });

  it('si la búsqueda falla, falla para cada uno de los que la esperaban', async () => {
    const buscar = buscarPorLotes(async () => {
      throw new Error('sin base');
    });
    const resultados = await Promise.allSettled([buscar(1), buscar(2)]);
    expect(resultados.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
