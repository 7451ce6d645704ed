/**
 * The 'Turnos' screen of a client (issue 24): the bookings listed with code and state; a
 * booking made from the dialog sends the quota, day and hour chosen among those with places (a
 * paused hour cannot be chosen); a cancel past its cutoff shows the server's Spanish refusal.
 * The real API runs in e2e/turnos.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FranjaDisponible, Turno } from '../../../shared/contracts/turnos';
import { MENSAJES_TURNOS } from '../../../shared/textos';
import { cupoDisponible } from '../../test/datos';
import { avisosEnPantalla, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { hoyMas } from './dias';
import { TurnosPage } from './TurnosPage';

const DIA = hoyMas(2);
const turno = (p: Partial<Turno> = {}): Turno => ({
  id: 5,
  codigo: 'ACEF3479',
  cupo: 41,
  codempre: 1,
  nomempre: 'Agroexportadora del Litoral S.A.',
  unineg: 1,
  coddespacho: 1,
  fecha: DIA,
  hora: 9,
  estado: 'reservado',
  creadoEn: '2026-12-01T10:00:00',
  ...p,
});
const franja = (hora: number, p: Partial<FranjaDisponible> = {}): FranjaDisponible => ({
  fecha: DIA,
  hora,
  capacidad: 4,
  reservados: 1,
  libres: 3,
  pausa: null,
  abierta: true,
  ...p,
});

describe('TurnosPage (cliente)', () => {
  it('reserva un cupo sin turno en una hora con lugar; la pausada no se puede elegir', async () => {
    responder('POST /api/turnos', () => [turno()]);
    responder('POST /api/cupos', () => ({ resultado: [cupoDisponible(41), cupoDisponible(42)] }));
    responder('POST /api/cupos/despachos', () => [
      { coddespacho: 1, nomdespacho: cupoDisponible(42).nomdespacho, envase: 'N' },
    ]);
    responder('POST /api/turnos/disponibilidad', () => ({
      ahora: '2026-12-01T10:00:00',
      franjas: [
        franja(8),
        franja(9, { pausa: 'Lluvia' }),
        franja(10, { libres: 0, reservados: 4 }),
      ],
    }));
    responder('POST /api/turnos/reservar', ({ cuerpo }) =>
      turno({ id: 6, codigo: 'HJKL4679', cupo: Number(cuerpo.cupo), hora: Number(cuerpo.hora) }),
    );
    mostrar(<TurnosPage />, { en: '/turnos' });
    expect(await screen.findByText('ACEF3479')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reservar turno' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Reservar turno' });
    const cupo = await within(dialogo).findByLabelText('Cupo');
    // Quota 41 already has a booking: only 42 is offered.
    expect(within(cupo).queryByRole('option', { name: /N° 41/ })).toBeNull();
    await userEvent.selectOptions(cupo, '42');
    await userEvent.selectOptions(await within(dialogo).findByLabelText('Día'), DIA);
    expect(within(dialogo).getByLabelText(/^09:00 a 10:00/)).toBeDisabled();
    expect(within(dialogo).getByText('Pausada: Lluvia')).toBeVisible();
    expect(within(dialogo).getByLabelText(/^10:00 a 11:00/)).toBeDisabled();
    expect(within(dialogo).getByText('Sin lugares')).toBeVisible();
    await userEvent.click(within(dialogo).getByLabelText(/^08:00 a 09:00/));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Reservar' }));
    await waitFor(() => expect(avisosEnPantalla()).toContain('Turno reservado: HJKL4679'));
    expect(cuerposDe('POST /api/turnos/reservar')).toEqual([{ cupo: 42, fecha: DIA, hora: 8 }]);
    expect(cuerposDe('POST /api/turnos/disponibilidad')[0]).toMatchObject({
      unineg: 1,
      coddespacho: 1,
    });
  });

  it('sin hora elegida no envía: lo dice bajo el campo', async () => {
    responder('POST /api/turnos', () => []);
    responder('POST /api/cupos', () => ({ resultado: [cupoDisponible(42)] }));
    responder('POST /api/cupos/despachos', () => [
      { coddespacho: 1, nomdespacho: cupoDisponible(42).nomdespacho, envase: 'N' },
    ]);
    responder('POST /api/turnos/disponibilidad', () => ({
      ahora: '2026-12-01T10:00:00',
      franjas: [franja(8)],
    }));
    mostrar(<TurnosPage />, { en: '/turnos' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reservar turno' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Reservar turno' });
    await userEvent.selectOptions(await within(dialogo).findByLabelText('Cupo'), '42');
    await userEvent.selectOptions(await within(dialogo).findByLabelText('Día'), DIA);
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Reservar' }));
    expect(await within(dialogo).findByText('Elija la hora.')).toBeVisible();
    expect(cuerposDe('POST /api/turnos/reservar')).toEqual([]);
  });

  it('cancelar pasado el plazo muestra el rechazo del servidor en castellano', async () => {
    const msj = MENSAJES_TURNOS.fueraDePlazo(`${DIA}T05:00:00`);
    responder('POST /api/turnos', () => [turno()]);
    responder('POST /api/turnos/cancelar', () => error(409, { msj }));
    mostrar(<TurnosPage />, { en: '/turnos' });
    const fila = (await screen.findByText('ACEF3479')).closest('tr')!;
    expect(fila).toHaveTextContent('Reservado');
    await userEvent.click(within(fila).getByRole('button', { name: 'Cancelar' }));
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Cancelar turno' }));
    await waitFor(() => expect(avisosEnPantalla()).toContain(msj));
    expect(cuerposDe('POST /api/turnos/cancelar')).toEqual([{ turno: 5 }]);
  });
});
