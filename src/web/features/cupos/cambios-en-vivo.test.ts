import { describe, expect, it } from 'vitest';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import { camionEnPlaya, cupoDisponible } from '../../test/datos';
import { cuposDelCamion, efectoEnCupos, recordar, sinCupos } from './cambios-en-vivo';

const camion = (c: Partial<CamionEnPlaya>) =>
  camionEnPlaya({ codestado: 2, nomestado: 'Playa con orden', ...c });

describe('cupos en vivo', () => {
  it('lee los cupos de un camión como los muestra la lista de playa', () => {
    expect(cuposDelCamion('41, 57')).toEqual([41, 57]);
    expect(cuposDelCamion('41')).toEqual([41]);
    expect(cuposDelCamion(null)).toEqual([]);
    expect(cuposDelCamion('')).toEqual([]);
  });

  it('un cupo vinculado sale de la lista; los otros quedan, en su orden', () => {
    const conocidos = new Map([[7, [41]]]);
    const efecto = efectoEnCupos(conocidos, camion({ cupo_camion: '41, 57' }));
    expect(efecto).toEqual({ salen: [41, 57], vuelven: [], dudoso: false });
    const lista = [cupoDisponible(40), cupoDisponible(57), cupoDisponible(58)];
    expect(sinCupos(lista, efecto.salen).map((c) => c.ctrl)).toEqual([40, 58]);
  });

  it('sin cambios en la lista devuelve la misma lista (nada que volver a dibujar)', () => {
    const lista = [cupoDisponible(40)];
    expect(sinCupos(lista, [41])).toBe(lista);
    expect(sinCupos(lista, [])).toBe(lista);
  });

  it('un cupo desvinculado de un camión conocido vuelve: se sabe cuál', () => {
    const conocidos = new Map([[7, [41, 57]]]);
    expect(efectoEnCupos(conocidos, camion({ cupo_camion: '57' }))).toEqual({
      salen: [57],
      vuelven: [41],
      dudoso: false,
    });
    expect(
      efectoEnCupos(conocidos, camion({ codestado: 1, nomestado: 'Playa sin orden' })),
    ).toEqual({ salen: [], vuelven: [41, 57], dudoso: false });
  });

  it('un camión no visto antes en playa (1 o 2) pudo perder un cupo: dudoso', () => {
    const nadie = new Map<number, number[]>();
    expect(efectoEnCupos(nadie, camion({ codestado: 1, cupo_camion: null })).dudoso).toBe(true);
    expect(efectoEnCupos(nadie, camion({ codestado: 2, cupo_camion: '41' }))).toEqual({
      salen: [41],
      vuelven: [],
      dudoso: true,
    });
    // Operando or Finalizado: a quota is never unlinked there.
    expect(efectoEnCupos(nadie, camion({ codestado: 3, cupo_camion: '41' })).dudoso).toBe(false);
    expect(efectoEnCupos(nadie, camion({ codestado: 4, cupo_camion: '41' })).dudoso).toBe(false);
  });

  it('recuerda los cupos de cada camión y olvida al que terminó', () => {
    const conocidos = new Map<number, readonly number[]>();
    recordar(conocidos, camion({ ctrl: 7, cupo_camion: '41, 57' }));
    recordar(conocidos, camion({ ctrl: 8, codestado: 1, cupo_camion: null }));
    expect([...conocidos]).toEqual([
      [7, [41, 57]],
      [8, []],
    ]);
    recordar(conocidos, camion({ ctrl: 7, codestado: 4, cupo_camion: '41, 57' }));
    expect([...conocidos.keys()]).toEqual([8]);
  });
});
