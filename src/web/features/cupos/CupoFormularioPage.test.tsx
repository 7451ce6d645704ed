/**
 * The order form's own behaviour (spec section 4): the container flag, what a client or unit
 * change reloads and clears, what is sent, the reset after a create, editing. The network is the
 * browser's fetch answered here as the API would; the real API runs end to end in e2e/cupos.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UnidadNegocio } from '../../../shared/contracts/comun';
import type { RespuestaDe } from '../../../shared/contracts/rutas';
import { patrones } from '../../lib/paths';
import { cuerposDe, error, mostrar, responder, type Contestacion } from '../../test/kit';
import { CupoFormularioPage } from './CupoFormularioPage';

const DESPACHOS: Record<number, RespuestaDe<'POST /api/cupos/despachos'>> = {
  1: [
    { coddespacho: 1, nomdespacho: 'Granel', envase: 'N' },
    { coddespacho: 2, nomdespacho: 'Embolsado', envase: 'S' },
  ],
  2: [
    { coddespacho: 3, nomdespacho: 'Granel sub', envase: 'N' },
    { coddespacho: 5, nomdespacho: 'Big bag', envase: 'S' },
  ],
};
const ENVASES: Record<number, RespuestaDe<'POST /api/envases/envases-clientes'>> = {
  1: [{ ctrl: 7, nombre: 'Bolsa 50 kg', peso: 50 }],
  2: [{ ctrl: 9, nombre: 'Bolsa Cereales', peso: 25 }],
};
const PRODUCTOS: Record<string, RespuestaDe<'POST /api/productos/productos-clientes'>> = {
  '1-1': [
    { codpro: 1, nompro: 'Soja' },
    { codpro: 2, nompro: 'Maíz' },
  ],
  '2-1': [{ codpro: 5, nompro: 'Sorgo' }],
  '1-2': [{ codpro: 10, nompro: 'Harina de soja' }],
};
const DETALLE: RespuestaDe<'POST /api/cupo/detalle'> = {
  detalleCupo: {
    cupo: [
      {
        ctrl: 44,
        codempre: 1,
        unineg: 1,
        tipo: 'R',
        tipodesc: 'Recepción',
        coddespacho: 2,
        nomdespacho: 'Embolsado',
        tipenvase: 7,
        nombreenvase: 'Bolsa 50 kg',
        pesoEnvase: 50,
        cantidad: 600,
        couting: true,
        obs: 'Contrato 12',
        fechagen: '2026-11-21T14:03:22',
        asignado: false,
      },
    ],
    productos: [
      { ctrl: 1, nompro: 'Soja', porcentaje: 66.6 },
      { ctrl: 2, nompro: 'Maíz', porcentaje: 33.4 },
    ],
    envasesVacios: [{ ctrlenvase: 7, nombre: 'Bolsa 50 kg', unidades: 600 }],
  },
};

/** The answer of crear and editar: 201 with the quotas saved unless a test says otherwise. */
let guardar: () => Contestacion<'POST /api/cupos/crear'>;

beforeEach(() => {
  guardar = () => ({ cupos: [1] });
  responder('POST /api/clientes/clientes-empresas', () => [
    { codempre: 1, nomempre: 'Agroexportadora' },
    { codempre: 2, nomempre: 'Cereales' },
  ]);
  responder('POST /api/cupos/despachos', ({ cuerpo }) => DESPACHOS[cuerpo.coddespacho] ?? []);
  responder('POST /api/envases/envases-clientes', ({ cuerpo }) => ENVASES[cuerpo.cliente] ?? []);
  responder(
    'POST /api/productos/productos-clientes',
    ({ cuerpo }) => PRODUCTOS[`${cuerpo.cliente}-${cuerpo.unineg}`] ?? [],
  );
  responder('POST /api/cupo/detalle', () => DETALLE);
  responder('POST /api/cupos/crear', () => guardar());
  responder('POST /api/cupos/editar', () => guardar());
});

function mostrarFormulario(
  ruta: string,
  uniNegs: UnidadNegocio[] = [
    { ctrl: 1, unineg: 'Granos' },
    { ctrl: 2, unineg: 'Subproductos' },
  ],
) {
  mostrar(<CupoFormularioPage />, {
    en: ruta,
    patron: ruta === patrones.cupoAlta ? patrones.cupoAlta : patrones.cupoModificar,
    otras: { [patrones.cupos]: <p>Listado</p> },
    usuario: { usuario: 'admin', codempre: 0, userId: 1, uniNegs },
  });
}

const campo = (etiqueta: string) => screen.getByLabelText<HTMLSelectElement>(etiqueta);
const elegir = (etiqueta: string, opcion: string) =>
  userEvent.selectOptions(campo(etiqueta), opcion);
