/**
 * The pending-survey notice follows a sign-in, not a page load, and a failed check is only
 * logged. The network is the browser's fetch answered here as the API would; the real round
 * trip is in e2e/encuestas.spec.ts.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clienteConSesion, respuesta } from './prueba';
import { marcarIngreso } from '../../lib/ingreso-reciente';
import { AvisoEncuestasPendientes } from './AvisoEncuestasPendientes';

const AVISO = /^Tenés 2 encuesta\(s\) pendiente\(s\) para responder\.$/;

function mostrar(codempre = 1) {
  return render(
    <QueryClientProvider client={clienteConSesion(codempre)}>
      <AvisoEncuestasPendientes />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

const dosPendientes = [
  { Id: 1, Titulo: 'A', Descripcion: null, FechaCreacion: '2026-11-21T14:03:22' },
  { Id: 2, Titulo: 'B', Descripcion: null, FechaCreacion: '2026-11-20T14:03:22' },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AvisoEncuestasPendientes', () => {
  // Runs first: no sign-in has been counted in this module yet, as after a page reload.
  it('sin un ingreso reciente (una recarga) no consulta nada', async () => {
    const fetch = vi.fn(() => respuesta(200, dosPendientes));
    vi.stubGlobal('fetch', fetch);
    mostrar();
    await new Promise((r) => setTimeout(r, 0));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('después del ingreso pide pendientes/{userId} y avisa una sola vez por ingreso', async () => {
    const fetch = vi.fn(() => respuesta(200, dosPendientes));
    vi.stubGlobal('fetch', fetch);
    marcarIngreso();
    const { unmount } = mostrar();
    expect(await screen.findByText(AVISO)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/encuestas/pendientes/7', expect.anything());
    unmount();

    // The shell mounting again in the same sign-in does not repeat the notice.
    mostrar();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText(AVISO)).not.toBeInTheDocument();
  });

  it('un administrador no tiene pendientes: no consulta', async () => {
    const fetch = vi.fn(() => respuesta(200, dosPendientes));
    vi.stubGlobal('fetch', fetch);
    marcarIngreso();
    mostrar(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('si la consulta falla solo queda en el registro', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respuesta(500, { msj: 'Error interno del servidor' })),
    );
    const registro = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    marcarIngreso();
    mostrar();
    await waitFor(() => expect(registro).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/pendiente/)).not.toBeInTheDocument();
  });
});
