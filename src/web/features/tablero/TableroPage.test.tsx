/**
 * The dashboard's screen with the network answered here (src/web/test/kit.tsx): the filters make
 * the request bodies, the tables show the numbers in es-AR, the exports carry numeric cells, and
 * only administrators get the client filter and the settings dialog. jsdom cannot draw (no
 * canvas, no matchMedia): each chart is its labelled box (role="img"), and the numbers are read
 * from the tables. The real charts, API and downloaded file are in e2e/tablero.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DESVIOS_MAXIMOS as DESVIOS_CONTRATO,
  DIAS_MAXIMOS as DIAS_CONTRATO,
} from '../../../shared/contracts/tablero';
import type { Ruta } from '../../../shared/contracts/rutas';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
import * as datos from './datos-prueba';
import { DIAS_MAXIMOS } from '../../lib/dias';
import { DESVIOS_MAXIMOS } from './dias';
import { filasExcel, tablaCupos, tablaDesvios, tablaToneladas } from './tablas';
import { TableroPage } from './TableroPage';

const guardado = vi.hoisted(() => ({ datos: [] as unknown[][][], opciones: [] as unknown[] }));
vi.mock('write-excel-file/browser', () => ({
  default: (filas: unknown[][], opciones: unknown) => ({
    toFile: (archivo: string) => {
      guardado.datos.push(filas);
      guardado.opciones.push({ ...(opciones as object), archivo });
      return Promise.resolve();
    },
  }),
}));

const RUTAS = [
  'POST /api/tablero/camiones',
  'POST /api/tablero/recorridos',
  'POST /api/tablero/toneladas',
  'POST /api/tablero/cupos',
  'POST /api/tablero/desvios',
  'POST /api/tablero/turnos',
] as const satisfies Ruta[];

function red() {
  responder('POST /api/clientes/clientes-empresas', () => [
    { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' },
    { codempre: 2, nomempre: 'Cereales Pampeanos S.R.L.' },
  ]);
  responder('POST /api/tablero/camiones', ({ cuerpo }) => datos.camiones(cuerpo));
  responder('POST /api/tablero/recorridos', ({ cuerpo }) => datos.recorridos(cuerpo));
  responder('POST /api/tablero/toneladas', ({ cuerpo }) => datos.toneladas(cuerpo));
  responder('POST /api/tablero/cupos', ({ cuerpo }) => datos.cupos(cuerpo));
  responder('POST /api/tablero/desvios', () => datos.desvios());
  responder('POST /api/tablero/turnos', ({ cuerpo }) => datos.turnos(cuerpo));
}

/** The rows of a table (by caption) as the cells' text, header row first. */
function filas(caption: string) {
  const tabla = screen.getByRole('table', { name: caption });
  return within(tabla)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
}

beforeEach(() => {
  // Only the calendar is fixed: 'today' is 24/11/2026 (the default range ends today).
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 24, 10, 30) });
  guardado.datos = [];
  guardado.opciones = [];
});
afterEach(() => vi.useRealTimers());