const escribir = async (etiqueta: string, texto: string) => {
  await userEvent.clear(campo(etiqueta));
  await userEvent.type(campo(etiqueta), texto);
};
const opciones = (etiqueta: string) =>
  within(campo(etiqueta))
    .getAllByRole('option')
    .map((o) => o.textContent);
const pedidos = cuerposDe;

describe('CupoFormularioPage: alta', () => {
  it('un despacho a granel fija el envase en -1, lo deshabilita y la carga va en Kilos', async () => {
    mostrarFormulario('/cupos/alta');
    await screen.findByRole('option', { name: 'Granel' });
    expect(screen.getByText('Unidades')).toBeInTheDocument();
    await elegir('Tipo de despacho', 'Granel');
    expect(campo('Envase')).toBeDisabled();
    expect(campo('Envase')).toHaveValue('-1');
    expect(screen.getByText('Kilos')).toBeInTheDocument();
    await elegir('Tipo de despacho', 'Embolsado');
    expect(campo('Envase')).toBeEnabled();
    expect(campo('Envase')).toHaveValue('');
    expect(opciones('Envase')).toEqual(['Seleccione...', 'Bolsa 50 kg']);
    expect(screen.getByText('Unidades')).toBeInTheDocument();
  });

  it('cambiar el cliente vuelve a pedir sus envases y productos, y vacía los productos elegidos', async () => {
    mostrarFormulario('/cupos/alta');
    await screen.findByRole('option', { name: 'Soja' });
    await elegir('Producto 1', 'Soja');
    await elegir('Cliente', 'Cereales');
    expect(await screen.findByRole('option', { name: 'Sorgo' })).toBeInTheDocument();
    expect(campo('Producto 1')).toHaveValue('');
    expect(pedidos('POST /api/envases/envases-clientes')).toContainEqual({ cliente: 2 });
    expect(pedidos('POST /api/productos/productos-clientes')).toContainEqual({
      cliente: 2,
      unineg: 1,
    });
    await elegir('Tipo de despacho', 'Embolsado');
    expect(opciones('Envase')).toEqual(['Seleccione...', 'Bolsa Cereales']);
  });

  it('cambiar la unidad trae sus tipos de despacho y vacía el elegido', async () => {
    mostrarFormulario('/cupos/alta');
    await screen.findByRole('option', { name: 'Granel' });
    await elegir('Tipo de despacho', 'Granel');
    await elegir('Unidad de Negocio', 'Subproductos');
    expect(await screen.findByRole('option', { name: 'Big bag' })).toBeInTheDocument();
    expect(campo('Tipo de despacho')).toHaveValue('');
    expect(campo('Envase')).toBeEnabled();
    expect(pedidos('POST /api/cupos/despachos')).toContainEqual({ coddespacho: 2 });
  });

  it('con errores no envía nada; válido envía mergedCupo y tras el 201 reinicia los campos', async () => {
    mostrarFormulario('/cupos/alta');
    await screen.findByRole('option', { name: 'Soja' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(3);
    expect(screen.getByText('Hay errores en la sección de productos.')).toBeInTheDocument();
    expect(pedidos('POST /api/cupos/crear')).toEqual([]);

    await elegir('Tipo de despacho', 'Granel');
    await escribir('Carga máxima', '28000');
    await escribir('Cantidad de cupos iguales', '2');
    await escribir('Observaciones', 'Turno mañana');
    await userEvent.click(screen.getByLabelText('Con coating'));
    await elegir('Producto 1', 'Soja');
    await escribir('Porcentaje 1', '33.3');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar producto' }));
    await elegir('Producto 2', 'Maíz');
    await escribir('Porcentaje 2', '66.7');
    expect(screen.queryByText('Hay errores en la sección de productos.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(pedidos('POST /api/cupos/crear')).toHaveLength(1));
    expect(pedidos('POST /api/cupos/crear')[0]).toEqual({
      mergedCupo: {
        cupo: {
          cliente: 1,
          uniNeg: 1,
          tipoOrden: 'D',
          tipoDespacho: 1,
          envase: -1,
          cargaMaxima: 28000,
          conCoating: true,
          observaciones: 'Turno mañana',
          pesoEnvase: null,
          cantCuposIguales: 2,
        },
        productos: [
          { producto: 1, porcentaje: 33.3 },
          { producto: 2, porcentaje: 66.7 },
        ],
      },
    });
    // Reset of spec section 4; client, order type, coating and products stay.
    await waitFor(() => expect(campo('Carga máxima')).toHaveValue(null));
    expect(campo('Tipo de despacho')).toHaveValue('');
    expect(campo('Envase')).toHaveValue('');
    expect(campo('Observaciones')).toHaveValue('');
    expect(campo('Cantidad de cupos iguales')).toHaveValue(1);
    expect(campo('Cliente')).toHaveValue('1');
    expect(campo('Producto 2')).toHaveValue('2');
    expect(screen.queryByText('Este campo es obligatorio')).toBeNull();
  });

  it('los erroresCupo del servidor como viñetas; un 500 como "Error interno del servidor"', async () => {
    guardar = () => error(400, { msj: 'x', erroresCupo: ['El envase no corresponde al cliente'] });
    mostrarFormulario('/cupos/alta');
    await screen.findByRole('option', { name: 'Soja' });
    await elegir('Tipo de despacho', 'Granel');
    await escribir('Carga máxima', '1000');
    await elegir('Producto 1', 'Soja');
    await escribir('Porcentaje 1', '100');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Los siguientes errores impidieron guardar los datos:'),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('El envase no corresponde al cliente');

    guardar = () => error(500, { msj: 'Error interno del servidor' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(screen.getByRole('listitem')).toHaveTextContent('Error interno del servidor'),
    );
    expect(campo('Carga máxima')).toHaveValue(1000); // nothing is reset on failure
  });
});

describe('CupoFormularioPage: modificación', () => {
  it('carga todos los valores, no pide la cantidad de cupos y envía ctrl y pesoEnvase', async () => {
    guardar = () => ({ cupos: [44] });
    mostrarFormulario('/cupos/modificar/44');
    expect(
      await screen.findByRole('heading', { name: 'Modificar cupo N° 44' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(campo('Envase')).toHaveValue('7'));
    expect(pedidos('POST /api/cupo/detalle')).toEqual([{ codorden: 44 }]);
    expect(campo('Cliente')).toHaveValue('1');
    expect(campo('Unidad de Negocio')).toHaveValue('1');
    expect(campo('Tipo de orden')).toHaveValue('R');
    expect(campo('Tipo de despacho')).toHaveValue('2');
    expect(campo('Carga máxima')).toHaveValue(600);
    expect(screen.getByLabelText('Con coating')).toBeChecked();
    expect(campo('Observaciones')).toHaveValue('Contrato 12');
    expect(campo('Producto 1')).toHaveValue('1');
    expect(campo('Porcentaje 1')).toHaveValue(66.6);
    expect(campo('Porcentaje 2')).toHaveValue(33.4);
    expect(screen.queryByLabelText('Cantidad de cupos iguales')).toBeNull();

    await escribir('Carga máxima', '650');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Listado')).toBeInTheDocument();
    expect(pedidos('POST /api/cupos/editar')).toEqual([
      {
        mergedCupo: {
          cupo: {
            ctrl: 44,
            cliente: 1,
            uniNeg: 1,
            tipoOrden: 'R',
            tipoDespacho: 2,
            envase: 7,
            cargaMaxima: 650,
            conCoating: true,
            observaciones: 'Contrato 12',
            pesoEnvase: 50,
          },
          productos: [
            { producto: 1, porcentaje: 66.6 },
            { producto: 2, porcentaje: 33.4 },
          ],
        },
      },
    ]);
  });

  it('un codorden que no es un número muestra "Algo salio mal" sin llamar al servidor', async () => {
    mostrarFormulario('/cupos/modificar/abc');
    expect(await screen.findByText('Algo salio mal')).toBeInTheDocument();
    expect(pedidos('POST /api/cupo/detalle')).toEqual([]);
  });
});

describe('CupoFormularioPage: unidades y tipos de despacho inactivos (issue 21)', () => {
  const conAceitesInactiva = (ruta: string) =>
    mostrarFormulario(ruta, [
      { ctrl: 1, unineg: 'Granos' },
      { ctrl: 3, unineg: 'Aceites', inactiva: true },
    ]);

  it('un cupo nuevo no ofrece una unidad inactiva', async () => {
    conAceitesInactiva('/cupos/alta');
    await screen.findByRole('option', { name: 'Granel' });
    expect(opciones('Unidad de Negocio')).toEqual(['Seleccione...', 'Granos']);
  });

  it('al modificar, el tipo de despacho del cupo sigue ofrecido (marcado) aunque esté inactivo', async () => {
    // Embolsado (2), the quota's type, is no longer among the unit's active types.
    responder('POST /api/cupos/despachos', () => [
      { coddespacho: 1, nomdespacho: 'Granel', envase: 'N' },
    ]);
    conAceitesInactiva('/cupos/modificar/44');
    await screen.findByRole('option', { name: 'Embolsado (inactivo)' });
    expect(opciones('Tipo de despacho')).toEqual([
      'Seleccione...',
      'Granel',
      'Embolsado (inactivo)',
    ]);
    expect(campo('Tipo de despacho').value).toBe('2');
    // Its container stays: a type in containers.
    expect(campo('Envase').disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(pedidos('POST /api/cupos/editar')).toHaveLength(1));
    expect(pedidos('POST /api/cupos/editar')[0]!.mergedCupo.cupo).toMatchObject({
      ctrl: 44,
      tipoDespacho: 2,
    });
  });
});
