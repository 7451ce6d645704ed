/**
 * The pending-survey notice follows a sign-in, not a page load, and a failed check is only
 * logged. The real round trip is in e2e/encuestas.spec.ts.
 *
 * That something did not happen is proved by the point where it would have: the component
 * subscribed to a disabled query (which never fetches), or rendered with the answer in hand
 * (its effect, which shows the notice, has run by the time render returns).
 */
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { avisos } from '../../components/avisos';
import { claves } from '../../lib/claves';
import { marcarIngreso, ultimoIngreso } from '../../lib/ingreso-reciente';
import {
  ADMINISTRADOR,
  CLIENTE,
  error,
  llamadasHechas,
  mostrar,
  responder,
  urlsDe,
  type OpcionesMostrar,
} from '../../test/kit';
import { AvisoEncuestasPendientes } from './AvisoEncuestasPendientes';

const AVISO = /^Tenés 2 encuesta\(s\) pendiente\(s\) para responder\.$/;

const dosPendientes = [
  { Id: 1, Titulo: 'A', Descripcion: null, FechaCreacion: '2026-11-21T14:03:22' },
  { Id: 2, Titulo: 'B', Descripcion: null, FechaCreacion: '2026-11-20T14:03:22' },
];

const mostrarAviso = (opciones: OpcionesMostrar = {}) =>
  mostrar(<AvisoEncuestasPendientes />, { conSeleccion: false, ...opciones });

/** Once the component observes its query: true when that query is disabled (never fetches). */
async function consultaDesactivada(cliente: QueryClient, userId: number): Promise<boolean> {
  const consulta = () =>
    cliente
      .getQueryCache()
      .find({ queryKey: claves.encuestas.pendientes(userId, ultimoIngreso()) });
  await waitFor(() => expect(consulta()?.getObserversCount()).toBe(1));
  return consulta()!.isDisabled();
}

beforeEach(() => {
  // The reminders that follow the same sign-in (RecordatoriosEncuestas.test.tsx): none here.
  responder('GET /api/encuestas/recordatorios/usuario/:userId', () => []);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AvisoEncuestasPendientes', () => {
  // Runs first: no sign-in has been counted in this module yet, as after a page reload.
  it('sin un ingreso reciente (una recarga) no consulta nada', async () => {
    responder('GET /api/encuestas/pendientes/:userId', () => dosPendientes);
    const { cliente } = mostrarAviso();
    expect(await consultaDesactivada(cliente, CLIENTE.userId)).toBe(true);
    expect(llamadasHechas()).toEqual([]);
  });

  it('después del ingreso pide pendientes/{userId} y avisa una sola vez por ingreso', async () => {
    responder('GET /api/encuestas/pendientes/:userId', () => dosPendientes);
    const info = vi.spyOn(avisos, 'info');
    marcarIngreso();
    const primero = mostrarAviso();
    expect(await screen.findByText(AVISO)).toBeInTheDocument();
    expect(urlsDe('GET /api/encuestas/pendientes/:userId')).toEqual([
      '/api/encuestas/pendientes/7',
    ]);
    expect(info).toHaveBeenCalledTimes(1);
    primero.unmount();

    // The shell mounting again in the same sign-in renders with the answer already in hand:
    // no second request, and no second notice.
    mostrarAviso({ cliente: primero.cliente });
    expect(
      primero.cliente.getQueryData(claves.encuestas.pendientes(CLIENTE.userId, ultimoIngreso())),
    ).toEqual(dosPendientes);
    expect(info).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(AVISO)).not.toBeInTheDocument();
    expect(urlsDe('GET /api/encuestas/pendientes/:userId')).toHaveLength(1);
  });

  it('un administrador no tiene pendientes: no consulta', async () => {
    responder('GET /api/encuestas/pendientes/:userId', () => dosPendientes);
    marcarIngreso();
    const { cliente } = mostrarAviso({ usuario: ADMINISTRADOR });
    expect(await consultaDesactivada(cliente, ADMINISTRADOR.userId)).toBe(true);
    expect(llamadasHechas()).toEqual([]);
  });

  it('si la consulta falla solo queda en el registro', async () => {
    responder('GET /api/encuestas/pendientes/:userId', () =>
      error(500, { msj: 'Error interno del servidor' }),
    );
    const registro = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    marcarIngreso();
    mostrarAviso();
    await waitFor(() => expect(registro).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/pendiente/)).not.toBeInTheDocument();
  });
});