describe('TableroPage', () => {
  it('turnos: la tabla por día y su gráfico dicen los mismos totales; la puntualidad, barra y fila por empresa', async () => {
    red();
    mostrar(<TableroPage />, { en: '/tablero' });
    await screen.findByRole('table', { name: 'Turnos por día' });
    const dias = filas('Turnos por día');
    expect(dias[0]).toEqual([
      'Día',
      'Capacidad',
      'Reservados',
      'Llegados',
      'Ausentes',
      'Ocupación (%)',
    ]);
    expect(dias[1]).toEqual(['18/11/2026', '10', '2', '1', '1', '20,0']);
    // 7 days: 2+…+8 = 35 booked, 1+…+7 = 28 arrived, 7 no-shows, 70 places.
    expect(dias.at(-1)).toEqual(['Total', '70', '35', '28', '7', '50,0']);
    expect(
      screen.getByRole('img', {
        name: 'Turnos por hora del 18/11/2026 al 24/11/2026: 35 reservados de 70 lugares, 28 llegados y 7 ausentes.',
      }),
    ).toBeInTheDocument();
    expect(filas('Turnos por hora')[1]).toEqual(['24/11/2026 10:00', '10', '4', '3', '1', '40,0']);

    const puntualidad = filas('Puntualidad por empresa');
    expect(puntualidad[1]).toEqual([
      'Agroexportadora del Litoral S.A.',
      '8',
      '3',
      '1',
      '1',
      '1',
      '50,0',
    ]);
    expect(puntualidad[2]).toEqual(['Cereales del Sur S.R.L.', '2', '0', '0', '0', '0', '–']);
    expect(puntualidad.at(-1)).toEqual(['Total', '10', '3', '1', '1', '1', '50,0']);
    // A bar for each company with something settled, saying its numbers in words.
    const barras = screen.getAllByRole('img', { name: /a tiempo/ });
    expect(barras.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Agroexportadora del Litoral S.A.: a tiempo 3, temprano 1, tarde 1, ausentes 1; 50,0 % a tiempo.',
    ]);
  });

  it('un cliente pide los últimos 7 días de su unidad, sin elegir cliente, y ve los números', async () => {
    red();
    mostrar(<TableroPage />, { en: '/tablero' });
    expect(await screen.findByRole('heading', { name: 'Tablero', level: 1 })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Camiones por día' });
    for (const ruta of RUTAS) {
      expect(cuerposDe(ruta)).toEqual([{ unineg: 1, desde: '2026-11-18', hasta: '2026-11-24' }]);
    }
    expect(screen.queryByLabelText('Cliente')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Parámetros del tablero' }),
    ).not.toBeInTheDocument();

    const camiones = filas('Camiones por día');
    expect(camiones[0]).toEqual([
      'Día',
      'Ingresados',
      'Finalizados',
      'Máximo finalizados en una hora',
      'Capacidad por hora',
    ]);
    expect(camiones[1]).toEqual(['18/11/2026', '1', '0', '0', '12']);
    expect(camiones.at(-1)).toEqual(['Total', '28', '21', '1', '12']);
    // The chart is there, labelled with what it shows.
    expect(
      screen.getByRole('img', {
        name: /^Camiones por hora del 18\/11\/2026 al 24\/11\/2026: 28 ingresados y 21 finalizados; capacidad de 12 por hora/,
      }),
    ).toBeInTheDocument();

    await screen.findByRole('table', { name: 'Toneladas despachadas por producto' });
    const toneladas = filas('Toneladas despachadas por producto');
    expect(toneladas[0]).toEqual(['Día', 'Soja', 'Trigo', 'Total']);
    expect(toneladas[1]).toEqual(['18/11/2026', '1,000', '0,000', '1,000']);
    expect(toneladas[7]).toEqual(['24/11/2026', '1.016,170', '28,500', '1.044,670']);
    expect(toneladas.at(-1)).toEqual(['Total', '1.017,170', '28,500', '1.045,670']);

    await screen.findByRole('table', { name: 'Tiempo de permanencia por día (minutos)' });
    expect(filas('Tiempo de permanencia por día (minutos)')[1]).toEqual([
      '24/11/2026',
      '9',
      '60,5',
      '100,0',
      '20,0',
      '40,0',
      '–',
      '–',
      '30,3',
      '45,0',
    ]);
    const demorados = filas('Camiones demorados ahora');
    expect(demorados[1]).toEqual([
      'AB123CD',
      'Agroexportadora del Litoral S.A.',
      'Playa sin orden',
      '24/11/2026 07:00',
      '185',
      'Excedido',
    ]);

    await screen.findByRole('table', { name: 'Cupos por día' });
    expect(filas('Cupos por día').at(-1)).toEqual(['Total', '42', '21', '3']);

    await screen.findByRole('table', { name: 'Desvíos de peso' });
    expect(filas('Desvíos de peso')[1]).toEqual([
      'AC456EF',
      'Agroexportadora del Litoral S.A.',
      '23/11/2026 15:42',
      '90012',
      '15.000',
      '46.500',
      '31.500',
      '30.000',
      '1.500',
      '5,0',
      'Exceso',
    ]);
    expect(screen.getByText(/faltantes de más del 5 %/)).toBeInTheDocument();
  });

  it(
    'el administrador elige todos los clientes o uno, y otro rango cambia los números',
    {
      timeout: 20_000,
    },
    async () => {
      red();
      const usuario = userEvent.setup();
      mostrar(<TableroPage />, { en: '/tablero', usuario: ADMINISTRADOR });
      await screen.findByRole('table', { name: 'Cupos por día' });
      const cliente = screen.getByLabelText('Cliente');
      expect(cliente).toHaveDisplayValue('Todos los clientes');
      expect(cuerposDe('POST /api/tablero/cupos')).toEqual([
        { unineg: 1, desde: '2026-11-18', hasta: '2026-11-24' },
      ]);

      await usuario.selectOptions(cliente, '2');
      await waitFor(() =>
        expect(cuerposDe('POST /api/tablero/cupos').at(-1)).toEqual({
          unineg: 1,
          codempre: 2,
          desde: '2026-11-18',
          hasta: '2026-11-24',
        }),
      );

      const desde = screen.getByLabelText('Desde');
      await usuario.clear(desde);
      await usuario.type(desde, '2026-11-23');
      // Nothing is asked while typing: 'Actualizar' applies the range.
      expect(cuerposDe('POST /api/tablero/cupos')).toHaveLength(2);
      await usuario.click(screen.getByRole('button', { name: 'Actualizar' }));
      await waitFor(() => expect(filas('Cupos por día').at(-1)).toEqual(['Total', '2', '1', '1']));
      expect(cuerposDe('POST /api/tablero/desvios').at(-1)).toEqual({
        unineg: 1,
        codempre: 2,
        desde: '2026-11-23',
        hasta: '2026-11-24',
      });
      expect(
        filas('Camiones por día')
          .slice(1, -1)
          .map((f) => f[0]),
      ).toEqual(['23/11/2026', '24/11/2026']);
    },
  );

  it(
    'los rangos rápidos ponen las fechas según el reloj y se aplican al pulsarlos, sin Actualizar',
    { timeout: 20_000 },
    async () => {
      // The clock is the fake one of beforeEach: today is Tuesday 24/11/2026.
      red();
      const usuario = userEvent.setup();
      mostrar(<TableroPage />, { en: '/tablero' });
      await screen.findByRole('table', { name: 'Cupos por día' });
      const rapidos = screen.getByRole('group', { name: 'Rango rápido' });
      const boton = (nombre: string) => within(rapidos).getByRole('button', { name: nombre });
      // The default range is the last 7 days: its button says so.
      expect(boton('7 días')).toHaveAttribute('aria-pressed', 'true');
      expect(boton('Hoy')).toHaveAttribute('aria-pressed', 'false');

      const casos = [
        ['30 días', '2026-10-26', '2026-11-24'],
        ['Este mes', '2026-11-01', '2026-11-24'],
        ['Hoy', '2026-11-24', '2026-11-24'],
        ['7 días', '2026-11-18', '2026-11-24'],
      ] as const;
      for (const [nombre, desde, hasta] of casos) {
        const antes = cuerposDe('POST /api/tablero/cupos').length;
        await usuario.click(boton(nombre));
        expect(screen.getByLabelText('Desde')).toHaveValue(desde);
        expect(screen.getByLabelText('Hasta')).toHaveValue(hasta);
        expect(boton(nombre)).toHaveAttribute('aria-pressed', 'true');
        // Applied at once: a quick range is a whole range, no 'Actualizar' needed (typed dates
        // still wait for it). The 7 days were already cached: no new call for them.
        if (nombre !== '7 días') {
          await waitFor(() => expect(cuerposDe('POST /api/tablero/cupos')).toHaveLength(antes + 1));
          expect(cuerposDe('POST /api/tablero/cupos').at(-1)).toEqual({ unineg: 1, desde, hasta });
        }
      }
      await waitFor(() =>
        expect(
          filas('Camiones por día')
            .slice(1, -1)
            .map((f) => f[0]),
        ).toEqual([
          '18/11/2026',
          '19/11/2026',
          '20/11/2026',
          '21/11/2026',
          '22/11/2026',
          '23/11/2026',
          '24/11/2026',
        ]),
      );

      // A typed date is no quick range any more.
      const desde = screen.getByLabelText('Desde');
      await usuario.clear(desde);
      await usuario.type(desde, '2026-11-20');
      expect(within(rapidos).queryByRole('button', { pressed: true })).not.toBeInTheDocument();
    },
  );

  it('las cifras del rango se leen de un vistazo: mediana y p90 con su nombre', async () => {
    red();
    mostrar(<TableroPage />, { en: '/tablero' });
    await screen.findByRole('table', { name: 'Tiempo de permanencia por día (minutos)' });
    const cifra = (nombre: string) =>
      screen.getByText(nombre, { selector: '.cifras-tablero dt' }).nextElementSibling;
    expect(cifra('Camiones finalizados')).toHaveTextContent(/^9$/);
    expect(cifra('Permanencia total')).toHaveTextContent(/^mediana 61 min · p90 100 min$/);
    expect(cifra('Espera sin orden')).toHaveTextContent(/^mediana 20 min · p90 40 min$/);
    expect(cifra('Espera con orden')).toHaveTextContent(/^sin datos$/);
    expect(cifra('Operando')).toHaveTextContent(/^mediana 30 min · p90 45 min$/);
  });

  it('un rango al revés se explica y no se pide', async () => {
    red();
    const usuario = userEvent.setup();
    mostrar(<TableroPage />, { en: '/tablero' });
    await screen.findByRole('table', { name: 'Cupos por día' });
    const desde = screen.getByLabelText('Desde');
    await usuario.clear(desde);
    await usuario.type(desde, '2026-11-30');
    await usuario.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La fecha Desde no puede ser posterior a Hasta.',
    );
    expect(cuerposDe('POST /api/tablero/cupos')).toHaveLength(1);
  });

  it('sin movimientos en el rango cada sección lo dice; un error del servidor se muestra', async () => {
    red();
    responder('POST /api/tablero/cupos', ({ cuerpo }) => ({
      dias: datos.cupos(cuerpo).dias.map((d) => ({ ...d, pedidos: 0, usados: 0, eliminados: 0 })),
    }));
    responder('POST /api/tablero/toneladas', () => ({ productos: [], dias: [] }));
    responder('POST /api/tablero/desvios', () => error(500, { msj: 'Algo salio mal' }));
    mostrar(<TableroPage />, { en: '/tablero' });
    const seccion = (nombre: string) => screen.getByRole('region', { name: nombre });
    await waitFor(() =>
      expect(seccion('Cupos')).toHaveTextContent('Sin datos en el rango elegido.'),
    );
    expect(seccion('Toneladas despachadas por producto')).toHaveTextContent(
      'Sin datos en el rango elegido.',
    );
    await waitFor(() => expect(seccion('Desvíos de peso')).toHaveTextContent('Algo salio mal'));
  });

  it('exporta cada tabla a Excel con celdas numéricas y de fecha', async () => {
    red();
    const usuario = userEvent.setup();
    mostrar(<TableroPage />, { en: '/tablero' });
    await screen.findByRole('table', { name: 'Cupos por día' });
    await usuario.click(screen.getByRole('button', { name: 'Exportar a Excel: Cupos por día' }));
    await waitFor(() => expect(guardado.datos).toHaveLength(1));
    const [encabezado, primera, , , , , , septima, total] = guardado.datos[0]!;
    expect(encabezado).toEqual([
      { value: 'Día', fontWeight: 'bold' },
      { value: 'Pedidos', fontWeight: 'bold' },
      { value: 'Usados', fontWeight: 'bold' },
      { value: 'Eliminados sin usar', fontWeight: 'bold' },
    ]);
    expect(primera).toEqual([
      { value: new Date(Date.UTC(2026, 10, 18)), format: 'dd/mm/yyyy' },
      { value: 0, format: '#,##0' },
      { value: 0, format: '#,##0' },
      { value: 0, format: '#,##0' },
    ]);
    expect(septima).toEqual([
      { value: new Date(Date.UTC(2026, 10, 24)), format: 'dd/mm/yyyy' },
      { value: 12, format: '#,##0' },
      { value: 6, format: '#,##0' },
      { value: 0, format: '#,##0' },
    ]);
    expect(total?.[0]).toBe('Total');
    // Named for whoever files it: the table, the client, the unit and the range (issue 22).
    expect(guardado.opciones[0]).toMatchObject({
      archivo:
        'Tablero - Cupos por día - Cliente 1 Agroexportadora del Litoral S.A. - Granos - 2026-11-18 a 2026-11-24.xlsx',
      sheet: 'Cupos por día',
    });
  });

  it('el administrador: «Todos los clientes» o el elegido en el nombre; la hoja se corta en una palabra', async () => {
    red();
    const usuario = userEvent.setup();
    mostrar(<TableroPage />, { en: '/tablero', usuario: ADMINISTRADOR });
    const toneladas = 'Exportar a Excel: Toneladas despachadas por producto';
    await usuario.click(await screen.findByRole('button', { name: toneladas }));
    await waitFor(() => expect(guardado.opciones).toHaveLength(1));
    expect(guardado.opciones[0]).toMatchObject({
      archivo:
        'Tablero - Toneladas despachadas por producto - Todos los clientes - Granos - 2026-11-18 a 2026-11-24.xlsx',
      sheet: 'Toneladas despachadas por…',
    });

    await usuario.selectOptions(screen.getByLabelText('Cliente'), '2');
    await waitFor(() =>
      expect(cuerposDe('POST /api/tablero/recorridos').at(-1)).toHaveProperty('codempre', 2),
    );
    // The trucks late now are of no range: the name leaves it out.
    const demorados = 'Exportar a Excel: Camiones demorados ahora';
    await usuario.click(await screen.findByRole('button', { name: demorados }));
    await waitFor(() => expect(guardado.opciones).toHaveLength(2));
    expect(guardado.opciones[1]).toMatchObject({
      archivo:
        'Tablero - Camiones demorados ahora - Cliente 2 Cereales Pampeanos S.R.L. - Granos.xlsx',
      sheet: 'Camiones demorados ahora',
    });
  });

  it('las filas de Excel: toneladas y kilos como números, días y horas como fechas', () => {
    const cuerpo = { unineg: 1, desde: '2026-11-23', hasta: '2026-11-24' };
    expect(filasExcel(tablaToneladas(datos.toneladas(cuerpo), cuerpo.desde, cuerpo.hasta))).toEqual(
      [
        ['Día', 'Soja', 'Trigo', 'Total'],
        [new Date(Date.UTC(2026, 10, 23)), 1, 0, 1],
        [new Date(Date.UTC(2026, 10, 24)), 1016.17, 28.5, 1044.67],
        ['Total', 1017.17, 28.5, 1045.67],
      ],
    );
    expect(filasExcel(tablaDesvios(datos.desvios()))[1]).toEqual([
      'AC456EF',
      'Agroexportadora del Litoral S.A.',
      new Date(Date.UTC(2026, 10, 23, 15, 42, 10)),
      90012,
      15000,
      46500,
      31500,
      30000,
      1500,
      5,
      'Exceso',
    ]);
    expect(filasExcel(tablaCupos({ dias: [] }))).toHaveLength(2);
  });

  it('avisa cuántos desvíos hay cuando pasan de los listados', async () => {
    red();
    responder('POST /api/tablero/desvios', () => datos.desvios(1234));
    mostrar(<TableroPage />, { en: '/tablero' });
    expect(
      await screen.findByText('Se muestran los 1 más recientes de 1.234 desvíos (máximo 500).'),
    ).toBeInTheDocument();
  });

  it('los límites del navegador son los del contrato', () => {
    expect(DIAS_MAXIMOS).toBe(DIAS_CONTRATO);
    expect(DESVIOS_MAXIMOS).toBe(DESVIOS_CONTRATO);
  });
});

