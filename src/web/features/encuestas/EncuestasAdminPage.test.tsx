/**
 * The administrator's survey forms (react-hook-form, docs/desarrollo.md "Formularios"): what each
 * sends, and the spec's notices (section 5) instead of messages under the fields.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { ADMINISTRADOR, avisosEnPantalla, cuerposDe, mostrar, responder } from '../../test/kit';
import { EncuestasAdminPage } from './EncuestasAdminPage';

const ENCUESTA = {
  Id: 7,
  Titulo: 'Atención en balanza',
  Descripcion: null,
  FechaCreacion: '2026-11-21T14:03:22',
};

describe('encuestas del administrador', () => {
  it('sin título avisa y no envía; con título crea y deja el formulario vacío', async () => {
    responder('GET /api/encuestas', () => []);
    responder('POST /api/encuestas', ({ cuerpo }) => ({
      ...ENCUESTA,
      Titulo: cuerpo.titulo,
      Descripcion: cuerpo.descripcion ?? null,
    }));
    mostrar(<EncuestasAdminPage />, { en: '/encuestas', usuario: ADMINISTRADOR });
    const titulo = await screen.findByLabelText('Título');
    await userEvent.type(screen.getByLabelText('Descripción'), 'Para mejorar');
    await userEvent.click(screen.getByRole('button', { name: T.crearEncuesta }));
    await waitFor(() => expect(avisosEnPantalla()).toContain(T.debeCompletarTitulo));
    expect(cuerposDe('POST /api/encuestas')).toEqual([]);

    await userEvent.type(titulo, 'Tiempos de descarga');
    await userEvent.click(screen.getByRole('button', { name: T.crearEncuesta }));
    await waitFor(() => expect(avisosEnPantalla()).toContain(T.encuestaCreada));
    expect(cuerposDe('POST /api/encuestas')).toEqual([
      { titulo: 'Tiempos de descarga', descripcion: 'Para mejorar' },
    ]);
    expect(screen.getByLabelText('Título')).toHaveValue('');
  });

  it('agrega una pregunta (vacía se ignora) y edita otra con sus casillas', async () => {
    responder('GET /api/encuestas', () => [ENCUESTA]);
    responder('GET /api/encuestas/:id/preguntas', () => [
      { Id: 3, Texto: '¿Lo atendieron bien?', Obligatoria: 1, EsTexto: 0 },
    ]);
    responder('POST /api/encuestas/pregunta', ({ cuerpo }) => ({
      Id: 4,
      Texto: cuerpo.Texto,
      Obligatoria: 0,
      EsTexto: 0,
    }));
    responder('POST /api/encuestas/pregunta/editar', ({ cuerpo }) => ({
      Id: cuerpo.id,
      Texto: cuerpo.texto,
      Obligatoria: cuerpo.obligatoria ? 1 : 0,
      EsTexto: cuerpo.esTexto ? 1 : 0,
    }));
    mostrar(<EncuestasAdminPage />, { en: '/encuestas', usuario: ADMINISTRADOR });
    await userEvent.click(await screen.findByRole('button', { name: T.preguntas }));
    const modal = await screen.findByRole('dialog', { name: T.preguntasDe(ENCUESTA.Titulo) });

    const nueva = within(modal).getByLabelText(T.agregarNuevaPregunta);
    await userEvent.click(within(modal).getByRole('button', { name: 'Agregar' }));
    expect(cuerposDe('POST /api/encuestas/pregunta')).toEqual([]);
    await userEvent.type(nueva, '¿Volvería?');
    await userEvent.click(within(modal).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(nueva).toHaveValue(''));
    expect(cuerposDe('POST /api/encuestas/pregunta')).toEqual([
      { EncuestaId: 7, Texto: '¿Volvería?' },
    ]);

    const texto = await within(modal).findByLabelText('Pregunta 1');
    const guardar = within(modal).getByRole('button', { name: T.guardar });
    await userEvent.clear(texto);
    expect(guardar).toBeDisabled();
    await userEvent.type(texto, '¿Lo atendieron rápido?');
    await userEvent.click(within(modal).getByLabelText(T.obligatoria));
    await userEvent.click(within(modal).getByLabelText(T.esTexto));
    await userEvent.click(guardar);
    await waitFor(() =>
      expect(cuerposDe('POST /api/encuestas/pregunta/editar')).toEqual([
        { id: 3, texto: '¿Lo atendieron rápido?', obligatoria: false, esTexto: true },
      ]),
    );
  });
});
