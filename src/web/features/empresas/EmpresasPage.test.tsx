/**
 * 'Empresas y unidades' against answers typed by the route map: the list, a 400 under its field
 * (from a service or from the contract), a refused change of units shown in its dialog. The real
 * round trip is in e2e/administracion-empresas-tokens.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import { MENSAJES_ADMINISTRACION as M } from '../../../shared/textos';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { EmpresasPage } from './EmpresasPage';

const GRANOS = { ctrl: 1, unineg: 'Granos' };
const SUBPRODUCTOS = { ctrl: 2, unineg: 'Subproductos' };
/** Deactivated: company 1 still works in it. */
const ACEITES = { ctrl: 3, unineg: 'Aceites', inactiva: true as const };
const EMPRESAS: EmpresaAdministrada[] = [
  { codempre: 0, nomempre: 'Terminal Puerto Acopio S.A.', unidades: [], usuarios: 1 },
  {
    codempre: 1,
    nomempre: 'Agroexportadora del Litoral S.A.',
    unidades: [GRANOS, SUBPRODUCTOS, ACEITES],
    usuarios: 2,
  },
];
const administrada = (u: { ctrl: number; unineg: string; inactiva?: true }) => ({
  ctrl: u.ctrl,
  unineg: u.unineg,
  activo: !u.inactiva,
  despachos: [],
});

function mostrarPantalla() {
  responder('GET /api/administracion/empresas', () => EMPRESAS);
  responder('GET /api/administracion/unidades', () =>
    [GRANOS, SUBPRODUCTOS, ACEITES].map(administrada),
  );
  return mostrar(<EmpresasPage />, {
    en: '/administracion/empresas',
    usuario: ADMINISTRADOR,
    conSeleccion: false,
  });
}

async function nuevaEmpresa(codigo: string, nombre: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Nueva empresa' }));
  const dialogo = await screen.findByRole('dialog', { name: 'Nueva empresa' });
  await userEvent.type(within(dialogo).getByLabelText('Código'), codigo);
  await userEvent.type(within(dialogo).getByLabelText('Nombre'), nombre);
  await userEvent.click(await within(dialogo).findByLabelText('Granos'));
  await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear' }));
  return dialogo;
}

/** Company 1's units dialog, Subproductos taken away and saved. */
async function quitarSubproductos() {
  mostrarPantalla();
  await userEvent.click(
    await screen.findByRole('button', {
      name: 'Cambiar las unidades de Agroexportadora del Litoral S.A.',
    }),
  );
  const dialogo = await screen.findByRole('dialog', {
    name: 'Unidades de Agroexportadora del Litoral S.A.',
  });
  await userEvent.click(within(dialogo).getByLabelText('Subproductos'));
  await userEvent.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
  return dialogo;
}

