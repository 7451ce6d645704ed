import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EstadoRecordatorio } from '../../../shared/contracts/encuestas';
import { cuerposDe, mostrar, responder, urlsDe } from '../../test/kit';
import { mensajeEnviado, RecordatorioEncuesta } from './RecordatorioEncuesta';

const ADMIN = { usuario: { codempre: 0 } };

describe('RecordatorioEncuesta', () => {
  it('dice el último envío, confirma con cuántos usuarios alcanza y avisa el resultado', async () => {
    let estado: EstadoRecordatorio = {
      pendientes: 5,
      alcanzaria: 3,
      ultimo: { EnviadoEn: '2026-11-21T14:03:22', usuarios: 2 },
    };
    responder('GET /api/encuestas/recordatorios/encuesta/:id', () => estado);
    responder('POST /api/encuestas/recordatorio', () => {
      estado = {
        pendientes: 5,
        alcanzaria: 0,
        ultimo: { EnviadoEn: '2026-11-29T09:00:00', usuarios: 3 },
      };
      return { enviados: 3, omitidos: 2 };
    });
    mostrar(<RecordatorioEncuesta id={7} />, ADMIN);
    expect(
      await screen.findByText(/^Último recordatorio: 21\/11\/2026 14:03, a 2 usuario\(s\)\./),
    ).toHaveTextContent('Llegaría a 3 usuario(s) de 5 con la encuesta pendiente.');

    await userEvent.click(screen.getByRole('button', { name: 'Enviar recordatorio' }));
    const dialogo = await screen.findByRole('dialog');
    expect(dialogo).toHaveTextContent(
      '¿Enviar un recordatorio a 3 usuario(s) que todavía no respondieron esta encuesta? Lo verán al ingresar. 2 usuario(s) ya recibieron uno en los últimos 7 días y no se les envía otro.',
    );
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Enviar recordatorio' }));
    expect(
      await screen.findByText(
        'Recordatorio enviado a 3 usuario(s). 2 usuario(s) ya recibieron uno en los últimos 7 días y no se les envía otro.',
      ),
    ).toBeInTheDocument();
    expect(cuerposDe('POST /api/encuestas/recordatorio')).toEqual([{ id: 7 }]);
    // The figures load again: the last sending is this one, and nobody is left to remind.
    expect(
      await screen.findByText(/^Último recordatorio: 29\/11\/2026 09:00, a 3 usuario\(s\)\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar recordatorio' })).toBeDisabled();
    expect(urlsDe('GET /api/encuestas/recordatorios/encuesta/:id')[0]).toBe(
      '/api/encuestas/recordatorios/encuesta/7',
    );
  });

  it('cancelar no envía nada', async () => {
    responder('GET /api/encuestas/recordatorios/encuesta/:id', () => ({
      pendientes: 1,
      alcanzaria: 1,
      ultimo: null,
    }));
    mostrar(<RecordatorioEncuesta id={7} />, ADMIN);
    expect(await screen.findByText(/Todavía no se envió ningún recordatorio\./)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar recordatorio' }));
    const dialogo = await screen.findByRole('dialog');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    expect(cuerposDe('POST /api/encuestas/recordatorio')).toEqual([]);
  });

  it('sin nadie a quien recordar el botón queda deshabilitado y dice por qué', async () => {
    responder('GET /api/encuestas/recordatorios/encuesta/:id', () => ({
      pendientes: 0,
      alcanzaria: 0,
      ultimo: null,
    }));
    mostrar(<RecordatorioEncuesta id={7} />, ADMIN);
    expect(await screen.findByText(/Ningún usuario tiene esta encuesta pendiente\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enviar recordatorio' })).toBeDisabled();
  });

  it('sin omitidos el aviso no los menciona', () => {
    expect(mensajeEnviado({ enviados: 1, omitidos: 0 })).toBe(
      'Recordatorio enviado a 1 usuario(s).',
    );
  });
});
