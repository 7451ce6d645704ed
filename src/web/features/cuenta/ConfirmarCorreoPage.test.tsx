/**
 * The page of the confirmation link against answers checked by the route map: the token sent
 * once to the public route, the address bar cleared of it, success or the reason in Spanish
 * (unknown or used, expired), signed in or not.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MENSAJES_AVISOS, TEXTOS_CORREO as T } from '../../../shared/textos';
import { cuerposDe, error, mostrar, responder } from '../../test/kit';
import { ConfirmarCorreoPage } from './ConfirmarCorreoPage';

const TOKEN = 'Zx8_-'.repeat(8) + 'abc';

/** Signed out unless a user is given. */
function abrir(en: string, usuario: null | object = null) {
  return mostrar(<ConfirmarCorreoPage />, { en, patron: '/cuenta/correo', usuario });
}

describe('ConfirmarCorreoPage', () => {
  it('sin sesión confirma con el token del enlace, una sola vez, y lo quita de la dirección', async () => {
    responder('POST /api/cuenta/correo/confirmar', () => ({ correo: 'nueva@agro.example' }));
    const { router } = abrir(`/cuenta/correo?token=${TOKEN}`);
    expect(await screen.findByText(T.confirmadaTitulo)).toBeTruthy();
    expect(screen.getByText(T.confirmadaDetalle('nueva@agro.example'))).toBeTruthy();
    expect(cuerposDe('POST /api/cuenta/correo/confirmar')).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/cuenta/correo');
    expect(screen.getByRole('link', { name: T.irAlIngreso }).getAttribute('href')).toBe('/');
  });

  it('con sesión ofrece volver a Mi cuenta', async () => {
    responder('POST /api/cuenta/correo/confirmar', () => ({ correo: 'nueva@agro.example' }));
    abrir(`/cuenta/correo?token=${TOKEN}`, {});
    expect((await screen.findByRole('link', { name: T.irAMiCuenta })).getAttribute('href')).toBe(
      '/cuenta',
    );
  });

  it('un enlace ya usado o desconocido se explica en castellano', async () => {
    responder('POST /api/cuenta/correo/confirmar', () =>
      error(400, { msj: MENSAJES_AVISOS.enlaceInvalido }),
    );
    abrir(`/cuenta/correo?token=${TOKEN}`);
    expect(await screen.findByText(T.errorTitulo)).toBeTruthy();
    expect(screen.getByText(MENSAJES_AVISOS.enlaceInvalido)).toBeTruthy();
    expect(screen.getByText(T.pedirOtro)).toBeTruthy();
  });

  it('un enlace cortado por el programa de correo se explica sin llamar', async () => {
    abrir(`/cuenta/correo?token=${TOKEN.slice(0, 20)}`);
    expect(await screen.findByText(T.enlaceIncompleto)).toBeTruthy();
    expect(cuerposDe('POST /api/cuenta/correo/confirmar')).toEqual([]);
  });

  it('un enlace vencido dice que se pida de nuevo', async () => {
    responder('POST /api/cuenta/correo/confirmar', () =>
      error(409, { msj: MENSAJES_AVISOS.enlaceVencido }),
    );
    abrir(`/cuenta/correo?token=${TOKEN}`);
    expect(await screen.findByText(MENSAJES_AVISOS.enlaceVencido)).toBeTruthy();
  });

  it('sin token no llama y dice que el enlace está incompleto', async () => {
    abrir('/cuenta/correo');
    expect(await screen.findByText(T.enlaceIncompleto)).toBeTruthy();
    expect(cuerposDe('POST /api/cuenta/correo/confirmar')).toEqual([]);
  });
});
