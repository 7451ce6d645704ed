/**
 * 'Productos' against answers typed by the route map: the catalogue and its filter, the product
 * form (its own checks, the server's 400 under its field), confirmations that name the act, a
 * refusal shown as the server says it, and the products of a client in a unit. The real round
 * trip is in e2e/productos.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { ProductoAdministrado, ProductoDeCliente } from '../../../shared/contracts/productos';
import { MENSAJES_PRODUCTOS as M } from '../../../shared/textos';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { ProductosPage } from './ProductosPage';

const PRODUCTOS: ProductoAdministrado[] = [
  { codpro: 1, nompro: 'Soja', activo: true, clientes: 3 },
  { codpro: 2, nompro: 'Maíz', activo: true, clientes: 2 },
  { codpro: 7, nompro: 'Sorgo escobero', activo: false, clientes: 0 },
];

const EMPRESAS: EmpresaAdministrada[] = [
  { codempre: 0, nomempre: 'Terminal', unidades: [], usuarios: 1 },
  {
    codempre: 3,
    nomempre: 'Cooperativa del Sur',
    unidades: [{ ctrl: 1, unineg: 'Granos' }],
    usuarios: 1,
  },
];

function mostrarPantalla() {
  responder('GET /api/administracion/productos', () => PRODUCTOS);
  responder('GET /api/administracion/empresas', () => EMPRESAS);
  return mostrar(<ProductosPage />, {
    en: '/administracion/productos',
    usuario: ADMINISTRADOR,
    conSeleccion: false,
  });
}

const filas = async () =>
  within(await screen.findByRole('table', { name: 'Productos' }))
    .getAllByRole('row')
    .slice(1);

async function accion(nompro: string, nombre: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Acciones de ${nompro}` }));
  await userEvent.click(await screen.findByRole('button', { name: nombre }));
}

/** Company 3 in the client selector, once the companies have arrived. */
async function elegirEmpresa() {
  const empresa = await screen.findByLabelText('Empresa');
  await within(empresa).findByRole('option', { name: '3 - Cooperativa del Sur' });
  await userEvent.selectOptions(empresa, '3 - Cooperativa del Sur');
  return empresa;
}

