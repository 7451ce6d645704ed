/**
 * The login screen's own behaviour: messages, steps and the server's msj. The network is the
 * browser's fetch, answered here as the API would; the real API is exercised end to end in e2e/.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  cuerposDe,
  error,
  fueraDeContrato,
  llamadasHechas,
  mostrar,
  responder,
} from '../../test/kit';
import { TEXTOS_INICIALIZACION } from '../../../shared/textos';
import { LoginPage } from './LoginPage';

const mostrarIngreso = () => mostrar(<LoginPage />, { usuario: null });

describe('LoginPage', () => {
  it('paso 1: sin usuario muestra "Este campo es obligatorio" y no llama al servidor', async () => {
    mostrarIngreso();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(llamadasHechas()).toEqual([]);
  });

  it('el foco va al campo con error, y tras el primer envío el campo se revisa al escribir', async () => {
    mostrarIngreso();
    const usuario = screen.getByLabelText('Usuario');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(usuario).toHaveFocus();
    await userEvent.type(usuario, 'c');
    expect(screen.queryByText('Este campo es obligatorio')).not.toBeInTheDocument();
    await userEvent.clear(usuario);
    expect(screen.getByText('Este campo es obligatorio')).toBeInTheDocument();
  });

  it('paso 2: pide las coordenadas con su letra y posición, y valida cada una', async () => {
    responder('POST /api/auth/request-coordenadas', () => [
      [{ ctrltarjeta: 482913 }],
      [
        { letra: 'B', posicion: 3 },
        { letra: 'H', posicion: 5 },
      ],
    ]);
    mostrarIngreso();
    await userEvent.type(screen.getByLabelText('Usuario'), 'cliente1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('INGRESAR COORDENADAS')).toBeInTheDocument();
    expect(llamadasHechas().map((l) => [l.url, l.init])).toEqual([
      [
        '/api/auth/request-coordenadas',
        expect.objectContaining({
          method: 'POST',
          credentials: 'include',
          body: '{"userName":"cliente1"}',
        }),
      ],
    ]);
    await userEvent.type(screen.getByLabelText('B3'), '0');
    await userEvent.type(screen.getByLabelText('H5'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('La coordenada debe ser un valor positivo')).toBeInTheDocument();
    expect(screen.getByText('La coordenada debe ser un numero entero')).toBeInTheDocument();
    expect(llamadasHechas()).toHaveLength(1);
  });

  it('muestra el msj del servidor en una alerta roja', async () => {
    responder('POST /api/auth/request-coordenadas', () => [
      [{ ctrltarjeta: 482913 }],
      [
        { letra: 'A', posicion: 1 },
        { letra: 'C', posicion: 2 },
      ],
    ]);
    responder('POST /api/auth/comparar-coordenadas', () =>
      error(401, { msj: 'Usuario o coordenadas incorrectas' }),
    );
    mostrarIngreso();
    await userEvent.type(screen.getByLabelText('Usuario'), 'cliente1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await userEvent.type(await screen.findByLabelText('A1'), '1234');
    await userEvent.type(screen.getByLabelText('C2'), '5678');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Usuario o coordenadas incorrectas');
    expect(alerta).toHaveClass('alert-danger');
    expect(cuerposDe('POST /api/auth/comparar-coordenadas')).toEqual([
      {
        solicitadas: [
          { letra: 'A', posicion: 1 },
          { letra: 'C', posicion: 2 },
        ],
        ingresadas: { coordenada1: 1234, coordenada2: 5678 },
        tarjeta: 482913,
      },
    ]);
    // The coordinates are cleared for the next try.
    expect(screen.getByLabelText('A1')).toHaveValue(null);
    expect(screen.getByLabelText('C2')).toHaveValue(null);
  });

  it('bajo el msj, el detalle del servidor: el último intento, y hasta cuándo dura un bloqueo', async () => {
    const detalle =
      'El ingreso de este usuario quedó bloqueado hasta las 14:35. Si necesita ingresar antes, pida a la terminal que lo desbloquee.';
    responder('POST /api/auth/request-coordenadas', () =>
      error(429, {
        msj: 'Usuario bloqueado temporalmente por intentos fallidos. Intente más tarde.',
        detalle,
      }),
    );
    mostrarIngreso();
    await userEvent.type(screen.getByLabelText('Usuario'), 'cliente1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent(
      'Usuario bloqueado temporalmente por intentos fallidos. Intente más tarde.',
    );
    expect(alerta).toHaveTextContent(detalle);
  });

  it('una respuesta del paso 1 con una sola entrada muestra "Error"', async () => {
    responder('POST /api/auth/request-coordenadas', () =>
      fueraDeContrato(200, [[{ ctrltarjeta: 1 }]]),
    );
    mostrarIngreso();
    await userEvent.type(screen.getByLabelText('Usuario'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error$/);
  });

  it('en una base sin administrador lleva a poner en marcha la terminal; inicializada, no', async () => {
    responder('GET /api/inicializacion', () => ({ pendiente: true }));
    mostrar(<LoginPage />, { usuario: null, otras: { '/inicializar': <p>Inicialización</p> } });
    const aviso = await screen.findByText(TEXTOS_INICIALIZACION.avisoIngreso);
    expect(aviso).toHaveClass('alert-info');
    await userEvent.click(
      within(aviso).getByRole('link', { name: TEXTOS_INICIALIZACION.enlaceIngreso }),
    );
    expect(await screen.findByText('Inicialización')).toBeInTheDocument();
  });

  it('con la terminal inicializada no hay aviso', () => {
    mostrarIngreso();
    expect(screen.getByLabelText('Usuario')).toBeInTheDocument();
    expect(screen.queryByText(TEXTOS_INICIALIZACION.avisoIngreso)).not.toBeInTheDocument();
  });
});
