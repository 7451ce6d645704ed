/**
 * The stock screen's states with the network answered here; the real API, the download and the
 * file's cells are exercised end to end in e2e/stock.spec.ts.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LineaStock } from '../../../shared/contracts/stock';
import { SeleccionProvider } from '../../app/seleccion';
import { clienteConSesion, respuesta } from '../encuestas/prueba';
import { filasDeStock } from './exportar';
import { StockPage } from './StockPage';

const lineas: LineaStock[] = [
  { codpro: 1, nompro: 'Soja', toneladas: 12345.678 },
  { codpro: 3, nompro: 'Trigo', toneladas: -3.091 },
];

/** fetch: the client list, and the stock answered by `stock`; records each stock body. */
function red(stock: (cuerpo: { codempre: number; unineg: number }) => Promise<Response>) {
  const pedidos: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((ruta: string, init?: RequestInit) => {
      if (ruta === '/api/clientes/clientes-empresas') {
        return respuesta(200, [
          { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' },
          { codempre: 2, nomempre: 'Cereales Pampeanos S.R.L.' },
        ]);
      }
      const cuerpo = JSON.parse(init!.body as string) as { codempre: number; unineg: number };
      pedidos.push(cuerpo);
      return stock(cuerpo);
    }),
  );
  return pedidos;
}

function mostrar() {
  render(
    <QueryClientProvider client={clienteConSesion(0)}>
      <MemoryRouter>
        <SeleccionProvider>
          <StockPage />
        </SeleccionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('StockPage', () => {
  it('muestra la tabla del primer cliente y unidad, en toneladas con formato es-AR', async () => {
    const pedidos = red(() => respuesta(200, lineas));
    mostrar();
    expect(await screen.findByRole('heading', { name: 'Listado de stock' })).toBeInTheDocument();
    const tabla = await screen.findByRole('table');
    expect(
      within(tabla)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Código', 'Producto', 'Toneladas']);
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
      ['1', 'Soja', '12.345,678'],
      ['3', 'Trigo', '-3,091'],
    ]);
    expect(pedidos).toEqual([{ codempre: 1, unineg: 1 }]);
    expect(screen.getByRole('button', { name: 'Generar Excel' })).toBeEnabled();
  });

  it('vuelve a pedir el stock al cambiar el cliente', async () => {
    const pedidos = red(({ codempre }) => respuesta(200, codempre === 1 ? lineas : []));
    mostrar();
    await screen.findByText('Soja');
    await userEvent.selectOptions(screen.getByLabelText('Cliente'), '2');
    expect(
      await screen.findByText('No hay stock de este cliente en esta unidad de negocio'),
    ).toBeInTheDocument();
    expect(pedidos).toEqual([
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
          fallar = () => void respuesta(500, { msj: 'Error interno del servidor' }).then(resolver);
        }),
    );
    mostrar();
    // The stock was asked for and has no answer yet.
    await vi.waitFor(() => expect(fallar).toBeTypeOf('function'));
    expect(screen.getByText('CARGANDO...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generar Excel' })).toBeDisabled();
    fallar();
    expect(await screen.findByText('Algo salio mal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generar Excel' })).toBeDisabled();
  });
});

describe('filas del Excel', () => {
  it('una fila de encabezado y exactamente las líneas, con las toneladas como números', () => {
    expect(filasDeStock(lineas)).toEqual([
      ['Código', 'Producto', 'Toneladas'],
      [1, 'Soja', 12345.678],
      [3, 'Trigo', -3.091],
    ]);
  });
});
