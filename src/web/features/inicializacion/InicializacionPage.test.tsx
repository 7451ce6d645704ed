/**
 * The set-up page against answers typed by the route map: the body it sends, the card it shows
 * once (and no cache keeps), each refusal where it belongs, and the page once the terminal is
 * set up. The real round trip, with the code from a real portal's log, is in
 * e2e/inicializacion.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TarjetaEmitida } from '../../../shared/contracts/auth';
import {
  MENSAJES_CUIT,
  MENSAJES_INICIALIZACION as M,
  TEXTOS,
  TEXTOS_INICIALIZACION as T,
} from '../../../shared/textos';
import {
  contenidoDeCaches,
  cuerposDe,
  error,
  llamadasHechas,
  mostrar,
  responder,
} from '../../test/kit';
import { InicializacionPage } from './InicializacionPage';

const celdas = Object.fromEntries(
  [...'ABCDEFGHIJ'].flatMap((l, i) => [1, 2, 3, 4, 5].map((p) => [`${l}${p}`, 2000 + i * 10 + p])),
);
const TARJETA: TarjetaEmitida = {
  usuario: 'jefe',
  ctrltarjeta: 615243,
  emitida: '2026-11-25T10:00:00',
  celdas,
};

function mostrarPagina(pendiente = true) {
  responder('GET /api/inicializacion', () => ({ pendiente }));
  return mostrar(<InicializacionPage />, {
    en: '/inicializar',
    usuario: null,
    otras: { '/': <p>Pantalla de ingreso</p> },
  });
}

async function completar(valores: Partial<Record<string, string>> = {}) {
  const v = {
    codigo: 'k7qm-3xrt-9hdb',
    nombre: 'Terminal Río Paraná S.A.',
    cuit: '30-71234567-1',
    direccion: 'Ruta 11 km 320, San Lorenzo',
    usuario: 'jefe',
    ...valores,
  };
  const campos: [string, string][] = [
    [T.codigo, v.codigo],
    [T.nombre, v.nombre],
    [T.cuit, v.cuit],
    [T.direccion, v.direccion],
    [T.usuario, v.usuario],
  ];
  for (const [etiqueta, valor] of campos) {
    if (valor) await userEvent.type(await screen.findByLabelText(etiqueta), valor);
  }
  await userEvent.click(screen.getByRole('button', { name: T.poner }));
}

describe('InicializacionPage', () => {
  it('envía el código, los datos y el administrador; muestra la tarjeta una vez y ninguna caché la guarda', async () => {
    responder('POST /api/inicializacion', () => TARJETA);
    responder('POST /api/inicializacion/tarjeta/pdf', () =>
      error(409, {
        msj: 'La tarjeta se emitió hace más de 15 minutos: emita otra para imprimirla.',
      }),
    );
    const { cliente } = mostrarPagina();
    await completar();

    expect(await screen.findByRole('heading', { name: T.enMarcha })).toBeInTheDocument();
    expect(cuerposDe('POST /api/inicializacion')).toEqual([
      {
        codigo: 'k7qm-3xrt-9hdb',
        nombre: 'Terminal Río Paraná S.A.',
        cuit: '30-71234567-1',
        direccion: 'Ruta 11 km 320, San Lorenzo',
        usuario: 'jefe',
      },
    ]);
    expect(screen.getByTestId('tarjeta-numero')).toHaveTextContent('615243');
    expect(screen.getByText('2043')).toBeInTheDocument(); // E3
    expect(screen.getByText(/se muestran una sola vez/)).toBeInTheDocument();

    // The PDF through the set-up's own route, with the card's values; a refusal is said here.
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(await screen.findByText(/No se pudo descargar el PDF/)).toHaveClass('alert-danger');
    expect(cuerposDe('POST /api/inicializacion/tarjeta/pdf')).toEqual([
      { usuario: 'jefe', ctrltarjeta: 615243, celdas },
    ]);
    expect(screen.getByText('2043')).toBeInTheDocument();

    const enCache = contenidoDeCaches(cliente);
    expect(enCache).not.toContain('celdas');
    // The sign-in no longer points here.
    expect(cliente.getQueryData(['inicializacion'])).toEqual({ pendiente: false });

    await userEvent.click(screen.getByRole('link', { name: T.irAlIngreso }));
    expect(await screen.findByText('Pantalla de ingreso')).toBeInTheDocument();
  });

  it('sin datos, o con un CUIT de dígito equivocado, no llama al servidor', async () => {
    mostrarPagina();
    await completar({ codigo: '', cuit: '30-71234567-8' });
    expect(await screen.findByText(MENSAJES_CUIT.digito)).toBeInTheDocument();
    expect(screen.getByLabelText(T.codigo)).toHaveAccessibleDescription(
      expect.stringContaining(TEXTOS.campoObligatorio),
    );
    expect(llamadasHechas().map((l) => l.ruta)).toEqual(['GET /api/inicializacion']);
  });

  it('un código equivocado va bajo el código; un 400 del servidor bajo su campo', async () => {
    let vez = 0;
    responder('POST /api/inicializacion', () =>
      ++vez === 1
        ? error(403, { msj: M.codigoIncorrecto })
        : error(400, {
            msj: 'usuario: El usuario debe tener de 3 a 50 letras minúsculas, números, punto, guion o guion bajo.',
          }),
    );
    mostrarPagina();
    await completar({ usuario: 'Jefe Máximo' });
    expect(await screen.findByText(M.codigoIncorrecto)).toBeInTheDocument();
    expect(screen.getByLabelText(T.codigo)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: T.poner }));
    const usuario = screen.getByLabelText(T.usuario);
    await waitFor(() => expect(usuario).toHaveAttribute('aria-invalid', 'true'));
    expect(usuario).toHaveAccessibleDescription(expect.stringContaining('de 3 a 50 letras'));
  });

  it('si otro la puso en marcha antes (409), dice que ya está inicializada', async () => {
    responder('POST /api/inicializacion', () => error(409, { msj: M.yaInicializada }));
    mostrarPagina();
    await completar();
    expect(await screen.findByText(T.yaInicializada)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.poner })).not.toBeInTheDocument();
  });

  it('con la terminal ya inicializada no hay formulario: lleva al ingreso', async () => {
    mostrarPagina(false);
    const aviso = await screen.findByText(T.yaInicializada);
    expect(aviso.closest('.alert')).toHaveTextContent(T.yaInicializadaDetalle);
    expect(screen.queryByLabelText(T.codigo)).not.toBeInTheDocument();
    const enlace = screen.getByRole('link', { name: T.irAlIngreso });
    expect(enlace).toHaveAttribute('href', '/');
    expect(within(document.body).queryByText('2043')).not.toBeInTheDocument();
  });
});
