/**
 * The answer form's own behaviour: the obligatory check before sending, and which message a
 * failed submission shows (the server's msj when it sent one). The network is the browser's
 * fetch answered here as the API would; the real round trip is in e2e/encuestas.spec.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { patrones } from '../../lib/paths';
import {
  avisosEnPantalla,
  error,
  llamadasHechas,
  mostrar,
  responder,
  sinRed,
  type Manejador,
} from '../../test/kit';
import { ResponderPage } from './ResponderPage';

/** The API of survey 5 with a scored obligatory question; `alResponder` answers the POST. */
function api(alResponder: Manejador<'POST /api/encuestas/responder'>) {
  responder('GET /api/encuestas/:id', () => ({
    Id: 5,
    Titulo: 'Atención en balanza',
    Descripcion: 'Campaña 2026',
    FechaCreacion: '2026-11-21T14:03:22',
  }));
  responder('GET /api/encuestas/:id/preguntas', () => [
    { Id: 9, Texto: '¿Cómo lo atendieron?', Obligatoria: 1, EsTexto: 0 },
  ]);
  responder('GET /api/encuestas/:id/usuario/:userId/respondio', () => ({ respondio: false }));
  responder('POST /api/encuestas/responder', alResponder);
}

const respuestaGuardada = {
  Id: 1,
  EncuestaId: 5,
  UsuarioId: 7,
  FechaRespuesta: '2026-11-21T14:05:00',
};

/** The bodies sent to the answer route, exactly as they went (JSON text). */
const enviados = () =>
  llamadasHechas()
    .filter((l) => l.ruta === 'POST /api/encuestas/responder')
    .map((l) => l.init?.body);

function mostrarPagina() {
  mostrar(<ResponderPage />, {
    en: '/encuestas/responder/5',
    patron: patrones.encuestaResponder,
    conSeleccion: false,
  });
}

describe('ResponderPage', () => {
  it('sin puntaje en una obligatoria avisa y no envía; con puntaje envía las respuestas', async () => {
    api(() => respuestaGuardada);
    mostrarPagina();
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar Respuestas' }));
    expect(
      await screen.findByText('Debes responder todas las preguntas obligatorias.'),
    ).toBeInTheDocument();
    expect(enviados()).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: '3 Bueno' }));
    await userEvent.type(screen.getByLabelText('Observaciones (opcional)'), 'Rápido');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Respuestas' }));
    expect(await screen.findByText('¡Gracias por responder!')).toBeInTheDocument();
    // The warning went when its cause did: it does not stand beside the thanks.
    expect(avisosEnPantalla()).toEqual(['¡Gracias por responder!']);
    expect(enviados()).toEqual([
      JSON.stringify({
        usuarioId: 7,
        encuestaId: 5,
        respuestas: [{ preguntaId: 9, puntaje: 3, textoRespuesta: '', observaciones: 'Rápido' }],
      }),
    ]);
  });

  it('la advertencia de obligatorias se va cuando se responden, antes de enviar', async () => {
    api(() => respuestaGuardada);
    mostrarPagina();
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar Respuestas' }));
    const advertencia = 'Debes responder todas las preguntas obligatorias.';
    expect(await screen.findByText(advertencia)).toBeInTheDocument();
    // The unanswered question is marked until it changes.
    expect(screen.getByRole('radio', { name: '3 Bueno' })).toHaveClass('is-invalid');
    await userEvent.click(screen.getByRole('radio', { name: '3 Bueno' }));
    await waitFor(() => expect(avisosEnPantalla()).toEqual([]));
    expect(screen.getByRole('radio', { name: '3 Bueno' })).not.toHaveClass('is-invalid');
    expect(enviados()).toEqual([]);
  });

  it('un rechazo del servidor muestra su msj', async () => {
    api(() => error(409, { msj: 'Ya respondiste esta encuesta' }));
    mostrarPagina();
    await userEvent.click(await screen.findByRole('radio', { name: '5 Excelente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Respuestas' }));
    expect(await screen.findByText('Ya respondiste esta encuesta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar Respuestas' })).toBeEnabled();
  });

  it('sin msj (la red se cayó) muestra "Error al enviar respuestas"', async () => {
    api(() => sinRed());
    mostrarPagina();
    await userEvent.click(await screen.findByRole('radio', { name: '1 Malo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar Respuestas' }));
    expect(await screen.findByText('Error al enviar respuestas')).toBeInTheDocument();
  });
});
