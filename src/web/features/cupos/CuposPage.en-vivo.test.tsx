/**
 * The quota list follows the yard: the stream is replaced here by one the test drives. A quota
 * linked to a truck leaves the list with no new load; one unlinked comes back with a new load,
 * marked; the line says 'En vivo'. The real stream runs in e2e/cupos-en-vivo.spec.ts.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import type { OyenteEnVivo } from '../../lib/en-vivo';
import { camionEnPlaya, cupoDisponible } from '../../test/datos';
import { cuerposDe, mostrar, responder } from '../../test/kit';
import { CuposPage } from './CuposPage';

const flujo = vi.hoisted(() => ({ oyentes: new Set<OyenteEnVivo>() }));

vi.mock('../../lib/en-vivo', () => ({
  seguirPlaya: (oyente: OyenteEnVivo) => {
    flujo.oyentes.add(oyente);
    return () => flujo.oyentes.delete(oyente);
  },
}));

const enviar = (codempre: number, unineg: number, c: CamionEnPlaya) =>
  act(() => {
    for (const o of flujo.oyentes) o.camion({ codempre, unineg, camion: c });
  });

const fila = (ctrl: number) => screen.queryByRole('button', { name: `Detalle del cupo ${ctrl}` });

beforeEach(() => flujo.oyentes.clear());

describe('CuposPage en vivo', () => {
  it('un cupo vinculado sale sin recargar; al desvincularlo vuelve, marcado', async () => {
    let lista = [cupoDisponible(41), cupoDisponible(42)];
    responder('POST /api/cupos', () => ({ resultado: lista }));
    mostrar(<CuposPage />, { en: '/cupos' });
    // Live before the list loaded: nothing was missed, the list is not asked for twice.
    act(() => {
      for (const o of flujo.oyentes) o.estado({ estado: 'en-vivo', desde: Date.now() - 1 });
    });
    await screen.findByRole('button', { name: 'Detalle del cupo 41' });
    expect(cuerposDe('POST /api/cupos')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^● En vivo, actualizado a las \d\d:\d\d:\d\d$/,
    );
    // The truck was seen before its quota: its quotas are known.
    enviar(1, 1, camionEnPlaya());
    await waitFor(() => expect(cuerposDe('POST /api/cupos')).toHaveLength(2)); // it was new: checked once
    expect(fila(41)).not.toBeNull();

    lista = [cupoDisponible(42)];
    enviar(1, 1, camionEnPlaya({ codestado: 2, cupo_camion: '41' }));
    expect(fila(41)).toBeNull();
    expect(fila(42)).not.toBeNull();
    expect(cuerposDe('POST /api/cupos')).toHaveLength(2);

    // Another client's or unit's truck changes nothing here.
    enviar(2, 1, camionEnPlaya({ ctrl: 8, codestado: 2, cupo_camion: '42' }));
    enviar(1, 2, camionEnPlaya({ ctrl: 9, codestado: 2, cupo_camion: '42' }));
    expect(fila(42)).not.toBeNull();
    expect(cuerposDe('POST /api/cupos')).toHaveLength(2);

    lista = [cupoDisponible(41), cupoDisponible(42)];
    enviar(1, 1, camionEnPlaya({ codestado: 1, cupo_camion: null }));
    await waitFor(() => expect(fila(41)).not.toBeNull());
    expect(cuerposDe('POST /api/cupos')).toHaveLength(3);
    expect(fila(41)!.closest('tr')).toHaveClass('fila-cambiada');
    expect(fila(42)!.closest('tr')).not.toHaveClass('fila-cambiada');
  });

  it('sin conexión lo dice', async () => {
    responder('POST /api/cupos', () => ({ resultado: [cupoDisponible(41)] }));
    mostrar(<CuposPage />, { en: '/cupos' });
    await screen.findByRole('button', { name: 'Detalle del cupo 41' });
    act(() => {
      for (const o of flujo.oyentes) o.estado({ estado: 'sin-conexion' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión, reintentando…');
  });
});
