/**
 * 'Presentar turno' on the trucks screen (issue 24, point 3): by code, by plate with the choice
 * among two candidates, the server's refusals under the field, all by keyboard; the real API and
 * gate in e2e/turnos.spec.ts.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Turno } from '../../../shared/contracts/turnos';
import { camionEnPlaya } from '../../test/datos';
import { ADMINISTRADOR, CLIENTE, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { CamionesPage } from './CamionesPage';

const camion = camionEnPlaya({ pataco: 'EF456GH', nomchofer: 'Juan Pérez' });

const turno = (codigo: string, o: Partial<Turno> = {}): Turno => ({
  id: codigo.charCodeAt(0),
  codigo,
  cupo: 41,
  codempre: 1,
  nomempre: 'Agroexportadora del Litoral S.A.',
  unineg: 1,
  coddespacho: 1,
  fecha: '2026-11-21',
  hora: 14,
  estado: 'reservado',
  creadoEn: '2026-11-20T10:00:00',
  patente: 'AB123CD',
  llegada: null,
  clasificacion: null,
  camion: null,
  ...o,
});

const presentes = () => cuerposDe('POST /api/administracion/turnos/presentar');

async function abrir(usuario = ADMINISTRADOR) {
  localStorage.setItem(`acopio.seleccion.${usuario.userId}`, JSON.stringify({ codempre: 1 }));
  mostrar(<CamionesPage />, { en: '/camiones', usuario });
  await screen.findByText('AB123CD');
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  responder('GET /api/camiones/umbrales-espera', () => ({
    ahora: '2026-11-21T14:10:00',
    umbrales: [],
  }));
  responder('POST /api/camiones/camiones-playa', () => [camion]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Presentar turno', () => {
  it('solo el administrador lo ve, y solo en un camión en Playa sin orden', async () => {
    await abrir(CLIENTE);
    expect(screen.getByRole('button', { name: 'Asingar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Presentar turno' })).toBeNull();
  });

  it('por código, con el teclado: dice cómo llegó y el cupo que lleva el camión', async () => {
    responder('POST /api/administracion/turnos/presentar', () => ({
      turno: turno('KXMP7QRT', {
        estado: 'presente',
        clasificacion: 'temprano',
        llegada: '2026-11-21T14:10:00',
        camion: 7,
      }),
      candidatos: [],
    }));
    await abrir();
    await userEvent.click(screen.getByRole('button', { name: 'Presentar turno' }));
    const modal = await screen.findByRole('dialog', { name: 'Presentar turno' });
    expect(within(modal).getByText(/Camión 7 · AB123CD/)).toBeInTheDocument();
    const campo = within(modal).getByRole('textbox', { name: 'Código de turno' });
    await userEvent.click(campo);
    await userEvent.keyboard('kxmp-7qrt{Enter}');
    expect(
      await within(modal).findByText('Turno KXMP7QRT presentado: Temprano.'),
    ).toBeInTheDocument();
    expect(
      within(modal).getByText('El camión 7 quedó en Playa con orden con el cupo N° 41.'),
    ).toBeInTheDocument();
    expect(presentes()).toEqual([{ camion: 7, codigo: 'kxmp-7qrt' }]);
  });

  it('sin código no pregunta al servidor: lo pide bajo el campo', async () => {
    await abrir();
    await userEvent.click(screen.getByRole('button', { name: 'Presentar turno' }));
    const modal = await screen.findByRole('dialog', { name: 'Presentar turno' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Presentar' }));
    expect(await within(modal).findByText('Escriba el código del turno.')).toBeVisible();
    const campo = within(modal).getByRole('textbox', { name: 'Código de turno' });
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(campo).toHaveAccessibleDescription('Escriba el código del turno.');
    expect(campo).toHaveFocus();
    expect(presentes()).toEqual([]);
  });

  it('la negativa del servidor va bajo el campo, con sus palabras', async () => {
    responder('POST /api/administracion/turnos/presentar', () =>
      error(404, { msj: 'No hay ningún turno con ese código.' }),
    );
    await abrir();
    await userEvent.click(screen.getByRole('button', { name: 'Presentar turno' }));
    const modal = await screen.findByRole('dialog', { name: 'Presentar turno' });
    const campo = within(modal).getByRole('textbox', { name: 'Código de turno' });
    await userEvent.type(campo, 'ZZZZZZZZ{Enter}');
    expect(await within(modal).findByText('No hay ningún turno con ese código.')).toBeVisible();
    expect(campo).toHaveAccessibleDescription('No hay ningún turno con ese código.');
    expect(campo).toHaveFocus();
  });

  it('por patente con dos candidatos: pide elegir y presenta el elegido por su código', async () => {
    responder('POST /api/administracion/turnos/presentar', ({ cuerpo }) =>
      cuerpo.codigo === undefined
        ? {
            turno: null,
            candidatos: [
              turno('AAAA2222', { patente: 'AB123CD' }),
              turno('BBBB3333', { patente: 'AB123CO', cupo: 42, hora: 15 }),
            ],
          }
        : {
            turno: turno(cuerpo.codigo, {
              estado: 'presente',
              clasificacion: 'a_tiempo',
              cupo: 42,
            }),
            candidatos: [],
          },
    );
    await abrir();
    await userEvent.click(screen.getByRole('button', { name: 'Presentar turno' }));
    const modal = await screen.findByRole('dialog', { name: 'Presentar turno' });
    await userEvent.click(within(modal).getByLabelText('Patente'));
    const campo = within(modal).getByRole('textbox', { name: 'Patente' });
    expect(campo).toHaveAccessibleDescription(
      'La patente leída en la portería; vacía: la del camión (AB123CD).',
    );
    await userEvent.type(campo, 'AB 123 CO{Enter}');
    const grupo = await within(modal).findByRole('group', {
      name: 'La patente puede ser de más de un turno de hoy: elija cuál.',
    });
    // Nothing chosen: asked for, not guessed.
    await userEvent.click(within(modal).getByRole('button', { name: 'Presentar' }));
    expect(await within(modal).findByText('Elija el turno.')).toBeInTheDocument();
    await userEvent.click(within(grupo).getByLabelText(/BBBB3333/));
    await userEvent.click(within(modal).getByRole('button', { name: 'Presentar' }));
    expect(
      await within(modal).findByText('Turno BBBB3333 presentado: A tiempo.'),
    ).toBeInTheDocument();
    expect(presentes()).toEqual([
      { camion: 7, patente: 'AB 123 CO' },
      { camion: 7, codigo: 'BBBB3333' },
    ]);
  });

  it('una patente mal escrita se corrige antes de preguntar', async () => {
    await abrir();
    await userEvent.click(screen.getByRole('button', { name: 'Presentar turno' }));
    const modal = await screen.findByRole('dialog', { name: 'Presentar turno' });
    await userEvent.click(within(modal).getByLabelText('Patente'));
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Patente' }), 'AB{Enter}');
    expect(
      await within(modal).findByText('La patente tiene de 5 a 10 letras y números.'),
    ).toBeInTheDocument();
    expect(presentes()).toEqual([]);
  });
});
