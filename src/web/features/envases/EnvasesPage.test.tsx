/**
 * 'Envases' against answers typed by the route map: a client's containers, the form (a weight as
 * a person types it, its own checks, the server's 400 under its field), confirmations that name
 * the act and a refusal as the server says it. The real round trip is in e2e/productos.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { EnvaseAdministrado } from '../../../shared/contracts/envases';
import { MENSAJES_ENVASES as M } from '../../../shared/textos';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { EnvasesPage } from './EnvasesPage';
import { leerPeso } from './peso';

const EMPRESAS: EmpresaAdministrada[] = [
  { codempre: 0, nomempre: 'Terminal', unidades: [], usuarios: 1 },
  {
    codempre: 2,
    nomempre: 'Molinos del Plata',
    unidades: [{ ctrl: 1, unineg: 'Granos' }],
    usuarios: 1,
  },
];

const ENVASES: EnvaseAdministrado[] = [
  { ctrl: 11, codempre: 2, nombre: 'Big bag', peso: 1000, activo: true },
  { ctrl: 12, codempre: 2, nombre: 'Bolsa 25,5 kg', peso: 25.5, activo: true },
  { ctrl: 13, codempre: 2, nombre: 'Bolsa vieja', peso: 40, activo: false },
];

async function mostrarEnvases() {
  responder('GET /api/administracion/empresas', () => EMPRESAS);
  responder('POST /api/administracion/envases', () => ENVASES);
  mostrar(<EnvasesPage />, {
    en: '/administracion/envases',
    usuario: ADMINISTRADOR,
    conSeleccion: false,
  });
  const empresa = await screen.findByLabelText('Empresa');
  await within(empresa).findByRole('option', { name: '2 - Molinos del Plata' });
  expect(within(empresa).queryByText(/Terminal/)).toBeNull();
  await userEvent.selectOptions(empresa, '2 - Molinos del Plata');
  return screen.findByRole('table', { name: 'Envases de Molinos del Plata' });
}

async function accion(nombre: string, opcion: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Acciones de ${nombre}` }));
  await userEvent.click(await screen.findByRole('button', { name: opcion }));
}

describe('EnvasesPage', () => {
  it('sin empresa no hay envases ni botón; con ella, su lista con el peso en kg', async () => {
    responder('GET /api/administracion/empresas', () => EMPRESAS);
    mostrar(<EnvasesPage />, { usuario: ADMINISTRADOR, conSeleccion: false });
    expect(await screen.findByText('Elija una empresa para ver sus envases.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo envase' })).toBeDisabled();
    const tabla = await mostrarEnvases();
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(filas.map((f) => f.textContent)).toEqual([
      expect.stringMatching(/^Big bag1\.000 kgActivo/),
      expect.stringMatching(/^Bolsa 25,5 kg25,5 kgActivo/),
      expect.stringMatching(/^Bolsa vieja40 kgDesactivado/),
    ]);
    expect(cuerposDe('POST /api/administracion/envases')).toEqual([{ codempre: 2 }]);
  });

  it('crea un envase con el peso escrito con coma; un peso no válido se dice antes de enviar', async () => {
    responder('POST /api/administracion/envases/crear', ({ cuerpo }) => ({
      ctrl: 20,
      codempre: cuerpo.codempre,
      nombre: cuerpo.nombre,
      peso: cuerpo.peso,
      activo: true,
    }));
    await mostrarEnvases();
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo envase' }));
    const dialogo = await screen.findByRole('dialog', {
      name: 'Nuevo envase de Molinos del Plata',
    });
    await userEvent.type(within(dialogo).getByLabelText('Nombre'), 'Bolsa 30 kg');
    const peso = within(dialogo).getByLabelText('Peso (kg)');
    await userEvent.type(peso, '0');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear envase' }));
    await waitFor(() => expect(peso).toHaveAccessibleDescription(M.pesoInvalido));
    expect(cuerposDe('POST /api/administracion/envases/crear')).toEqual([]);

    await userEvent.clear(peso);
    await userEvent.type(peso, '30,25');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear envase' }));
    await waitFor(() => expect(dialogo.isConnected).toBe(false));
    expect(cuerposDe('POST /api/administracion/envases/crear')).toEqual([
      { codempre: 2, nombre: 'Bolsa 30 kg', peso: 30.25 },
    ]);
    expect(await screen.findByText("Se creó el envase 'Bolsa 30 kg'.")).toBeTruthy();
  });

  it('editar: un nombre repetido vuelve bajo su campo', async () => {
    responder('POST /api/administracion/envases/editar', () =>
      error(400, { msj: `nombre: ${M.envaseExistente(2, 'Big bag', true)}` }),
    );
    await mostrarEnvases();
    await accion('Bolsa 25,5 kg', 'Editar');
    const dialogo = await screen.findByRole('dialog', { name: 'Editar Bolsa 25,5 kg' });
    expect(within(dialogo).getByLabelText('Peso (kg)')).toHaveValue('25,5');
    const nombre = within(dialogo).getByLabelText('Nombre');
    await userEvent.clear(nombre);
    await userEvent.type(nombre, 'big bag');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(nombre).toHaveAccessibleDescription(M.envaseExistente(2, 'Big bag', true)),
    );
    expect(cuerposDe('POST /api/administracion/envases/editar')).toEqual([
      { ctrl: 12, nombre: 'big bag', peso: 25.5 },
    ]);
  });

  it('desactivar y eliminar piden confirmar con el nombre del acto; un rechazo se muestra', async () => {
    responder('POST /api/administracion/envases/activo', ({ cuerpo }) => ({
      ...ENVASES.find((e) => e.ctrl === cuerpo.ctrl)!,
      activo: cuerpo.activo,
    }));
    const motivo = M.noSeElimina(11, 'Big bag', 3);
    responder('POST /api/administracion/envases/eliminar', () => error(409, { msj: motivo }));
    await mostrarEnvases();

    await accion('Big bag', 'Desactivar');
    let confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText("'Big bag' quedó desactivado.")).toBeTruthy();

    await accion('Big bag', 'Eliminar');
    confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion).toHaveTextContent("¿Eliminar 'Big bag'?");
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(motivo)).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/envases/activo')).toEqual([
      { ctrl: 11, activo: false },
    ]);
  });
});

describe('leerPeso', () => {
  it('lee kilos con coma o punto y hasta tres decimales; rechaza lo demás', () => {
    expect(['25', '25,5', '1000.125', ' 7 '].map(leerPeso)).toEqual([25, 25.5, 1000.125, 7]);
    for (const malo of ['0', '0,000', '-1', '1,2345', '1.000,5', 'diez', '', '12345678']) {
      expect(leerPeso(malo), malo).toBeUndefined();
    }
  });
});
