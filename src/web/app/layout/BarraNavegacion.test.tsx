import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMINISTRADOR, mostrar } from '../../test/kit';
import { BarraNavegacion } from './BarraNavegacion';

/** The entries the bar shows lit, by their text. */
const encendidas = () =>
  [...document.querySelectorAll('#navegacion-principal .nav-link.active')].map((e) =>
    e.textContent?.trim(),
  );

describe('la barra de navegación', () => {
  it('enciende solo la entrada de la ruta en la que está, también después de pasar por otras', async () => {
    const usuario = userEvent.setup();
    mostrar(<BarraNavegacion />, { en: '/camiones', patron: '*', usuario: ADMINISTRADOR });
    expect(encendidas()).toEqual(['Camiones']);
    await usuario.click(screen.getByRole('link', { name: 'Tablero' }));
    expect(encendidas()).toEqual(['Tablero']);
    await usuario.click(screen.getByRole('button', { name: 'Administración' }));
    const menu = screen.getByRole('button', { name: 'Administración' }).parentElement!;
    await usuario.click(within(menu).getByRole('link', { name: 'Auditoría' }));
    expect(encendidas()).toEqual(['Administración']);
    await usuario.click(screen.getByRole('link', { name: 'Stock' }));
    expect(encendidas()).toEqual(['Stock']);
    // Leaving by a link outside the menu (the brand, a link in a screen): the route still decides.
    await usuario.click(screen.getByRole('link', { name: 'Portal Acopio' }));
    expect(encendidas()).toEqual(['Camiones']);
  });
});
