/**
 * 'Terminal' against answers typed by the route map: the stored data in the form, only what
 * changed sent, a refusal under its field. The real round trip is in e2e/inicializacion.spec.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DatosTerminal } from '../../../shared/contracts/terminal';
import { MENSAJES_CUIT, TEXTOS_TERMINAL as T } from '../../../shared/textos';
import {
  ADMINISTRADOR,
  cuerposDe,
  error,
  llamadasHechas,
  mostrar,
  responder,
} from '../../test/kit';
import { TerminalPage } from './TerminalPage';

const DATOS: DatosTerminal = {
  nombre: 'Terminal Puerto Acopio S.A.',
  cuit: '30-71234567-1',
  direccion: 'Av. de la Costanera 1500, Puerto San Martín, Santa Fe',
};

function mostrarPantalla(datos: DatosTerminal = DATOS) {
  responder('GET /api/terminal', () => datos);
  return mostrar(<TerminalPage />, {
    en: '/administracion/terminal',
    usuario: ADMINISTRADOR,
    conSeleccion: false,
  });
}

describe('TerminalPage', () => {
  it('muestra los datos guardados y envía solo lo que cambió (sin cambios, nada)', async () => {
    responder('POST /api/administracion/terminal', ({ cuerpo }) => ({ ...DATOS, ...cuerpo }));
    mostrarPantalla();
    const direccion = await screen.findByLabelText(T.direccion);
    expect(screen.getByLabelText(T.nombre)).toHaveValue(DATOS.nombre);
    expect(screen.getByLabelText(T.cuit)).toHaveValue(DATOS.cuit);
    expect(direccion).toHaveValue(DATOS.direccion);
    await userEvent.click(screen.getByRole('button', { name: T.guardar }));
    expect(await screen.findByText(T.sinCambios)).toBeInTheDocument();
    expect(cuerposDe('POST /api/administracion/terminal')).toEqual([]);

    // The same CUIT written without dashes is no change.
    await userEvent.clear(screen.getByLabelText(T.cuit));
    await userEvent.type(screen.getByLabelText(T.cuit), '30712345671');
    await userEvent.clear(direccion);
    await userEvent.type(direccion, 'Bv. Oroño 1200, Rosario');
    await userEvent.click(screen.getByRole('button', { name: T.guardar }));
    expect(await screen.findByText(T.guardados)).toBeInTheDocument();
    expect(cuerposDe('POST /api/administracion/terminal')).toEqual([
      { direccion: 'Bv. Oroño 1200, Rosario' },
    ]);
  });

  it('un CUIT con otro dígito no llama al servidor; un 400 del servidor va bajo su campo', async () => {
    responder('POST /api/administracion/terminal', () =>
      error(400, {
        msj: 'Los datos enviados no son válidos. nombre: contiene caracteres no permitidos',
      }),
    );
    mostrarPantalla({ ...DATOS, cuit: null });
    const cuit = await screen.findByLabelText(T.cuit);
    expect(cuit).toHaveValue('');
    await userEvent.type(cuit, '30-71234567-8');
    await userEvent.click(screen.getByRole('button', { name: T.guardar }));
    expect(await screen.findByText(MENSAJES_CUIT.digito)).toBeInTheDocument();
    expect(llamadasHechas().map((l) => l.ruta)).toEqual(['GET /api/terminal']);

    await userEvent.clear(cuit);
    await userEvent.type(cuit, '30-71234567-1');
    await userEvent.type(screen.getByLabelText(T.nombre), ' II');
    await userEvent.click(screen.getByRole('button', { name: T.guardar }));
    const nombre = screen.getByLabelText(T.nombre);
    await waitFor(() => expect(nombre).toHaveAttribute('aria-invalid', 'true'));
    expect(nombre).toHaveAccessibleDescription('contiene caracteres no permitidos');
    expect(cuerposDe('POST /api/administracion/terminal')).toEqual([
      { nombre: `${DATOS.nombre} II`, cuit: '30-71234567-1' },
    ]);
  });
});
