/**
 * 'Auditoría' against answers typed by the route map: the filters as the API reads them, the
 * cursor of 'Más antiguos', a row opened to its before and after, and the API's own words when it
 * refuses. The real round trip (and the Excel file) is in e2e/administracion-auditoria.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FilaAuditoria } from '../../../../shared/contracts/administracion';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../../test/kit';
import { AuditoriaPage } from './AuditoriaPage';

const fila = (id: number, cambios: Partial<FilaAuditoria> = {}): FilaAuditoria => ({
  id,
  fecha: '2026-11-21T14:03:22',
  actor: 'admin',
  accion: 'modificar',
  tabla: 'cupos',
  filaId: String(id * 10),
  ip: '10.0.0.1',
  antes: { estado: 1, obs: 'igual' },
  despues: { estado: 2, obs: 'igual' },
  ...cambios,
});

function mostrarPantalla() {
  responder('GET /api/administracion/auditoria/opciones', () => ({
    acciones: ['crear', 'modificar'],
    tablas: ['cupos', 'usuarios'],
  }));
  responder('GET /api/administracion/usuarios', () => [
    {
      id: 1,
      usuario: 'cliente1',
      codempre: 1,
      nomempre: 'Agroexportadora del Litoral S.A.',
      unidades: [{ ctrl: 1, unineg: 'Granos' }],
      activo: true,
      bloqueadoHasta: null,
      fallos: 0,
      tarjeta: null,
      ultimoIngreso: null,
      sesionesAbiertas: 0,
    },
  ]);
  return mostrar(<AuditoriaPage />, {
    en: '/administracion/auditoria',
    usuario: ADMINISTRADOR,
    conSeleccion: false,
  });
}

const filasDeDatos = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('row')
    .slice(1)
    .filter((r) => !r.classList.contains('fila-cambios'));

describe('AuditoriaPage', () => {
  it('pide lo más nuevo primero y sigue con el cursor de la página anterior', async () => {
    responder('POST /api/administracion/auditoria', ({ cuerpo }) =>
      cuerpo.antesDe === undefined
        ? { filas: [fila(9), fila(8)], siguiente: 8 }
        : { filas: [fila(7)], siguiente: null },
    );
    mostrarPantalla();
    await waitFor(() => expect(filasDeDatos()).toHaveLength(2));
    expect(cuerposDe('POST /api/administracion/auditoria')).toEqual([{ limite: 50 }]);

    await userEvent.click(screen.getByRole('button', { name: 'Más antiguos' }));
    await waitFor(() => expect(filasDeDatos()).toHaveLength(3));
    expect(cuerposDe('POST /api/administracion/auditoria')[1]).toEqual({ antesDe: 8, limite: 50 });
    expect(screen.queryByRole('button', { name: 'Más antiguos' })).toBeNull();
    expect(screen.getByText('No hay filas más antiguas.')).toBeInTheDocument();
  });

  it('los filtros van como la API los lee: solo los escritos, y las fechas en orden', async () => {
    responder('POST /api/administracion/auditoria', () => ({ filas: [], siguiente: null }));
    mostrarPantalla();
    expect(
      await screen.findByText('No hay movimientos de auditoría que coincidan con los filtros.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Tabla')).toBeEnabled());
    // The portal's users are offered as suggestions for the free-text 'Usuario'.
    await waitFor(() =>
      expect(document.querySelector('datalist option[value="cliente1"]')).not.toBeNull(),
    );
    await userEvent.selectOptions(screen.getByLabelText('Tabla'), 'usuarios');
    await userEvent.selectOptions(screen.getByLabelText('Acción'), 'crear');
    await userEvent.type(screen.getByLabelText('Usuario'), '  cliente1 ');
    await userEvent.type(screen.getByLabelText('Desde'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(cuerposDe('POST /api/administracion/auditoria')).toHaveLength(2));
    expect(cuerposDe('POST /api/administracion/auditoria')[1]).toEqual({
      desde: '2026-11-01',
      actor: 'cliente1',
      accion: 'crear',
      tabla: 'usuarios',
      limite: 50,
    });

    await userEvent.type(screen.getByLabelText('Hasta'), '2026-10-01');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(
      await screen.findByText('La fecha Desde no puede ser posterior a Hasta.'),
    ).toBeInTheDocument();
    expect(cuerposDe('POST /api/administracion/auditoria')).toHaveLength(2);
  });

  it('una fila abierta muestra antes y después, con los campos cambiados marcados', async () => {
    responder('POST /api/administracion/auditoria', () => ({
      filas: [fila(5, { antes: null, despues: 'texto' }), fila(4)],
      siguiente: null,
    }));
    mostrarPantalla();
    await waitFor(() => expect(filasDeDatos()).toHaveLength(2));
    const [, segunda] = filasDeDatos();
    const ver = within(segunda!).getByRole('button', { name: 'Ver cambios' });
    expect(ver).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(ver);
    expect(ver).toHaveAttribute('aria-expanded', 'true');
    const cambios = screen.getByRole('table', { name: 'Cambios del movimiento 4' });
    const [, estado, obs] = within(cambios).getAllByRole('row');
    expect(within(estado!).getByRole('rowheader')).toHaveTextContent('estadoCambió');
    expect(
      within(estado!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2']);
    expect(within(obs!).getByRole('rowheader')).toHaveTextContent(/^obs$/);

    // A value that is not an object is one field, 'valor'; a missing side says so.
    await userEvent.click(within(filasDeDatos()[0]!).getByRole('button', { name: 'Ver cambios' }));
    const otro = screen.getByRole('table', { name: 'Cambios del movimiento 5' });
    expect(within(otro).getByRole('rowheader')).toHaveTextContent('valorCambió');
    expect(within(otro).getByText('(sin valor)')).toBeInTheDocument();
    expect(within(otro).getByText('texto')).toBeInTheDocument();
  });

  it('si la API rechaza, lo dice con su referencia', async () => {
    responder('POST /api/administracion/auditoria', () =>
      error(400, { msj: 'desde: debe ser un día de la forma AAAA-MM-DD' }),
    );
    mostrarPantalla();
    expect(
      await screen.findByText('desde: debe ser un día de la forma AAAA-MM-DD'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Referencia/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generar Excel' })).toBeDisabled();
  });
});