describe('Parámetros del tablero', () => {
  it('el administrador guarda la capacidad y la tolerancia, validadas en castellano', async () => {
    red();
    responder('POST /api/administracion/tablero-parametros', ({ cuerpo }) => ({
      unineg: cuerpo.unineg,
      capacidadHora: cuerpo.capacidadHora,
      toleranciaFaltante: cuerpo.toleranciaFaltante,
    }));
    const usuario = userEvent.setup();
    mostrar(<TableroPage />, { en: '/tablero', usuario: ADMINISTRADOR });
    await screen.findByRole('table', { name: 'Desvíos de peso' });
    await usuario.click(screen.getByRole('button', { name: 'Parámetros del tablero' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Parámetros del tablero: Granos' });
    const capacidad = within(dialogo).getByLabelText('Capacidad por hora (camiones)');
    const tolerancia = within(dialogo).getByLabelText('Tolerancia de faltante (%)');
    expect(capacidad).toHaveValue('12');
    expect(tolerancia).toHaveValue('5');

    await usuario.clear(capacidad);
    await usuario.type(capacidad, '2,5');
    await usuario.clear(tolerancia);
    await usuario.type(tolerancia, '120');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(
      within(dialogo).getByText(/La capacidad por hora debe ser un número entero/),
    ).toBeInTheDocument();
    expect(
      within(dialogo).getByText(/La tolerancia de faltante debe ser un número entre 0 y 100/),
    ).toBeInTheDocument();
    expect(tolerancia).toHaveAccessibleDescription(
      /^La tolerancia de faltante debe ser un número entre 0 y 100/,
    );
    expect(cuerposDe('POST /api/administracion/tablero-parametros')).toEqual([]);

    await usuario.clear(capacidad);
    await usuario.type(capacidad, '30');
    await usuario.clear(tolerancia);
    await usuario.type(tolerancia, '2,5');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cuerposDe('POST /api/administracion/tablero-parametros')).toEqual([
      { unineg: 1, capacidadHora: 30, toleranciaFaltante: 2.5 },
    ]);
    // Every section is asked again (the capacity line and the shortfalls listed change).
    await waitFor(() => expect(cuerposDe('POST /api/tablero/camiones')).toHaveLength(2));
  });

  it('vacío es «sin declarar»; el mensaje del servidor nombra el campo como el formulario', async () => {
    red();
    responder('POST /api/administracion/tablero-parametros', () =>
      error(400, { msj: 'capacidadHora: debe ser menor o igual a 10000' }),
    );
    const usuario = userEvent.setup();
    mostrar(<TableroPage />, { en: '/tablero', usuario: ADMINISTRADOR });
    await screen.findByRole('table', { name: 'Desvíos de peso' });
    await usuario.click(screen.getByRole('button', { name: 'Parámetros del tablero' }));
    const dialogo = await screen.findByRole('dialog');
    await usuario.clear(within(dialogo).getByLabelText('Tolerancia de faltante (%)'));
    await usuario.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialogo).findByText('Capacidad por hora: debe ser menor o igual a 10000'),
    ).toBeInTheDocument();
    // Under its field: the field is marked and says the message with its help.
    const capacidad = within(dialogo).getByLabelText('Capacidad por hora (camiones)');
    expect(capacidad).toHaveAttribute('aria-invalid', 'true');
    expect(capacidad).toHaveAccessibleDescription(
      /^Capacidad por hora: debe ser menor o igual a 10000 Los camiones por hora/,
    );
    expect(cuerposDe('POST /api/administracion/tablero-parametros')).toEqual([
      { unineg: 1, capacidadHora: 12, toleranciaFaltante: null },
    ]);
  });
});
