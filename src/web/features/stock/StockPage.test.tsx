/**
 * The stock screen's states with the network answered here; the real API, the download and the
 * file's cells are exercised end to end in e2e/stock.spec.ts.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LineaStock } from '../../../shared/contracts/stock';
import {
  ADMINISTRADOR,
  cuerposDe,
  error,
  mostrar,
  REFERENCIA_DE_PRUEBA,
  responder,
  sinRed,
  type Manejador,
} from '../../test/kit';
import { filasDeStock } from './exportar';
import { StockPage } from './StockPage';

const lineas: LineaStock[] = [
  {
    codpro: 1,
    nompro: 'Soja',
    toneladas: 12345.678,
    comprometidas: 56.334,
    disponibles: 12289.344,
  },
  { codpro: 3, nompro: 'Trigo', toneladas: -3.091, comprometidas: 20, disponibles: -23.091 },
];

/** Two clients to choose from, and the stock answered by `stock`. */
function red(stock: Manejador<'POST /api/empresa/stock'>) {
  responder('POST /api/clientes/clientes-empresas', () => [
    { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' },
    { codempre: 2, nomempre: 'Cereales Pampeanos S.R.L.' },
  ]);
  responder('POST /api/empresa/stock', stock);
}

const pedidos = () => cuerposDe('POST /api/empresa/stock');

function mostrarPagina() {
  mostrar(<StockPage />, { en: '/stock', usuario: ADMINISTRADOR });
}

describe('StockPage', () => {
  it('muestra la tabla del primer cliente y unidad, en toneladas con formato es-AR', async () => {
    red(() => lineas);
    mostrarPagina();
    expect(await screen.findByRole('heading', { name: 'Listado de stock' })).toBeInTheDocument();
    const tabla = await screen.findByRole('table');
    expect(
      within(tabla)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Código', 'Producto', 'Toneladas', 'Comprometido', 'Disponible', 'Acciones']);
    expect(
      within(tabla)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['1', 'Soja', '12.345,678', '56,334', '12.289,344', 'Movimientos'],
      ['3', 'Trigo', '-3,091', '20,000', '-23,091', 'Movimientos'],
    ]);
    // Short of stock, or promised beyond it: red.
    const trigo = within(tabla).getAllByRole('row')[2]!;
    expect(within(trigo).getByText('-23,091')).toHaveClass('text-danger');
    expect(within(trigo).getByText('20,000')).not.toHaveClass('text-danger');
    expect(pedidos()).toEqual([{ codempre: 1, unineg: 1 }]);
    expect(screen.getByRole('button', { name: 'Generar Excel' })).toBeEnabled();
  });

  it('vuelve a pedir el stock al cambiar el cliente', async () => {
    red(({ cuerpo }) => (cuerpo.codempre === 1 ? lineas : []));
    mostrarPagina();
    await screen.findByText('Soja');
    await userEvent.selectOptions(screen.getByLabelText('Cliente'), '2');
    expect(
      await screen.findByText('No hay stock de este cliente en esta unidad de negocio'),
    ).toBeInTheDocument();
    expect(pedidos()).toEqual([
      { codempre: 1, unineg: 1 },
      { codempre: 2, unineg: 1 },
    ]);
    // Nothing to export: the button waits for rows.
    expect(screen.getByRole('button', { name: 'Generar Excel' })).toBeDisabled();
  });

  it('CARGANDO... mientras pide, y "Algo salio mal" si falla', async () => {
    let fallar!: () => void;
    red(
      () =>
        new Promise((resolver) => {
          fallar = () => resolver(error(500, { msj: 'Error interno del servidor' }));
        }),
    );
    mostrarPagina();
    // The stock was asked for and has no answer yet.
    await vi.waitFor(() => expect(fallar).toBeTypeOf('function'));
    expect(screen.getByText('CARGANDO...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generar Excel' })).toBeDisabled();
    fallar();
    expect(await screen.findByText('Algo salio mal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generar Excel' })).toBeDisabled();
    // The request's reference, for the person to quote to the terminal.
    expect(screen.getByText(REFERENCIA_DE_PRUEBA)).toBeInTheDocument();
    expect(screen.getByText(/Referencia:/)).toBeInTheDocument();
  });

  it('sin red no hay referencia que mostrar: solo "Algo salio mal"', async () => {
    red(() => sinRed());
    mostrarPagina();
    expect(await screen.findByText('Algo salio mal')).toBeInTheDocument();
    expect(screen.queryByText(/Referencia/)).not.toBeInTheDocument();
  });
});

describe('filas del Excel', () => {
  it('una fila de encabezado y exactamente las líneas, con las toneladas como números', () => {
    expect(filasDeStock(lineas)).toEqual([
      ['Código', 'Producto', 'Toneladas', 'Comprometido', 'Disponible'],
      [1, 'Soja', 12345.678, 56.334, 12289.344],
      [3, 'Trigo', -3.091, 20, -23.091],
    ]);
  });
});
