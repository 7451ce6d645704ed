/**
 * 'Importar' against answers typed by the route map: the file goes up as it is, the progress
 * lines move the bar, the review's counts and rows show, and only a clean review of the same
 * file lets it be imported. The real round trip is in e2e/importacion.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResultadoImportacion } from '../../../shared/contracts/importacion';
import { MENSAJES_IMPORTACION as M } from '../../../shared/textos';
import {
  ADMINISTRADOR,
  error,
  lineasNdjson,
  llamadasHechas,
  mostrar,
  responder,
  urlsDe,
} from '../../test/kit';
import { ImportacionPage } from './ImportacionPage';

const REVISION: ResultadoImportacion = {
  archivo: 'terminal.xlsx',
  aplicada: false,
  conteos: [
    {
      clase: 'empresas',
      hoja: 'Empresas',
      creadas: 1200,
      cambiadas: 1,
      sinCambios: 3,
      rechazadas: 0,
    },
    {
      clase: 'saldos',
      hoja: 'Saldos iniciales',
      creadas: 40,
      cambiadas: 0,
      sinCambios: 0,
      rechazadas: 0,
    },
  ],
  filas: [
    {
      clase: 'empresas',
      hoja: 'Empresas',
      fila: 4,
      estado: 'cambiada',
      clave: 'empresa 2',
      detalle: "nombre 'Viejo' → 'Nuevo'",
    },
  ],
  filasNoListadas: 0,
};

const xlsx = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])], 'terminal.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

function mostrarPantalla() {
  return mostrar(<ImportacionPage rutaEmpresas="/administracion/empresas" />, {
    en: '/administracion/importar',
    usuario: ADMINISTRADOR,
    conSeleccion: false,
  });
}

async function elegir(archivo: File) {
  await userEvent.upload(screen.getByLabelText('Archivo'), archivo);
}

describe('ImportacionPage', () => {
  it(
    'revisa: envía el archivo tal cual, muestra el avance y luego los conteos y las filas que cambian',
    { timeout: 30_000 },
    async () => {
      let terminar!: () => void;
      const espera = new Promise<void>((r) => (terminar = r));
      responder('POST /api/administracion/importacion/revisar', () =>
        lineasNdjson(
          [{ leidas: 1244, bytes: 7 }, { procesadas: 600, total: 1244 }, { resultado: REVISION }],
          espera,
        ),
      );
      mostrarPantalla();
      const importar = screen.getByRole('button', { name: 'Importar' });
      expect(importar).toHaveProperty('disabled', true);
      const archivo = xlsx();
      await elegir(archivo);
      await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));

      const estado = await screen.findByText('Revisando las filas: 600 de 1.244');
      const barra = estado.parentElement!.querySelector('[role="progressbar"]')!;
      expect(barra.getAttribute('aria-label')).toBe('Revisando las filas: 600 de 1.244');
      expect(barra.getAttribute('aria-valuenow')).toBe('48');
      terminar();

      expect(
        await screen.findByText(/1\.240 se crean, 1 cambian, 3 sin cambios, 0 rechazadas/),
      ).toBeTruthy();
      const conteos = screen.getByRole('table', { name: 'Filas por hoja' });
      expect(
        within(within(conteos).getAllByRole('row')[1]!)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['Empresas', '1.200', '1', '3', '0']);
      const filas = screen.getByRole('table', { name: 'Filas rechazadas y que cambian' });
      expect(within(filas).getByText("nombre 'Viejo' → 'Nuevo'")).toBeTruthy();
      expect(document.querySelector('[role="progressbar"]')).toBeNull();

      const llamada = llamadasHechas().find(
        (l) => l.ruta === 'POST /api/administracion/importacion/revisar',
      )!;
      expect(llamada.init?.body).toBe(archivo);
      expect(new Headers(llamada.init?.headers).get('content-type')).toBe(
        'application/octet-stream',
      );
      expect(urlsDe('POST /api/administracion/importacion/revisar')).toEqual([
        '/api/administracion/importacion/revisar?archivo=terminal.xlsx',
      ]);
      expect(screen.getByRole('button', { name: 'Importar' })).toHaveProperty('disabled', false);
    },
  );

  it('importa el archivo revisado y lo dice; una revisión con rechazos no deja importar', async () => {
    responder('POST /api/administracion/importacion/revisar', () =>
      lineasNdjson([{ resultado: REVISION }]),
    );
    responder('POST /api/administracion/importacion/aplicar', () =>
      lineasNdjson([
        { procesadas: 1244, total: 1244 },
        { resultado: { ...REVISION, aplicada: true } },
      ]),
    );
    mostrarPantalla();
    await elegir(xlsx());
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    expect(
      await screen.findByText(/Importación de «terminal.xlsx» hecha: 1\.240 se crean/),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Administración › Empresas' }).getAttribute('href'),
    ).toBe('/administracion/empresas');
    // Done: the same file is not imported twice by a second click.
    expect(screen.getByRole('button', { name: 'Importar' })).toHaveProperty('disabled', true);

    const rechazo: ResultadoImportacion = {
      ...REVISION,
      conteos: [{ ...REVISION.conteos[0]!, rechazadas: 1 }],
      filas: [
        {
          clase: 'empresas',
          hoja: 'Empresas',
          fila: 9,
          estado: 'rechazada',
          clave: "código 'abc'",
          detalle: M.enteroInvalido('Código', 'abc'),
        },
      ],
    };
    responder('POST /api/administracion/importacion/revisar', () =>
      lineasNdjson([{ resultado: rechazo }]),
    );
    await elegir(xlsx());
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(
      await screen.findByText(
        M.revisionConRechazos(
          1,
          M.enFila('Empresas', 9, `código 'abc': ${M.enteroInvalido('Código', 'abc')}`),
        ),
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importar' })).toHaveProperty('disabled', true);
  });

  it('un CSV pide su clase (la adivina por el nombre) y la envía', async () => {
    responder('POST /api/administracion/importacion/revisar', () =>
      lineasNdjson([{ resultado: { ...REVISION, archivo: 'saldos-iniciales.csv' } }]),
    );
    mostrarPantalla();
    await elegir(
      new File(['Empresa;Unidad de negocio;Producto;Toneladas\r\n'], 'datos.csv', {
        type: 'text/csv',
      }),
    );
    const revisar = screen.getByRole('button', { name: 'Revisar' });
    expect(revisar).toHaveProperty('disabled', true);
    await userEvent.selectOptions(screen.getByLabelText('Qué contiene el CSV'), 'Saldos iniciales');
    await userEvent.click(revisar);
    await screen.findByText(/Revisión de «saldos-iniciales.csv»/);
    expect(urlsDe('POST /api/administracion/importacion/revisar')).toEqual([
      '/api/administracion/importacion/revisar?archivo=datos.csv&clase=saldos',
    ]);

    await elegir(new File(['x'], 'Productos por cliente.csv', { type: 'text/csv' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Qué contiene el CSV').value).toBe(
      'productosClientes',
    );
  });

  it('un error del servidor se muestra en castellano, y un error en medio del flujo también', async () => {
    responder('POST /api/administracion/importacion/revisar', () =>
      error(400, { msj: M.csvNoUtf8 }),
    );
    mostrarPantalla();
    await elegir(xlsx());
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.csvNoUtf8);

    responder('POST /api/administracion/importacion/revisar', () =>
      lineasNdjson([
        { leidas: 10, bytes: 3 },
        { msj: 'Error interno del servidor', status: 500 },
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Error interno del servidor'),
    );
  });

  it('ofrece la plantilla de Excel y una CSV por clase', () => {
    mostrarPantalla();
    expect(screen.getByRole('link', { name: /Plantilla de Excel/ }).getAttribute('href')).toBe(
      '/api/administracion/importacion/plantilla',
    );
    expect(screen.getByRole('link', { name: 'Saldos iniciales' }).getAttribute('href')).toBe(
      '/api/administracion/importacion/plantilla/saldos',
    );
  });
});
