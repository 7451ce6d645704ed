/**
 * The administrator's reminders at the next sign-in (issue 16): one notice per survey, with a
 * link to answer it, marked seen once through a POST. The real round trip is in
 * e2e/encuestas.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { claves } from '../../lib/claves';
import { marcarIngreso, ultimoIngreso } from '../../lib/ingreso-reciente';
import {
  ADMINISTRADOR,
  CLIENTE,
  cuerposDe,
  error,
  llamadasHechas,
  mostrar,
  responder,
  type OpcionesMostrar,
} from '../../test/kit';
import { RecordatoriosEncuestas } from './RecordatoriosEncuestas';

const DOS = [
  { EncuestaId: 4, Titulo: 'Atención en balanza', EnviadoEn: '2026-11-21T14:03:22' },
  { EncuestaId: 9, Titulo: 'Tiempos de descarga', EnviadoEn: '2026-11-20T10:00:00' },
];

const mostrarRecordatorios = (opciones: OpcionesMostrar = {}) =>
  mostrar(<RecordatoriosEncuestas />, {
    conSeleccion: false,
    otras: { '/encuestas/responder/:id': <p>Pantalla para responder</p> },
    ...opciones,
  });

/** The component's query in the cache, once it observes it. */
const consulta = (cliente: QueryClient, userId: number) =>
  cliente
    .getQueryCache()
    .find({ queryKey: claves.encuestas.recordatorios(userId, ultimoIngreso()) });

beforeEach(() => {
  responder('POST /api/encuestas/recordatorios/vistos', ({ cuerpo }) => ({
    vistos: cuerpo.encuestaIds.length,
  }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RecordatoriosEncuestas', () => {
  // Runs first: no sign-in counted in this module yet, as after a page reload.
  it('sin un ingreso reciente (una recarga) no consulta ni marca nada', async () => {
    responder('GET /api/encuestas/recordatorios/usuario/:userId', () => DOS);
    const { cliente } = mostrarRecordatorios();
    await waitFor(() => expect(consulta(cliente, CLIENTE.userId)?.isDisabled()).toBe(true));
    expect(llamadasHechas()).toEqual([]);
  });

  it('nombra cada encuesta con su enlace, marca vistos una sola vez y se cierra', async () => {
    responder('GET /api/encuestas/recordatorios/usuario/:userId', () => DOS);
    marcarIngreso();
    const primero = mostrarRecordatorios();
    const region = await screen.findByRole('region', { name: 'Recordatorios de encuestas' });
    const avisos = within(region).getAllByRole('status');
    expect(avisos.map((a) => a.textContent)).toEqual([
      'Recordatorio: la encuesta «Atención en balanza» espera tu respuesta. Responder ahora',
      'Recordatorio: la encuesta «Tiempos de descarga» espera tu respuesta. Responder ahora',
    ]);
    await waitFor(() =>
      expect(cuerposDe('POST /api/encuestas/recordatorios/vistos')).toEqual([
        { encuestaIds: [4, 9] },
      ]),
    );

    // The shell mounting again in the same sign-in: still shown, not marked twice.
    primero.unmount();
    mostrarRecordatorios({ cliente: primero.cliente });
    expect(await screen.findAllByRole('status')).toHaveLength(2);
    expect(cuerposDe('POST /api/encuestas/recordatorios/vistos')).toHaveLength(1);

    // Closing one leaves the other; following the link opens the survey and closes its notice.
    await userEvent.click(screen.getAllByRole('button', { name: 'Cerrar recordatorio' })[0]!);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: 'Responder ahora' }));
    expect(await screen.findByText('Pantalla para responder')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sin recordatorios no muestra nada ni marca nada', async () => {
    responder('GET /api/encuestas/recordatorios/usuario/:userId', () => []);
    marcarIngreso();
    mostrarRecordatorios();
    await waitFor(() => expect(llamadasHechas()).toHaveLength(1));
    expect(
      screen.queryByRole('region', { name: 'Recordatorios de encuestas' }),
    ).not.toBeInTheDocument();
    expect(cuerposDe('POST /api/encuestas/recordatorios/vistos')).toEqual([]);
  });

  it('un administrador no tiene recordatorios: no consulta', async () => {
    responder('GET /api/encuestas/recordatorios/usuario/:userId', () => DOS);
    marcarIngreso();
    const { cliente } = mostrarRecordatorios({ usuario: ADMINISTRADOR });
    await waitFor(() => expect(consulta(cliente, ADMINISTRADOR.userId)?.isDisabled()).toBe(true));
    expect(llamadasHechas()).toEqual([]);
  });

  it('si la consulta falla solo queda en el registro', async () => {
    responder('GET /api/encuestas/recordatorios/usuario/:userId', () =>
      error(500, { msj: 'Error interno del servidor' }),
    );
    const registro = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    marcarIngreso();
    mostrarRecordatorios();
    await waitFor(() => expect(registro).toHaveBeenCalled());
    expect(
      screen.queryByRole('region', { name: 'Recordatorios de encuestas' }),
    ).not.toBeInTheDocument();
  });
});
