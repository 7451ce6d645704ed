/**
 * The trucks screen's states and client-side rules, with the network answered here as the API
 * would (including answers the real server never gives, such as a 200 without `actualizado`);
 * the real API is exercised end to end in e2e/camiones.spec.ts.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerificarUsuarioRespuesta } from '../../../shared/contracts/auth';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import { SeleccionProvider } from '../../app/seleccion';
import { ConfirmarProvider } from '../../components/Confirmar';
import { sesionQuery } from '../auth/api';
import { CamionesPage } from './CamionesPage';

const camion: CamionEnPlaya = {
  ctrl: 7,
  txtempresa: 'Agroexportadora del Litoral S.A.',
  patcha: 'AB123CD',
  pataco: 'EF456GH',
  cargateorica: 30000,
  nomchofer: 'Juan Pérez',
  dni: '30111222',
  ingplaya: '2026-11-21T14:03:22',
  codestado: 1,
  nomestado: 'Playa sin orden',
  cupo_camion: null,
};

const cupo = {
  ctrl: 41,
  fechagen: '2026-11-20T10:00:00',
  nomdespacho: 'Granel',
  nombreenvase: 'Sin envase',
  mezcla: 'Soja',
  cantidad: 30000,
  obs: null,
};

const json = (status: number, cuerpo: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(cuerpo), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

type Respuesta = () => Promise<Response>;

/** fetch answering each path with its own function; records the bodies sent. */
function red(respuestas: Record<string, Respuesta>) {
  const llamadas: { ruta: string; cuerpo: unknown }[] = [];
  const fetch = vi.fn((ruta: string, init?: RequestInit) => {
    llamadas.push({ ruta, cuerpo: init?.body ? JSON.parse(init.body as string) : undefined });
    if (ruta === '/api/clientes/clientes-empresas') {
      return json(200, [{ codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' }]);
    }
    const respuesta = respuestas[ruta];
    return respuesta ? respuesta() : json(404, { msj: 'no' });
  });
  vi.stubGlobal('fetch', fetch);
  return llamadas;
}

function mostrar() {
  const consultas = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const sesion: VerificarUsuarioRespuesta = {
    loggedIn: true,
    usuario: 'cliente1',
    codempre: 1,
    uniNegs: [
      { ctrl: 1, unineg: 'Granos' },
      { ctrl: 2, unineg: 'Subproductos' },
    ],
    userId: 2,
  };
  consultas.setQueryData(sesionQuery.queryKey, sesion);
  render(
    <QueryClientProvider client={consultas}>
      <ConfirmarProvider>
        <MemoryRouter>
          <SeleccionProvider>
            <CamionesPage />
          </SeleccionProvider>
        </MemoryRouter>
      </ConfirmarProvider>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

// jsdom has no scrolling; the table's virtualizer and the success path call it.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const playa = (llamadas: { ruta: string; cuerpo: unknown }[]) =>
  llamadas.filter((l) => l.ruta === '/api/camiones/camiones-playa');

describe('CamionesPage', () => {
  it('muestra CARGANDO... mientras pide la lista', async () => {
    red({ '/api/camiones/camiones-playa': () => new Promise(() => undefined) });
    mostrar();
    expect(await screen.findByText('CARGANDO...')).toBeInTheDocument();
  });

  it('una lista que falla muestra "Algo salio mal"', async () => {
    red({ '/api/camiones/camiones-playa': () => json(500, { msj: 'Error interno del servidor' }) });
    mostrar();
    expect(await screen.findByText('Algo salio mal')).toBeInTheDocument();
  });

  it('una lista vacía muestra "No se encontraron camiones"', async () => {
    red({ '/api/camiones/camiones-playa': () => json(200, []) });
    mostrar();
    expect(await screen.findByText('No se encontraron camiones')).toBeInTheDocument();
  });

  it('carga con la selección guardada y después solo al pulsar Filtrar', async () => {
    localStorage.setItem('acopio.seleccion.2', JSON.stringify({ codempre: 1, unineg: 2 }));
    const llamadas = red({ '/api/camiones/camiones-playa': () => json(200, [camion]) });
    mostrar();
    expect(await screen.findByText('AB123CD')).toBeInTheDocument();
    expect(playa(llamadas).map((l) => l.cuerpo)).toEqual([
      { filtros: { codempre: 1, unineg: 2, estado: 0 } },
    ]);

    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'Finalizado');
    await userEvent.selectOptions(screen.getByLabelText('Tipo despacho'), 'Granos');
    expect(playa(llamadas)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('AB123CD')).toBeInTheDocument();
    expect(playa(llamadas).at(-1)!.cuerpo).toEqual({
      filtros: { codempre: 1, unineg: 1, estado: 4 },
    });
    // The same filters again: Filtrar still asks the server (the yard moves).
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await screen.findByText('AB123CD');
    expect(playa(llamadas)).toHaveLength(3);
  });

  it('un vínculo que responde sin el indicador de éxito muestra la alerta roja "Algo salió mal"', async () => {
    const llamadas = red({
      '/api/camiones/camiones-playa': () => json(200, [camion]),
      '/api/cupos': () => json(200, { resultado: [cupo] }),
      '/api/camiones/vincular-camion-cupo': () => json(200, { ok: true }),
    });
    mostrar();
    await userEvent.click(await screen.findByRole('button', { name: 'Asingar' }));
    const modal = await screen.findByRole('dialog', { name: /Cupos disponibles/ });
    await userEvent.click(await within(modal).findByRole('button', { name: 'Asginar' }));
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion).toHaveTextContent('¿Confirma que quiere vincular el cupo al camion?');
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Aceptar' }));

    const alerta = await within(modal).findByText(
      'Los siguientes errores impidieron guardar los datos:',
    );
    expect(alerta.parentElement).toHaveClass('alert-danger');
    expect(
      within(modal)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Algo salió mal']);
    expect(screen.queryByText('Datos guardados con exito!!')).not.toBeInTheDocument();
    expect(llamadas.find((l) => l.ruta === '/api/camiones/vincular-camion-cupo')?.cuerpo).toEqual({
      ctrl: 41,
      codcamion: 7,
      cantidad: 30000,
    });
  });
});
