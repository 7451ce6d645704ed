/**
 * The unit selector with a deactivated unit (issue 21): still there to find its history, marked,
 * but never the default choice.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mostrar } from '../test/kit';
import { SelectorUnidad } from './Selectores';

const USUARIO = {
  uniNegs: [
    { ctrl: 1, unineg: 'Aceites', inactiva: true as const },
    { ctrl: 2, unineg: 'Granos' },
  ],
};

describe('SelectorUnidad', () => {
  it('ofrece la unidad inactiva marcada, y sin elección guardada empieza por la primera activa', async () => {
    mostrar(<SelectorUnidad />, { usuario: USUARIO });
    const selector = await screen.findByLabelText<HTMLSelectElement>('Unidad de Negocio');
    expect([...selector.options].map((o) => o.textContent)).toEqual([
      'Aceites (inactiva)',
      'Granos',
    ]);
    expect(selector.value).toBe('2');
    // Chosen on purpose, it stays chosen.
    await userEvent.selectOptions(selector, '1');
    expect(selector.value).toBe('1');
  });
});
