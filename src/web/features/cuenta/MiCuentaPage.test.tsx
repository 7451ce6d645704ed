/**
 * 'Mi cuenta' against answers typed by the route map: the card, the sessions with a readable
 * browser and the current one marked, the sign-ins; closing one session or all the others after
 * a confirmation. The real round trip (three browsers) is in e2e/cuenta.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MiCuenta } from '../../../shared/contracts/cuenta';
import { cuerposDe, error, mostrar, responder } from '../../test/kit';
import { MiCuentaPage } from './MiCuentaPage';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

const CUENTA: MiCuenta = {
  usuario: 'cliente1',
  codempre: 1,
  nomempre: 'Agroexportadora del Litoral S.A.',
  tarjeta: { ctrl: 482913, emitida: '2026-11-01T08:30:00' },
  sesiones: [
    {
      id: '0123456789abcdef',
      iniciada: '2026-11-25T09:00:05',
      ultimaActividad: '2026-11-25T09:10:00',
      navegador: CHROME,
      ip: '10.0.0.5',
      actual: true,
    },
    {
      id: 'fedcba9876543210',
      iniciada: '2026-11-24T18:20:00',
      ultimaActividad: '2026-11-24T19:00:00',
      navegador: FIREFOX,
      ip: null,
      actual: false,
    },
  ],
  ingresos: [
    { fecha: '2026-11-25T09:00:05', ip: '10.0.0.5', resultado: 'ingreso' },
    { fecha: '2026-11-25T08:59:40', ip: '10.0.0.5', resultado: 'fallido' },
  ],
};

function mostrarPantalla(cuenta: MiCuenta = CUENTA) {
  responder('GET /api/cuenta', () => cuenta);
  // The e-mail section has its own tests (CorreoYAvisos.test.tsx).
  responder('GET /api/cuenta/avisos', () => ({
    correo: null,
    correoPendiente: null,
    avisos: [],
    correoActivo: true,
  }));
  return mostrar(<MiCuentaPage />, { en: '/cuenta', conSeleccion: false });
}

const textos = (fila: HTMLElement) =>
  within(fila)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('MiCuentaPage', () => {
  it('muestra la tarjeta, las sesiones (la actual marcada) y los ingresos', async () => {
    mostrarPantalla();
    expect(await screen.findByText('N° 482913, emitida el 01/11/2026 08:30')).toBeTruthy();
    expect(screen.getByText('1 - Agroexportadora del Litoral S.A.')).toBeTruthy();
    const [, actual, otra] = within(
      screen.getByRole('table', { name: 'Sesiones abiertas' }),
    ).getAllByRole('row');
    expect(textos(actual!)).toEqual([
      '25/11/2026 09:00:05',
      '25/11/2026 09:10:00',
      'Chrome 156 en Linux',
      '10.0.0.5',
      'Esta sesión',
    ]);
    expect(textos(otra!)).toEqual([
      '24/11/2026 18:20:00',
      '24/11/2026 19:00:00',
      'Firefox 140 en Windows',
      '—',
      'Cerrar',
    ]);
    const [, ingreso, fallido] = within(
      screen.getByRole('table', { name: 'Últimos ingresos e intentos fallidos' }),
    ).getAllByRole('row');
    expect(textos(ingreso!)).toEqual(['25/11/2026 09:00:05', '10.0.0.5', 'Ingreso']);
    expect(textos(fallido!)).toEqual(['25/11/2026 08:59:40', '10.0.0.5', 'Intento fallido']);
  });

  it('cierra otra sesión después de confirmar, y vuelve a pedir la cuenta', async () => {
    responder('POST /api/cuenta/sesiones/cerrar', () => ({ cerradas: 1 }));
    mostrarPantalla();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Cerrar la sesión iniciada el 24/11/2026 18:20:00 en Firefox 140 en Windows',
      }),
    );
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    responder('GET /api/cuenta', () => ({ ...CUENTA, sesiones: [CUENTA.sesiones[0]!] }));
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(screen.queryByText('Firefox 140 en Windows')).toBeNull());
    expect(cuerposDe('POST /api/cuenta/sesiones/cerrar')).toEqual([{ sesion: 'fedcba9876543210' }]);
    expect(await screen.findByText('Sesión cerrada.')).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Cerrar las demás sesiones' }).disabled,
    ).toBe(true);
  });

  it('cancelar la confirmación no cierra nada; un rechazo se avisa', async () => {
    responder('POST /api/cuenta/sesiones/cerrar-otras', () =>
      error(503, { msj: 'La base de datos no está disponible' }),
    );
    mostrarPantalla();
    const boton = await screen.findByRole('button', { name: 'Cerrar las demás sesiones' });
    await userEvent.click(boton);
    let confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion.textContent).toContain('¿Cierra la otra sesión? Esta sigue abierta.');
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cuerposDe('POST /api/cuenta/sesiones/cerrar-otras')).toEqual([]);

    await userEvent.click(boton);
    confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Cerrar las demás' }));
    expect(await screen.findByText('La base de datos no está disponible')).toBeTruthy();
    expect(cuerposDe('POST /api/cuenta/sesiones/cerrar-otras')).toHaveLength(1);
  });

  it('sin tarjeta vigente lo dice', async () => {
    mostrarPantalla({ ...CUENTA, tarjeta: null });
    expect(await screen.findByText('Sin tarjeta vigente')).toBeTruthy();
  });
});
