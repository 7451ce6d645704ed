import { describe, expect, it } from 'vitest';
import { porLotes } from './lotes';

describe('porLotes', () => {
  it('lo pedido en un mismo turno sale en una sola búsqueda; lo de después, en otra', async () => {
    const busquedas: number[][] = [];
    const buscar = porLotes(async (ids: number[]) => {
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

  it('con espera, lo que llega en otro turno antes de que venza va en el mismo lote', async () => {
    const lotes: string[][] = [];
    const anotar = porLotes(async (xs: string[]) => {
      lotes.push(xs);
      return new Map(xs.map((x) => [x, x.length]));
    }, 50);
    const primero = anotar('uno');
    // A later turn of the event loop, well within the wait.
    await new Promise((r) => setImmediate(r));
    const resultados = await Promise.all([primero, anotar('dos!')]);
    expect(resultados).toEqual([3, 4]);
    expect(lotes).toEqual([['uno', 'dos!']]);
  });

  it('si la búsqueda falla, falla para cada uno de los que la esperaban', async () => {
    const buscar = porLotes(async () => {
      throw new Error('sin base');
    });
    const resultados = await Promise.allSettled([buscar(1), buscar(2)]);
    expect(resultados.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
