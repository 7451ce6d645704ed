/**
 * A product's history against answers typed by the route map: the default range, the cursor of
 * 'Más antiguos', the chart's summary, a reversed range refused before asking, and the
 * spreadsheet's rows. The real round trip and the file are in e2e/stock.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DIAS_MAXIMOS_HISTORIAL,
  MAXIMO_MOVIMIENTOS_POR_PAGINA,
  type LineaStock,
  type MovimientoStock,
} from '../../../shared/contracts/stock';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { DIAS_MAXIMOS, errorDeRango, fechaHoraExcel } from '../../lib/dias';
import { rangoPorDefecto } from './dias';
import { filasDeMovimientos, leerMovimientosParaExcel, PAGINA_EXCEL } from './exportar';
import { StockPage } from './StockPage';

const lineas: LineaStock[] = [
  { codpro: 1, nompro: 'Soja', toneladas: 101.25, comprometidas: 0, disponibles: 101.25 },
];

const mov = (id: number, cambios: Partial<MovimientoStock> = {}): MovimientoStock => ({
  id,
  fecha: '2026-11-21T14:03:22',
  tipo: 'ajuste',
  ticket: null,
  patente: null,
  cupo: null,
  observacion: 'Recuento físico',
  toneladas: -1.5,
  saldo: 100,
  ...cambios,
});

function mostrarPantalla() {
  responder('POST /api/clientes/clientes-empresas', () => [
    { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' },
  ]);
  responder('POST /api/empresa/stock', () => lineas);
  responder('POST /api/empresa/stock/saldos', ({ cuerpo }) => ({
    saldoInicial: 97.5,
    saldos: [
      { dia: cuerpo.desde, saldo: 97.5 },
      { dia: cuerpo.hasta, saldo: 101.25 },
    ],
  }));
  mostrar(<StockPage />, { en: '/stock', usuario: ADMINISTRADOR });
}

const filasDe = (dialogo: HTMLElement) =>
  within(within(dialogo).getByRole('table', { name: 'Movimientos' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

async function abrir(nompro = 'Soja') {
  await userEvent.click(await screen.findByRole('button', { name: `Movimientos de ${nompro}` }));
  return screen.findByRole('dialog', { name: `Movimientos de ${nompro}` });
}

describe('historial de un producto', () => {
  it('los últimos 30 días, el más nuevo primero, y "Más antiguos" sigue desde el último', async () => {
    responder('POST /api/empresa/stock/movimientos', ({ cuerpo }) =>
      cuerpo.antesDe === undefined
        ? {
            movimientos: [
              mov(9, {
                tipo: 'despacho',
                ticket: 77,
                patente: 'AB123CD',
                cupo: 41,
                observacion: null,
                toneladas: -28,
                saldo: 101.25,
              }),
              mov(8, {
                tipo: 'recepcion',
                ticket: 76,
                patente: 'AC456EF',
                cupo: 40,
                observacion: null,
                toneladas: 21.5,
                saldo: 129.25,
              }),
            ],
            siguiente: 8,
          }
        : {
            movimientos: [
              mov(7, { tipo: 'apertura', observacion: null, toneladas: 107.75, saldo: 107.75 }),
            ],
            siguiente: null,
          },
    );
    mostrarPantalla();
    const dialogo = await abrir();
    const { desde, hasta } = rangoPorDefecto();
    await waitFor(() => expect(filasDe(dialogo)).toHaveLength(2));
    expect(cuerposDe('POST /api/empresa/stock/movimientos')).toEqual([
      { codempre: 1, unineg: 1, codpro: 1, desde, hasta, limite: 100 },
    ]);
    expect(cuerposDe('POST /api/empresa/stock/saldos')).toEqual([
      { codempre: 1, unineg: 1, codpro: 1, desde, hasta },
    ]);
    expect(within(dialogo).getByLabelText('Desde')).toHaveValue(desde);
    expect(filasDe(dialogo)).toEqual([
      ['21/11/2026 14:03', 'Despacho', 'AB123CD · Ticket 77 · Cupo 41', '-28,000', '101,250'],
      ['21/11/2026 14:03', 'Recepción', 'AC456EF · Ticket 76 · Cupo 40', '+21,500', '129,250'],
    ]);
    // The chart says in words what it draws.
    expect(within(dialogo).getByRole('img')).toHaveAccessibleName(
      /^Saldo de Soja del .*: inicial 97,500 t, final 101,250 t, mínimo 97,500 t, máximo 101,250 t\.$/,
    );

    await userEvent.click(within(dialogo).getByRole('button', { name: 'Más antiguos' }));
    await waitFor(() => expect(filasDe(dialogo)).toHaveLength(3));
    expect(cuerposDe('POST /api/empresa/stock/movimientos')[1]).toEqual({
      codempre: 1,
      unineg: 1,
      codpro: 1,
      desde,
      hasta,
      antesDe: 8,
      limite: 100,
    });
    expect(filasDe(dialogo)[2]).toEqual([
      '21/11/2026 14:03',
      'Saldo inicial',
      '',
      '+107,750',
      '107,750',
    ]);
    expect(within(dialogo).getByText('No hay movimientos más antiguos en el rango.')).toBeVisible();
    expect(within(dialogo).getByText('3 movimientos a la vista')).toBeInTheDocument();
  });

  it('un ajuste muestra su observación; otro rango vuelve a pedir, uno invertido no', async () => {
    responder('POST /api/empresa/stock/movimientos', () => ({
      movimientos: [mov(3)],
      siguiente: null,
    }));
    mostrarPantalla();
    const dialogo = await abrir();
    await waitFor(() => expect(filasDe(dialogo)).toHaveLength(1));
    expect(filasDe(dialogo)[0]).toEqual([
      '21/11/2026 14:03',
      'Ajuste',
      'Recuento físico',
      '-1,500',
      '100,000',
    ]);

    const desde = within(dialogo).getByLabelText('Desde');
    const hasta = within(dialogo).getByLabelText('Hasta');
    await userEvent.clear(desde);
    await userEvent.type(desde, '2026-01-01');
    await userEvent.clear(hasta);
    await userEvent.type(hasta, '2026-01-31');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(cuerposDe('POST /api/empresa/stock/movimientos')).toHaveLength(2));
    expect(cuerposDe('POST /api/empresa/stock/movimientos')[1]).toMatchObject({
      desde: '2026-01-01',
      hasta: '2026-01-31',
    });

    await userEvent.clear(desde);
    await userEvent.type(desde, '2026-02-15');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Buscar' }));
    expect(
      await within(dialogo).findByText('La fecha Desde no puede ser posterior a Hasta.'),
    ).toBeInTheDocument();
    expect(cuerposDe('POST /api/empresa/stock/movimientos')).toHaveLength(2);

    await userEvent.click(within(dialogo).getAllByRole('button', { name: 'Cerrar' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sin movimientos lo dice; un error de la API con sus palabras', async () => {
    responder('POST /api/empresa/stock/movimientos', () => ({ movimientos: [], siguiente: null }));
    mostrarPantalla();
    const dialogo = await abrir();
    expect(
      await within(dialogo).findByText('No hay movimientos de este producto en el rango'),
    ).toBeInTheDocument();
    expect(within(dialogo).getByRole('button', { name: 'Exportar a Excel' })).toBeDisabled();

    responder('POST /api/empresa/stock/movimientos', () =>
      error(400, { msj: 'La fecha desde no puede ser posterior a la fecha hasta' }),
    );
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Buscar' }));
    // Same range: the cached answer stays; a new range asks and shows the refusal.
    const desde = within(dialogo).getByLabelText('Desde');
    await userEvent.clear(desde);
    await userEvent.type(desde, '2026-01-01');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Buscar' }));
    expect(
      await within(dialogo).findByText('La fecha desde no puede ser posterior a la fecha hasta'),
    ).toBeInTheDocument();
  });
});

describe('Excel del historial', () => {
  it('lee todas las páginas del rango con la página más grande, contando lo leído', async () => {
    responder('POST /api/empresa/stock/movimientos', ({ cuerpo }) =>
      cuerpo.antesDe === undefined
        ? { movimientos: [mov(9), mov(8)], siguiente: 8 }
        : { movimientos: [mov(7)], siguiente: null },
    );
    const leidos: number[] = [];
    const rango = { codempre: 1, unineg: 1, codpro: 1, desde: '2026-01-01', hasta: '2026-12-31' };
    const { movimientos, recortado } = await leerMovimientosParaExcel(rango, (n) => leidos.push(n));
    expect(movimientos.map((m) => m.id)).toEqual([9, 8, 7]);
    expect(recortado).toBe(false);
    expect(leidos).toEqual([2, 3]);
    expect(cuerposDe('POST /api/empresa/stock/movimientos')).toEqual([
      { ...rango, limite: 500 },
      { ...rango, antesDe: 8, limite: 500 },
    ]);
  });

  it('una fila de encabezado y una por movimiento, con números y fechas de verdad', () => {
    expect(
      filasDeMovimientos([
        mov(9, { tipo: 'despacho', ticket: 77, patente: 'AB123CD', cupo: 41, observacion: null }),
        mov(8),
      ]),
    ).toEqual([
      ['Fecha', 'Tipo', 'Patente', 'Ticket', 'Cupo', 'Observación', 'Toneladas', 'Saldo'],
      [new Date(Date.UTC(2026, 10, 21, 14, 3, 22)), 'Despacho', 'AB123CD', 77, 41, null, -1.5, 100],
      [
        fechaHoraExcel('2026-11-21T14:03:22'),
        'Ajuste',
        null,
        null,
        null,
        'Recuento físico',
        -1.5,
        100,
      ],
    ]);
  });

  it('los topes del navegador son los del contrato', () => {
    expect(PAGINA_EXCEL).toBe(MAXIMO_MOVIMIENTOS_POR_PAGINA);
    expect(DIAS_MAXIMOS).toBe(DIAS_MAXIMOS_HISTORIAL);
    expect(errorDeRango('2016-04-01', '2026-03-28')).toBeNull();
    expect(errorDeRango('2016-01-01', '2026-03-28')).toMatch(/no puede superar/);
  });
});
