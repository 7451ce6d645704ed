/**
 * 'Unidades de negocio' against answers typed by the route map: the list with its marks, the
 * dialogs' field errors, the confirmations that name the act, a refusal's reason. The real round
 * trip is in e2e/unidades.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UnidadAdministrada } from '../../../shared/contracts/unidades';
import { TEXTOS_UNIDADES as T } from '../../../shared/textos';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { UnidadesPage } from './UnidadesPage';

const GRANOS: UnidadAdministrada = {
  ctrl: 1,
  unineg: 'Granos',
  activo: true,
  despachos: [
    { coddespacho: 1, unineg: 1, nomdespacho: 'Granel', envase: 'N', activo: true },
    { coddespacho: 2, unineg: 1, nomdespacho: 'Embolsado', envase: 'S', activo: false },
  ],
};
const ACEITES: UnidadAdministrada = { ctrl: 3, unineg: 'Aceites', activo: false, despachos: [] };

function mostrarPantalla(unidades = [GRANOS, ACEITES]) {
  responder('GET /api/administracion/unidades', () => unidades);
  // A change reloads the session too (its units travel in every selector).
  responder('GET /api/auth/verifyuser', () => ({ loggedIn: true, ...ADMINISTRADOR }));
  return mostrar(<UnidadesPage />, {
    en: '/administracion/unidades',
    usuario: ADMINISTRADOR,
    conSeleccion: false,
  });
}

const fila = async (ctrl: number) => {
  await screen.findByRole('table', { name: T.titulo });
  return document.querySelector<HTMLElement>(`tr[data-unidad="${ctrl}"]`)!;
};

async function elegir(boton: string, opcion: string) {
  await userEvent.click(await screen.findByRole('button', { name: boton }));
  await userEvent.click(await screen.findByRole('button', { name: opcion }));
}

async function confirmarCon(accion: string) {
  const dialogo = await screen.findByRole('dialog', { name: 'Confirmación' });
  // The button names the act, not a bare 'Aceptar'.
  expect(within(dialogo).queryByRole('button', { name: 'Aceptar' })).toBeNull();
  await userEvent.click(within(dialogo).getByRole('button', { name: accion }));
}

describe('UnidadesPage', () => {
  it('lista cada unidad con su estado y sus tipos de despacho, los inactivos marcados', async () => {
    mostrarPantalla();
    const granos = await fila(1);
    expect(
      within(granos)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent),
    ).toEqual(['1', 'Granos', 'Activa']);
    const tipos = within(granos).getByRole('list', { name: 'Tipos de despacho de Granos' });
    expect(
      within(tipos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Granel \(A granel\)/),
      expect.stringMatching(/^Embolsado \(En envases\) Inactivo/),
    ]);
    const aceites = await fila(3);
    expect(aceites.className).toContain('unidad-inactiva');
    expect(within(aceites).getByText('Inactiva')).toBeTruthy();
    expect(within(aceites).getByText(T.sinDespachos)).toBeTruthy();
  });

  it('crea una unidad: el nombre vacío se marca sin preguntar; el del servidor, bajo el campo', async () => {
    let vez = 0;
    responder('POST /api/administracion/unidades/crear', ({ cuerpo }) =>
      ++vez === 1
        ? error(400, { msj: `unineg: ${T.unidadExistente('granos')}` })
        : { ctrl: 4, unineg: cuerpo.unineg, activo: true, despachos: [] },
    );
    mostrarPantalla();
    await userEvent.click(await screen.findByRole('button', { name: T.nueva }));
    const dialogo = await screen.findByRole('dialog', { name: T.nueva });
    const nombre = within(dialogo).getByLabelText(T.nombre);
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear' }));
    expect(await within(dialogo).findByText(T.nombreVacio)).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/unidades/crear')).toEqual([]);

    await userEvent.type(nombre, 'granos');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(nombre.getAttribute('aria-invalid')).toBe('true'));
    expect(nombre).toHaveAccessibleDescription(T.unidadExistente('granos'));

    await userEvent.clear(nombre);
    await userEvent.type(nombre, 'Fertilizantes');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(dialogo.isConnected).toBe(false));
    expect(await screen.findByText(T.creada('Fertilizantes'))).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/unidades/crear')).toEqual([
      { unineg: 'granos' },
      { unineg: 'Fertilizantes' },
    ]);
  });

  it('desactivar pide confirmación con el botón Desactivar; activar no pregunta', async () => {
    responder('POST /api/administracion/unidades/activo', ({ cuerpo }) => ({
      ...(cuerpo.ctrl === 1 ? GRANOS : ACEITES),
      activo: cuerpo.activo,
    }));
    mostrarPantalla();
    await elegir(T.accionesDe('Granos'), T.desactivar);
    await confirmarCon('Desactivar');
    expect(await screen.findByText(T.desactivada('Granos'))).toBeTruthy();
    await elegir(T.accionesDe('Aceites'), T.activar);
    expect(await screen.findByText(T.activada('Aceites'))).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/unidades/activo')).toEqual([
      { ctrl: 1, activo: false },
      { ctrl: 3, activo: true },
    ]);
  });

  it('eliminar pide confirmación con el botón Eliminar; la razón de un rechazo queda a la vista', async () => {
    const razon = T.unidadEnUso('Granos', 'camiones, cupos y usuarios');
    responder('POST /api/administracion/unidades/eliminar', () => error(409, { msj: razon }));
    mostrarPantalla();
    await elegir(T.accionesDe('Granos'), T.eliminar);
    const dialogo = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(dialogo.textContent).toContain(T.confirmarEliminar('Granos'));
    await confirmarCon('Eliminar');
    expect((await screen.findByRole('alert')).textContent).toContain(razon);
    expect(cuerposDe('POST /api/administracion/unidades/eliminar')).toEqual([{ ctrl: 1 }]);
  });

  it('un tipo de despacho nuevo va a granel o en envases', async () => {
    responder('POST /api/administracion/despachos/crear', ({ cuerpo }) => ({
      coddespacho: 9,
      unineg: Number(cuerpo.unineg),
      nomdespacho: cuerpo.nomdespacho,
      envase: cuerpo.envase,
      activo: true,
    }));
    mostrarPantalla();
    await elegir(T.accionesDe('Granos'), T.nuevoDespacho);
    const dialogo = await screen.findByRole('dialog', { name: `${T.nuevoDespacho} (Granos)` });
    expect(within(dialogo).getByLabelText(T.aGranelAyuda)).toBeChecked();
    await userEvent.type(within(dialogo).getByLabelText(T.nombre), 'Big bag');
    await userEvent.click(within(dialogo).getByLabelText(T.enEnvasesAyuda));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText(T.despachoCreado('Big bag'))).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/despachos/crear')).toEqual([
      { unineg: 1, nomdespacho: 'Big bag', envase: 'S' },
    ]);
  });

  it('desactivar un tipo de despacho pregunta con el botón Desactivar', async () => {
    responder('POST /api/administracion/despachos/activo', () => ({
      ...GRANOS.despachos[0]!,
      activo: false,
    }));
    mostrarPantalla();
    await elegir(`${T.accionesDe('Granel')} (Granos)`, T.desactivar);
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion.textContent).toContain(T.confirmarDesactivarDespacho('Granel', 'Granos'));
    await confirmarCon('Desactivar');
    expect(await screen.findByText(T.despachoDesactivado('Granel'))).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/despachos/activo')).toEqual([
      { coddespacho: 1, activo: false },
    ]);
  });
});
