/**
 * The login screen's own behaviour: messages, steps and the server's msj. The network is the
 * browser's fetch, answered here as the API would; the real API is exercised end to end in e2e/.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage';

function respuesta(status: number, cuerpo: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(cuerpo), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

function mostrar() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('paso 1: sin usuario muestra "Este campo es obligatorio" y no llama al servidor', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    mostrar();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('paso 2: pide las coordenadas con su letra y posición, y valida cada una', async () => {
    const fetch = vi.fn(() =>
      respuesta(200, [
        [{ ctrltarjeta: 482913 }],
        [
          { letra: 'B', posicion: 3 },
          { letra: 'H', posicion: 5 },
        ],
      ]),
    );
    vi.stubGlobal('fetch', fetch);
    mostrar();
    await userEvent.type(screen.getByLabelText('Usuario'), 'cliente1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('INGRESAR COORDENADAS')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/request-coordenadas',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"userName":"cliente1"}',
      }),
    );
    await userEvent.type(screen.getByLabelText('B3'), '0');
    await userEvent.type(screen.getByLabelText('H5'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('La coordenada debe ser un valor positivo')).toBeInTheDocument();
    expect(screen.getByText('La coordenada debe ser un numero entero')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('muestra el msj del servidor en una alerta roja', async () => {
    const fetch = vi
      .fn()
      .mockImplementationOnce(() =>
        respuesta(200, [
          [{ ctrltarjeta: 482913 }],
          [
            { letra: 'A', posicion: 1 },
            { letra: 'C', posicion: 2 },
          ],
        ]),
      )
      .mockImplementationOnce(() => respuesta(401, { msj: 'Usuario o coordenadas incorrectas' }));
    vi.stubGlobal('fetch', fetch);
    mostrar();
    await userEvent.type(screen.getByLabelText('Usuario'), 'cliente1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await userEvent.type(await screen.findByLabelText('A1'), '1234');
    await userEvent.type(screen.getByLabelText('C2'), '5678');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Usuario o coordenadas incorrectas');
    expect(alerta).toHaveClass('alert-danger');
  });

  it('una respuesta del paso 1 con una sola entrada muestra "Error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respuesta(200, [[{ ctrltarjeta: 1 }]])),
    );
    mostrar();
    await userEvent.type(screen.getByLabelText('Usuario'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error$/);
  });
});
