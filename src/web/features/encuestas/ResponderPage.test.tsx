/**
 * The answer form's own behaviour: the obligatory check before sending, and which message a
 * failed submission shows (the server's msj when it sent one). The network is the browser's
 * fetch answered here as the API would; the real round trip is in e2e/encuestas.spec.ts.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clienteConSesion, respuesta } from './prueba';
import { ResponderPage } from './ResponderPage';

/** The API of one survey with a scored obligatory question; `alResponder` answers the POST. */
function api(alResponder: () => Promise<Response>) {
  return vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return alResponder();
    if (url === '/api/encuestas/5') {
      return respuesta(200, {
        Id: 5,
        Titulo: 'Atención en balanza',
        Descripcion: 'Campaña 2026',
        FechaCreacion: '2026-11-21T14:03:22',
      });
    }
    if (url === '/api/encuestas/5/preguntas') {
      return respuesta(200, [{ Id: 9, Texto: '¿Cómo lo atendieron?', Obligatoria: 1, EsTexto: 0 }]);
    }
    if (url === '/api/encuestas/5/usuario/7/respondio') return respuesta(200, { respondio: false });
    return respuesta(404, { msj: 'No se encontró el recurso solicitado' });
  });
}

function mostrar() {
  render(
    <QueryClientProvider client={clienteConSesion()}>
      <MemoryRouter initialEntries={['/encuestas/responder/5']}>
        <Routes>
          <Route path="/encuestas/responder/:id" element={<ResponderPage />} />
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponderPage', () => {
  it('sin puntaje en una obligatoria avisa y no envía; con puntaje envía las respuestas', async () => {
    const fetch = api(() => respuesta(201, { Id: 1 }));
    vi.stubGlobal('fetch', fetch);
    mostrar();
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar Respuestas' }));
    expect(
      await screen.findByText('Debes responder todas las preguntas obligatorias.'),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith('/api/encuestas/responder', expect.anything());

    await userEvent.click(screen.getByRole('radio', { name: '3 Bueno' }));
    await userEvent.type(screen.getByLabelText('Observaciones (opcional)'), 'Rápido');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Respuestas' }));
    expect(await screen.findByText('¡Gracias por responder!')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/encuestas/responder',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({
          usuarioId: 7,
          encuestaId: 5,
          respuestas: [{ preguntaId: 9, puntaje: 3, textoRespuesta: '', observaciones: 'Rápido' }],
        }),
      }),
    );
  });

  it('un rechazo del servidor muestra su msj', async () => {
    vi.stubGlobal(
      'fetch',
      api(() => respuesta(409, { msj: 'Ya respondiste esta encuesta' })),
    );
    mostrar();
    await userEvent.click(await screen.findByRole('radio', { name: '5 Excelente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Respuestas' }));
    expect(await screen.findByText('Ya respondiste esta encuesta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar Respuestas' })).toBeEnabled();
  });

  it('sin msj (la red se cayó) muestra "Error al enviar respuestas"', async () => {
    vi.stubGlobal(
      'fetch',
      api(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    mostrar();
    await userEvent.click(await screen.findByRole('radio', { name: '1 Malo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Respuestas' }));
    expect(await screen.findByText('Error al enviar respuestas')).toBeInTheDocument();
  });
});