describe('EmpresasPage', () => {
  it('lista las empresas con sus unidades (la inactiva, marcada) y usuarios', async () => {
    mostrarPantalla();
    const tabla = await screen.findByRole('table', { name: 'Empresas' });
    const filas = within(tabla).getAllByRole('row');
    expect(
      within(filas[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', 'Terminal Puerto Acopio S.A.', 'Todas (la terminal)', '1', '']);
    expect(
      within(filas[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '1',
      'Agroexportadora del Litoral S.A.',
      'Granos, Subproductos, Aceites (inactiva)',
      '2',
      'Unidades',
    ]);
    expect(screen.queryByRole('table', { name: 'Unidades de negocio' })).toBeNull();
  });

  it('una unidad inactiva no se ofrece a una empresa nueva; la que ya la tiene puede quitarla', async () => {
    mostrarPantalla();
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva empresa' }));
    const nueva = await screen.findByRole('dialog', { name: 'Nueva empresa' });
    expect(await within(nueva).findByLabelText('Granos')).toBeTruthy();
    expect(within(nueva).queryByLabelText(/Aceites/)).toBeNull();
    await userEvent.click(within(nueva).getByRole('button', { name: 'Cancelar' }));

    responder('POST /api/administracion/empresas/unidades', () => ({ ok: true }));
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Cambiar las unidades de Agroexportadora del Litoral S.A.',
      }),
    );
    const dialogo = await screen.findByRole('dialog', {
      name: 'Unidades de Agroexportadora del Litoral S.A.',
    });
    const aceites = within(dialogo).getByLabelText('Aceites (inactiva)');
    await userEvent.click(aceites);
    // Unchecked, it stays on the list: a slip can be undone before saving.
    expect(within(dialogo).getByLabelText('Aceites (inactiva)')).toBeTruthy();
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(cuerposDe('POST /api/administracion/empresas/unidades')).toEqual([
        { codempre: 1, unidades: [1, 2] },
      ]),
    );
  });

  it('crea una empresa con el cuerpo del contrato', async () => {
    responder('POST /api/administracion/empresas/crear', ({ cuerpo }) => ({
      codempre: cuerpo.codempre,
      nomempre: cuerpo.nomempre,
    }));
    mostrarPantalla();
    const dialogo = await nuevaEmpresa('77', 'Nueva S.A.');
    await waitFor(() => expect(dialogo.isConnected).toBe(false));
    expect(cuerposDe('POST /api/administracion/empresas/crear')).toEqual([
      { codempre: 77, nomempre: 'Nueva S.A.', unidades: [1] },
    ]);
    expect(await screen.findByText('Empresa 77 creada.')).toBeTruthy();
  });

  it('sin código dice que falta; con 0, que es la terminal; y no envía nada', async () => {
    mostrarPantalla();
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva empresa' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Nueva empresa' });
    await userEvent.type(within(dialogo).getByLabelText('Nombre'), 'Sin Código S.A.');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear' }));
    expect(await within(dialogo).findByText(M.faltaCodigoEmpresa)).toBeTruthy();
    await userEvent.type(within(dialogo).getByLabelText('Código'), '0');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear' }));
    expect(await within(dialogo).findByText(M.codempreInvalido)).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/empresas/crear')).toEqual([]);
  });

  it('un 400 del servicio va bajo su campo; uno del contrato también', async () => {
    let vez = 0;
    responder('POST /api/administracion/empresas/crear', () =>
      ++vez === 1
        ? error(400, { msj: `codempre: ${M.empresaExistente(1)}` })
        : error(400, {
            msj: 'Los datos enviados no son válidos. nomempre: Demasiado grande: se esperaba que string tuviera <=100 caracteres',
          }),
    );
    mostrarPantalla();
    const dialogo = await nuevaEmpresa('1', 'Otra');
    const codigo = within(dialogo).getByLabelText('Código');
    await waitFor(() => expect(codigo.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialogo).getByText(M.empresaExistente(1))).toBeTruthy();
    expect(within(dialogo).queryByRole('alert')).toBeNull();

    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear' }));
    const nombre = within(dialogo).getByLabelText('Nombre');
    await waitFor(() => expect(nombre.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialogo).getByText(/^Demasiado grande/)).toBeTruthy();
  });

  it('el rechazo de quitar una unidad con usuarios se muestra en su diálogo', async () => {
    responder('POST /api/administracion/empresas/unidades', () =>
      error(409, { msj: M.unidadConUsuarios(2, 1) }),
    );
    const dialogo = await quitarSubproductos();
    expect((await within(dialogo).findByRole('alert')).textContent).toBe(M.unidadConUsuarios(2, 1));
    expect(cuerposDe('POST /api/administracion/empresas/unidades')).toEqual([
      { codempre: 1, unidades: [1, 3] },
    ]);
  });

  it('un 400 que nombra las unidades va bajo sus casillas, sin aviso arriba', async () => {
    responder('POST /api/administracion/empresas/unidades', () =>
      error(400, {
        msj: 'Los datos enviados no son válidos. unidades.1: Demasiado grande: se esperaba que number fuera <=32767',
      }),
    );
    const dialogo = await quitarSubproductos();
    const mensaje = 'Demasiado grande: se esperaba que number fuera <=32767';
    expect(await within(dialogo).findByText(mensaje)).toBeTruthy();
    expect(within(dialogo).getByRole('group')).toHaveAccessibleDescription(mensaje);
    expect(within(dialogo).queryByRole('alert')).toBeNull();
  });
});