describe('ProductosPage', () => {
  it('lista el catálogo y lo filtra por nombre (sin acentos) o código, y por estado', async () => {
    mostrarPantalla();
    expect((await filas()).map((f) => f.textContent)).toEqual([
      expect.stringContaining('Soja'),
      expect.stringContaining('Maíz'),
      expect.stringContaining('Sorgo escobero'),
    ]);
    expect(within((await filas())[2]!).getByText('Desactivado')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Buscar por código o nombre'), 'maiz');
    expect((await filas()).map((f) => within(f).getByRole('rowheader').textContent)).toEqual([
      'Maíz',
    ]);
    await userEvent.clear(screen.getByLabelText('Buscar por código o nombre'));
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'Desactivados');
    expect((await filas()).map((f) => within(f).getByRole('rowheader').textContent)).toEqual([
      'Sorgo escobero',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('1 de 3 producto(s)');
  });

  it('crea un producto: sus propios chequeos primero, luego el cuerpo del contrato y un aviso', async () => {
    responder('POST /api/administracion/productos/crear', ({ cuerpo }) => ({
      codpro: cuerpo.codpro,
      nompro: cuerpo.nompro,
      activo: true,
      clientes: 0,
    }));
    mostrarPantalla();
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo producto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Nuevo producto' });
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear producto' }));
    expect(await within(dialogo).findByText(M.codproInvalido)).toBeTruthy();
    expect(within(dialogo).getByText(M.nombreVacio)).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/productos/crear')).toEqual([]);

    await userEvent.type(within(dialogo).getByLabelText('Código'), '77');
    await userEvent.type(within(dialogo).getByLabelText('Nombre'), '  Colza ');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear producto' }));
    await waitFor(() => expect(dialogo.isConnected).toBe(false));
    expect(cuerposDe('POST /api/administracion/productos/crear')).toEqual([
      { codpro: 77, nompro: 'Colza' },
    ]);
    expect(await screen.findByText("Se creó el producto 77 'Colza'.")).toBeTruthy();
  });

  it('un 400 del servidor va bajo su campo', async () => {
    responder('POST /api/administracion/productos/crear', () =>
      error(400, { msj: `nompro: ${M.nombreExistente('Soja', 1)}` }),
    );
    mostrarPantalla();
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo producto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Nuevo producto' });
    await userEvent.type(within(dialogo).getByLabelText('Código'), '9');
    await userEvent.type(within(dialogo).getByLabelText('Nombre'), 'soja');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Crear producto' }));
    const nombre = within(dialogo).getByLabelText('Nombre');
    await waitFor(() => expect(nombre.getAttribute('aria-invalid')).toBe('true'));
    expect(nombre).toHaveAccessibleDescription(M.nombreExistente('Soja', 1));
    expect(within(dialogo).queryByRole('alert')).toBeNull();
  });

  it('renombra con el código fijo', async () => {
    responder('POST /api/administracion/productos/renombrar', ({ cuerpo }) => ({
      ...PRODUCTOS[1]!,
      nompro: cuerpo.nompro,
    }));
    mostrarPantalla();
    await accion('Maíz', 'Renombrar');
    const dialogo = await screen.findByRole('dialog', { name: 'Renombrar Maíz' });
    const nombre = within(dialogo).getByLabelText('Nombre');
    await userEvent.clear(nombre);
    await userEvent.type(nombre, 'Maíz pisingallo');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText("El producto ahora se llama 'Maíz pisingallo'.")).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/productos/renombrar')).toEqual([
      { codpro: 2, nompro: 'Maíz pisingallo' },
    ]);
  });

  it('desactivar pide confirmar con un botón que dice Desactivar; activar no pregunta', async () => {
    responder('POST /api/administracion/productos/activo', ({ cuerpo }) => ({
      ...PRODUCTOS.find((p) => p.codpro === cuerpo.codpro)!,
      activo: cuerpo.activo,
    }));
    mostrarPantalla();
    await accion('Soja', 'Desactivar');
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion).toHaveTextContent("¿Desactivar 'Soja'?");
    expect(within(confirmacion).queryByRole('button', { name: 'Aceptar' })).toBeNull();
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText("'Soja' quedó desactivado.")).toBeTruthy();

    await accion('Sorgo escobero', 'Activar');
    expect(await screen.findByText("'Sorgo escobero' quedó activo.")).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/productos/activo')).toEqual([
      { codpro: 1, activo: false },
      { codpro: 7, activo: true },
    ]);
  });

  it('eliminar rechazado: se muestra el motivo del servidor', async () => {
    const motivo = M.noSeElimina(1, 'Soja', [M.usoCupos(12), M.usoMovimientos(40)]);
    responder('POST /api/administracion/productos/eliminar', () => error(409, { msj: motivo }));
    mostrarPantalla();
    await accion('Soja', 'Eliminar');
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(motivo)).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/productos/eliminar')).toEqual([{ codpro: 1 }]);
  });

  it('productos por cliente: marca los habilitados, no deja quitar uno de cupos abiertos y guarda la lista entera', async () => {
    const DE_CLIENTE: ProductoDeCliente[] = [
      { codpro: 2, nompro: 'Maíz', activo: true, habilitado: false, cuposAbiertos: 0 },
      { codpro: 1, nompro: 'Soja', activo: true, habilitado: true, cuposAbiertos: 2 },
      { codpro: 7, nompro: 'Sorgo escobero', activo: false, habilitado: true, cuposAbiertos: 0 },
    ];
    responder('POST /api/administracion/productos/cliente', () => DE_CLIENTE);
    responder('POST /api/administracion/productos/cliente/guardar', ({ cuerpo }) =>
      DE_CLIENTE.map((p) => ({ ...p, habilitado: cuerpo.productos.includes(p.codpro) })),
    );
    mostrarPantalla();
    // The terminal is not a client to choose; a company in one unit has it chosen.
    const empresa = await elegirEmpresa();
    expect(within(empresa).queryByText(/Terminal/)).toBeNull();
    const grupo = await screen.findByRole('group', {
      name: 'Productos de Cooperativa del Sur en Granos',
    });
    expect(cuerposDe('POST /api/administracion/productos/cliente')).toEqual([
      { codempre: 3, unineg: 1 },
    ]);
    const soja = within(grupo).getByRole('checkbox', { name: /Soja/ });
    expect(soja).toBeChecked();
    expect(soja).toBeDisabled();
    expect(soja).toHaveAccessibleDescription('en 2 cupo(s) abierto(s): no se puede quitar');
    expect(
      within(grupo).getByRole('checkbox', { name: /Sorgo escobero.*desactivado/ }),
    ).toBeChecked();

    await userEvent.click(within(grupo).getByRole('checkbox', { name: /Maíz/ }));
    await userEvent.click(within(grupo).getByRole('checkbox', { name: /Sorgo escobero/ }));
    expect(screen.getByText('2 producto(s) marcado(s)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar productos' }));
    expect(
      await screen.findByText('Se guardaron los productos de Cooperativa del Sur en Granos.'),
    ).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/productos/cliente/guardar')).toEqual([
      { codempre: 3, unineg: 1, productos: [1, 2] },
    ]);
  });

  it('productos por cliente: un rechazo del servidor se muestra sobre la lista', async () => {
    responder('POST /api/administracion/productos/cliente', () => [
      { codpro: 1, nompro: 'Soja', activo: true, habilitado: true, cuposAbiertos: 0 },
    ]);
    responder('POST /api/administracion/productos/cliente/guardar', () =>
      error(409, { msj: M.enCuposAbiertos(1, 'Soja', 1) }),
    );
    mostrarPantalla();
    await elegirEmpresa();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Soja/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar productos' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      M.enCuposAbiertos(1, 'Soja', 1),
    );
  });

  it('productos por cliente: un 400 que nombra la lista va bajo ella, sin aviso arriba', async () => {
    responder('POST /api/administracion/productos/cliente', () => [
      { codpro: 7, nompro: 'Sorgo escobero', activo: false, habilitado: false, cuposAbiertos: 0 },
    ]);
    responder('POST /api/administracion/productos/cliente/guardar', () =>
      error(400, { msj: `productos: ${M.inactivoParaCliente(7, 'Sorgo escobero')}` }),
    );
    mostrarPantalla();
    await elegirEmpresa();
    const grupo = await screen.findByRole('group', {
      name: 'Productos de Cooperativa del Sur en Granos',
    });
    await userEvent.click(within(grupo).getByRole('checkbox', { name: /Sorgo escobero/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar productos' }));
    expect(await within(grupo).findByText(M.inactivoParaCliente(7, 'Sorgo escobero'))).toBeTruthy();
    expect(grupo).toHaveAccessibleDescription(M.inactivoParaCliente(7, 'Sorgo escobero'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
