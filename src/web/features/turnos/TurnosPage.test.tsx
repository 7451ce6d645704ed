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
import {
  ADMINISTRADOR,
  avisosEnPantalla,
  cuerposDe,
  error,
  mostrar,
  responder,
} from '../../test/kit';
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
    // A screen reader hears the group as invalid, and the message with it.
    const horas = within(dialogo).getByRole('radiogroup', { name: 'Hora' });
    expect(horas).toHaveAttribute('aria-invalid', 'true');
    expect(horas).toHaveAccessibleDescription('Elija la hora.');
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

const EMPRESAS_ADMIN = [
  { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' },
  { codempre: 2, nomempre: 'Cereales del Sur S.R.L.' },
];

/** The administrator's screen: the day's bands, and the calendar with one template band. */
function mostrarAdministrador() {
  responder('POST /api/clientes/clientes-empresas', () => EMPRESAS_ADMIN);
  responder('POST /api/cupos/despachos', () => [
    { coddespacho: 1, nomdespacho: cupoDisponible(42).nomdespacho, envase: 'N' },
  ]);
  responder('POST /api/administracion/turnos/ocupacion', ({ cuerpo }) => ({
    fecha: cuerpo.fecha,
    franjas: [],
  }));
  responder('POST /api/administracion/turnos/calendario', () => ({
    parametros: {
      unineg: 1,
      diasAnticipacion: 7,
      cierreDiasAntes: 1,
      cierreHora: 14,
      cambioMinutosAntes: 120,
      toleranciaMinutos: 30,
      cuotaEmpresaPct: null,
    },
    plantilla: [{ diaSemana: 7, hora: 6, capacidad: 2 }],
    excepciones: [{ fecha: hoyMas(0), hora: 20, capacidad: 1 }],
    pausas: [],
  }));
  mostrar(<TurnosPage />, { en: '/turnos', usuario: ADMINISTRADOR });
}

describe('TurnosPage (administrador)', () => {
  it('reserva para el cupo de cualquier empresa: cliente, cupo sin camión, día y hora con lugares', async () => {
    responder('POST /api/turnos', ({ cuerpo }) =>
      cuerpo.codempre === 2 ? [turno({ codempre: 2, cupo: 43 })] : [],
    );
    responder('POST /api/cupos', ({ cuerpo }) => ({
      resultado:
        cuerpo.codEmpre === 2 ? [cupoDisponible(42), cupoDisponible(43)] : [cupoDisponible(41)],
    }));
    responder('POST /api/turnos/disponibilidad', () => ({
      ahora: '2026-12-01T10:00:00',
      franjas: [franja(8, { libres: 1, reservados: 3 }), franja(11)],
    }));
    responder('POST /api/turnos/reservar', ({ cuerpo }) =>
      turno({ id: 7, codigo: 'MNPR2345', codempre: 2, cupo: Number(cuerpo.cupo), hora: 11 }),
    );
    mostrarAdministrador();
    await userEvent.click(await screen.findByRole('button', { name: 'Reservar turno' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Reservar turno' });
    const cliente = within(dialogo).getByLabelText('Cliente');
    await userEvent.selectOptions(cliente, 'Cereales del Sur S.R.L.');
    const cupo = await within(dialogo).findByLabelText('Cupo');
    // Quota 43 of company 2 holds a booking already: only 42 is offered.
    await waitFor(() => expect(within(cupo).queryByRole('option', { name: /N° 43/ })).toBeNull());
    expect(within(cupo).getByRole('option', { name: /N° 42/ })).toBeInTheDocument();
    await userEvent.selectOptions(cupo, '42');
    await userEvent.selectOptions(await within(dialogo).findByLabelText('Día'), DIA);
    expect(within(dialogo).getByLabelText(/^08:00 a 09:00/)).toHaveAccessibleName(
      '08:00 a 09:00 1 lugar',
    );
    await userEvent.click(within(dialogo).getByLabelText(/^11:00 a 12:00/));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Reservar' }));
    await waitFor(() => expect(avisosEnPantalla()).toContain('Turno reservado: MNPR2345'));
    expect(cuerposDe('POST /api/turnos/reservar')).toEqual([{ cupo: 42, fecha: DIA, hora: 11 }]);
    expect(cuerposDe('POST /api/cupos').at(-1)).toEqual({ codEmpre: 2, uniNeg: 1 });
    expect(cuerposDe('POST /api/turnos').at(-1)).toMatchObject({ codempre: 2, unineg: 1 });
  });

  it('sin cliente elegido no reserva: lo pide bajo el campo', async () => {
    // The kept company is offered first; emptied, the dialog asks for one.
    responder('POST /api/turnos', () => []);
    responder('POST /api/cupos', () => ({ resultado: [] }));
    mostrarAdministrador();
    await userEvent.click(await screen.findByRole('button', { name: 'Reservar turno' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Reservar turno' });
    await userEvent.selectOptions(within(dialogo).getByLabelText('Cliente'), '');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Reservar' }));
    expect(await within(dialogo).findByText('Elija el cliente.')).toBeVisible();
    const cliente = within(dialogo).getByLabelText('Cliente');
    expect(cliente).toHaveAttribute('aria-invalid', 'true');
    expect(cliente).toHaveAccessibleDescription('Elija el cliente.');
    expect(cuerposDe('POST /api/turnos/reservar')).toEqual([]);
  });

  it('el calendario guarda la plantilla, la excepción, la copia y la pausa como las pide la API', async () => {
    responder('POST /api/administracion/turnos/plantilla', () => ({ ok: true }));
    responder('POST /api/administracion/turnos/excepciones', () => ({ ok: true }));
    responder('POST /api/administracion/turnos/copiar-semana', () => ({ dias: 7 }));
    responder('POST /api/administracion/turnos/pausar', ({ cuerpo }) => ({
      pausa: {
        id: 3,
        fecha: cuerpo.fecha,
        hora: null,
        motivo: String(cuerpo.motivo),
        creadoEn: '2026-12-01T10:00:00',
      },
      afectados: [],
    }));
    mostrarAdministrador();
    const plantilla = await screen.findByRole('form', { name: 'Plantilla semanal' });
    const desde = within(plantilla).getByLabelText('Desde hora');
    const hasta = within(plantilla).getByLabelText('Hasta hora');
    // Hours the wrong way round: said under 'Hasta hora', nothing sent.
    await userEvent.clear(hasta);
    await userEvent.type(hasta, '7');
    await userEvent.click(within(plantilla).getByRole('button', { name: 'Guardar plantilla' }));
    expect(
      await within(plantilla).findByText('La hora desde no puede ser posterior a la hora hasta.'),
    ).toBeVisible();
    expect(cuerposDe('POST /api/administracion/turnos/plantilla')).toEqual([]);
    await userEvent.clear(desde);
    await userEvent.type(desde, '6');
    await userEvent.clear(hasta);
    await userEvent.type(hasta, '7');
    for (const d of ['Mar', 'Mié', 'Jue', 'Vie']) {
      await userEvent.click(within(plantilla).getByLabelText(d));
    }
    await userEvent.click(within(plantilla).getByRole('button', { name: 'Guardar plantilla' }));
    await waitFor(() => expect(avisosEnPantalla()).toContain('Plantilla guardada'));
    expect(cuerposDe('POST /api/administracion/turnos/plantilla')).toEqual([
      {
        unineg: 1,
        coddespacho: null,
        franjas: [
          { diaSemana: 1, hora: 6, capacidad: 4 },
          { diaSemana: 1, hora: 7, capacidad: 4 },
          { diaSemana: 7, hora: 6, capacidad: 2 },
        ],
      },
    ]);

    const excepcion = screen.getByRole('form', { name: 'Excepción del día' });
    await userEvent.clear(within(excepcion).getByLabelText('Camiones (0: cerrada)'));
    await userEvent.click(within(excepcion).getByRole('button', { name: 'Guardar excepción' }));
    expect(await within(excepcion).findByText('Indique la capacidad.')).toBeVisible();
    await userEvent.type(within(excepcion).getByLabelText('Camiones (0: cerrada)'), '3');
    await userEvent.click(within(excepcion).getByRole('button', { name: 'Guardar excepción' }));
    await waitFor(() => expect(avisosEnPantalla()).toContain('Excepción guardada'));
    await userEvent.click(within(excepcion).getByRole('button', { name: 'Volver a la plantilla' }));
    await waitFor(() =>
      expect(cuerposDe('POST /api/administracion/turnos/excepciones')).toHaveLength(2),
    );
    expect(cuerposDe('POST /api/administracion/turnos/excepciones')).toEqual([
      {
        unineg: 1,
        coddespacho: null,
        fecha: hoyMas(0),
        franjas: [
          { hora: 12, capacidad: 3 },
          { hora: 20, capacidad: 1 },
        ],
      },
      { unineg: 1, coddespacho: null, fecha: hoyMas(0), franjas: [] },
    ]);

    const copiar = screen.getByRole('form', { name: 'Copiar semana' });
    const semanas = within(copiar).getByLabelText('Semanas siguientes');
    await userEvent.clear(semanas);
    await userEvent.type(semanas, '13');
    await userEvent.click(within(copiar).getByRole('button', { name: 'Copiar semana' }));
    expect(await within(copiar).findByText('De 1 a 12.')).toBeVisible();
    await userEvent.clear(semanas);
    await userEvent.type(semanas, '2');
    await userEvent.click(within(copiar).getByRole('button', { name: 'Copiar semana' }));
    await waitFor(() => expect(avisosEnPantalla()).toContain('Semana copiada: 7 días'));
    expect(cuerposDe('POST /api/administracion/turnos/copiar-semana')).toEqual([
      { unineg: 1, coddespacho: null, desde: hoyMas(0), semanas: 2 },
    ]);

    const pausar = screen.getByRole('form', { name: 'Pausar' });
    await userEvent.click(within(pausar).getByRole('button', { name: 'Pausar' }));
    expect(await within(pausar).findByText('Indique el motivo.')).toBeVisible();
    await userEvent.type(within(pausar).getByLabelText('Motivo'), 'Lluvia');
    await userEvent.click(within(pausar).getByRole('button', { name: 'Pausar' }));
    expect(await within(pausar).findByText('La pausa no tiene turnos reservados.')).toBeVisible();
    expect(cuerposDe('POST /api/administracion/turnos/pausar')).toEqual([
      { unineg: 1, coddespacho: null, fecha: hoyMas(0), hora: null, motivo: 'Lluvia' },
    ]);
  });
});
