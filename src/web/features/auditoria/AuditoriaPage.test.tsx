/**
 * 'Auditoría' against answers typed by the route map: the filters as the API reads them, the
 * cursor of 'Más antiguos', a row opened to its before and after, and the API's own words when it
 * refuses. The real round trip (and the Excel file) is in e2e/administracion-auditoria.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FilaAuditoria } from '../../../shared/contracts/auditoria';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
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
  frase: `admin modificó el cupo N° ${id * 10} (estado)`,
  nombres: null,
  ...cambios,
});

/** Two rows of an onboarding, as the server writes them (src/shared/auditoria.ts). */
const TARJETA = fila(12, {
  accion: 'emitir_tarjeta',
  tabla: 'tarjetas',
  filaId: '609163',
  antes: { usuario: 'jperez', tarjeta: null },
  despues: { usuario: 'jperez', tarjeta: 609163, sesionesCerradas: 0 },
  frase: 'admin emitió la tarjeta N° 609163 de jperez',
});
const USUARIO = fila(11, {
  accion: 'crear',
  tabla: 'usuarios',
  filaId: '6',
  antes: null,
  despues: { usuario: 'jperez', codempre: 1, unidades: [1, 2], activo: true },
  frase:
    'admin creó el usuario jperez de Agroexportadora del Litoral S.A. con las unidades Granos y Subproductos',
  nombres: {
    empresas: { '1': 'Agroexportadora del Litoral S.A.' },
    unidades: { '1': 'Granos', '2': 'Subproductos' },
  },
});

function mostrarPantalla() {
  responder('GET /api/administracion/auditoria/opciones', () => ({
    acciones: ['crear', 'emitir_tarjeta', 'modificar', 'una_nueva'],
    tablas: ['cupos', 'login_fallos', 'tarjetas', 'tokens_servicio', 'usuarios'],
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
  it('cada movimiento es una frase, y el texto filtra por sus palabras', async () => {
    // The server searches the sentences: here, each word as a plain substring.
    responder('POST /api/administracion/auditoria', ({ cuerpo }) => {
      const palabras = (cuerpo.texto ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const filas = [TARJETA, USUARIO].filter((f) =>
        palabras.every((p) => f.frase.toLowerCase().includes(p)),
      );
      return { filas, siguiente: null };
    });
    mostrarPantalla();
    await waitFor(() => expect(filasDeDatos()).toHaveLength(2));
    const [primera, segunda] = filasDeDatos();
    expect(primera).toHaveTextContent('admin emitió la tarjeta N° 609163 de jperez');
    expect(segunda).toHaveTextContent(
      'admin creó el usuario jperez de Agroexportadora del Litoral S.A. con las unidades Granos y Subproductos',
    );
    // No internal codes in the list.
    expect(screen.getByRole('table')).not.toHaveTextContent('emitir_tarjeta');
    expect(screen.getByRole('table')).not.toHaveTextContent(/\btarjetas\b/);

    await userEvent.type(screen.getByLabelText('Texto'), 'Tarjeta  jperez ');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(filasDeDatos()).toHaveLength(1));
    expect(cuerposDe('POST /api/administracion/auditoria').at(-1)).toEqual({
      texto: 'Tarjeta  jperez',
      limite: 50,
    });
    expect(filasDeDatos()[0]).toHaveTextContent('admin emitió la tarjeta N° 609163 de jperez');
  });

  it('acciones y tablas se eligen por su nombre; una desconocida, legible', async () => {
    responder('POST /api/administracion/auditoria', () => ({ filas: [], siguiente: null }));
    mostrarPantalla();
    await waitFor(() => expect(screen.getByLabelText('Tabla')).toBeEnabled());
    const opciones = (etiqueta: string) =>
      within(screen.getByLabelText(etiqueta))
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(opciones('Acción')).toEqual([
      ['', 'Todas'],
      ['crear', 'Crear'],
      ['emitir_tarjeta', 'Emitir tarjeta'],
      ['modificar', 'Modificar'],
      ['una_nueva', 'una nueva'],
    ]);
    expect(opciones('Tabla')).toEqual([
      ['', 'Todas'],
      ['login_fallos', 'Bloqueos de ingreso'],
      ['cupos', 'Cupos'],
      ['tarjetas', 'Tarjetas'],
      ['tokens_servicio', 'Tokens de servicio'],
      ['usuarios', 'Usuarios'],
    ]);
  });

  it('«Ver datos» muestra los campos con sus nombres y valores, y los datos originales', async () => {
    responder('POST /api/administracion/auditoria', () => ({ filas: [USUARIO], siguiente: null }));
    mostrarPantalla();
    await waitFor(() => expect(filasDeDatos()).toHaveLength(1));
    await userEvent.click(within(filasDeDatos()[0]!).getByRole('button', { name: 'Ver datos' }));
    const cambios = screen.getByRole('table', { name: 'Cambios del movimiento 11' });
    const valores = within(cambios)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(valores).toEqual([
      ['UsuarioCambió', '(sin valor)', 'jperez'],
      ['EmpresaCambió', '(sin valor)', 'Agroexportadora del Litoral S.A. (1)'],
      ['Unidades de negocioCambió', '(sin valor)', 'Granos y Subproductos'],
      ['ActivoCambió', '(sin valor)', 'Sí'],
    ]);
    // The record as it is stored, codes and all.
    const originales = screen.getByRole('region', { name: 'Datos originales del movimiento 11' });
    expect(originales).toHaveTextContent('crear · usuarios · fila 6');
    expect(originales).toHaveTextContent('"unidades": [');
  });

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
    const ver = within(segunda!).getByRole('button', { name: 'Ver datos' });
    expect(ver).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(ver);
    expect(ver).toHaveAttribute('aria-expanded', 'true');
    const cambios = screen.getByRole('table', { name: 'Cambios del movimiento 4' });
    const [, estado, obs] = within(cambios).getAllByRole('row');
    expect(within(estado!).getByRole('rowheader')).toHaveTextContent('EstadoCambió');
    expect(
      within(estado!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2']);
    expect(within(obs!).getByRole('rowheader')).toHaveTextContent(/^Observaciones$/);

    // A value that is not an object is one field, 'Valor'; a missing side says so.
    await userEvent.click(within(filasDeDatos()[0]!).getByRole('button', { name: 'Ver datos' }));
    const otro = screen.getByRole('table', { name: 'Cambios del movimiento 5' });
    expect(within(otro).getByRole('rowheader')).toHaveTextContent('ValorCambió');
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
