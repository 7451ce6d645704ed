/**
 * 'Usuarios y tarjetas' against answers typed by the route map: a card's values live only in its
 * dialog (no cache holds them), a cancelled step-up issues nothing, a refused change is not shown
 * as done, and a 400 goes under its field. The real round trip is in
 * e2e/administracion-usuarios.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { TarjetaEmitida } from '../../../shared/contracts/auth';
import type { UsuarioAdministrado } from '../../../shared/contracts/usuarios';
import { MENSAJES_ADMINISTRACION } from '../../../shared/textos';
import {
  ADMINISTRADOR,
  contenidoDeCaches,
  cuerposDe,
  error,
  mostrar,
  responder,
} from '../../test/kit';
import { ReautenticacionProvider } from '../../components/Reautenticacion';
import { UsuariosPage } from './UsuariosPage';
import { usuarioAdministrado } from './datos-de-prueba';

const usuario = usuarioAdministrado;

const EMPRESAS: EmpresaAdministrada[] = [
  { codempre: 0, nomempre: 'Terminal', unidades: [], usuarios: 1 },
  {
    codempre: 1,
    nomempre: 'Agroexportadora del Litoral S.A.',
    unidades: [
      { ctrl: 1, unineg: 'Granos' },
      { ctrl: 2, unineg: 'Subproductos' },
    ],
    usuarios: 1,
  },
  {
    codempre: 2,
    nomempre: 'Cereales Pampeanos S.R.L.',
    unidades: [{ ctrl: 1, unineg: 'Granos' }],
    usuarios: 0,
  },
];

const celdas = Object.fromEntries(
  [...'ABCDEFGHIJ'].flatMap((l, i) => [1, 2, 3, 4, 5].map((p) => [`${l}${p}`, 1000 + i * 10 + p])),
);
const TARJETA: TarjetaEmitida = {
  usuario: 'pepe',
  ctrltarjeta: 4321,
  emitida: '2026-11-25T10:00:00',
  celdas,
};

function mostrarPantalla(lista: UsuarioAdministrado[]) {
  responder('GET /api/administracion/usuarios', () => lista);
  responder('GET /api/administracion/empresas', () => EMPRESAS);
  return mostrar(
    <ReautenticacionProvider>
      <UsuariosPage />
    </ReautenticacionProvider>,
    { en: '/administracion/usuarios', usuario: ADMINISTRADOR, conSeleccion: false },
  );
}

async function accion(usuarioNombre: string, nombre: string) {
  await userEvent.click(
    await screen.findByRole('button', { name: `Acciones de ${usuarioNombre}` }),
  );
  await userEvent.click(await screen.findByRole('button', { name: nombre }));
}

async function aceptar(texto: RegExp, acto: string) {
  const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
  expect(confirmacion).toHaveTextContent(texto);
  // The button names the act it does, not a generic 'Aceptar'.
  await userEvent.click(within(confirmacion).getByRole('button', { name: acto }));
}

describe('UsuariosPage', () => {
  it('la tarjeta emitida se ve una vez; al cerrar no queda en la pantalla ni en la caché', async () => {
    responder('POST /api/administracion/tarjetas/emitir', () => TARJETA);
    const { cliente } = mostrarPantalla([usuario({})]);
    await accion('pepe', 'Emitir tarjeta');
    await aceptar(/Emitir la tarjeta de coordenadas de 'pepe'/, 'Emitir tarjeta');

    const dialogo = await screen.findByRole('dialog', { name: 'Tarjeta de coordenadas de pepe' });
    expect(dialogo).toHaveTextContent('4321');
    expect(dialogo).toHaveTextContent('se muestran una sola vez');
    expect(within(dialogo).getByText('1043')).toBeInTheDocument(); // E3
    expect(cuerposDe('POST /api/administracion/tarjetas/emitir')).toEqual([{ usuario: 'pepe' }]);

    await userEvent.click(within(dialogo).getAllByRole('button', { name: 'Cerrar' })[0]!);
    await waitFor(() => expect(screen.queryByText('1043')).toBeNull());
    const enCache = contenidoDeCaches(cliente);
    expect(enCache).not.toContain('1043');
    expect(enCache).not.toContain('celdas');
  });

  it('si el PDF no se puede generar, el diálogo lo dice en castellano y conserva la tarjeta', async () => {
    responder('POST /api/administracion/tarjetas/emitir', () => TARJETA);
    responder('POST /api/administracion/tarjetas/pdf', () =>
      error(400, { msj: MENSAJES_ADMINISTRACION.tarjetaVieja }),
    );
    mostrarPantalla([usuario({})]);
    await accion('pepe', 'Emitir tarjeta');
    await aceptar(/Emitir la tarjeta/, 'Emitir tarjeta');
    const dialogo = await screen.findByRole('dialog', { name: 'Tarjeta de coordenadas de pepe' });
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Descargar PDF' }));
    // Role queries over the 50 cells are slow in jsdom: the texts are looked up instead.
    const aviso = await within(dialogo).findByText(/No se pudo descargar el PDF de la tarjeta/);
    expect(aviso).toHaveClass('alert-danger');
    expect(aviso).toHaveTextContent(MENSAJES_ADMINISTRACION.tarjetaVieja);
    expect(within(dialogo).getByText('1043')).toBeInTheDocument();
    expect(cuerposDe('POST /api/administracion/tarjetas/pdf')).toEqual([
      { usuario: 'pepe', ctrltarjeta: 4321, celdas },
    ]);
  });

  it('si se cancela la reautenticación no se emite nada ni se muestra un error', async () => {
    responder('POST /api/administracion/tarjetas/emitir', () =>
      error(403, { msj: MENSAJES_ADMINISTRACION.reautenticacionRequerida }),
    );
    responder('POST /api/auth/reautenticacion/desafio', () => [
      [{ ctrltarjeta: 99 }],
      [
        { letra: 'A', posicion: 1 },
        { letra: 'B', posicion: 2 },
      ],
    ]);
    mostrarPantalla([usuario({ tarjeta: { ctrl: 7, emitida: '2026-11-20T09:00:00' } })]);
    await accion('pepe', 'Reemitir tarjeta');
    await aceptar(/La tarjeta actual deja de valer/, 'Reemitir tarjeta');
    const identidad = await screen.findByRole('dialog', { name: 'Confirme su identidad' });
    await userEvent.click(within(identidad).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirme su identidad' })).toBeNull(),
    );
    expect(screen.queryByRole('dialog', { name: /Tarjeta de coordenadas/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(cuerposDe('POST /api/administracion/tarjetas/emitir')).toHaveLength(1);
  });

  it('un rechazo al desactivar se muestra y el usuario sigue activo', async () => {
    responder('POST /api/administracion/usuarios/activo', () =>
      error(404, { msj: "No existe el usuario 'pepe'." }),
    );
    mostrarPantalla([usuario({})]);
    await accion('pepe', 'Desactivar');
    await aceptar(/No podrá ingresar/, 'Desactivar');
    expect(await screen.findByRole('alert')).toHaveTextContent("No existe el usuario 'pepe'.");
    expect(screen.queryByText(/quedó desactivado/)).toBeNull();
    expect(cuerposDe('POST /api/administracion/usuarios/activo')).toEqual([
      { usuario: 'pepe', activo: false },
    ]);
  });

  it('crear: con una sola unidad la marca; sin ninguna no envía y lo dice bajo las unidades; avisa que el nombre va en minúsculas', async () => {
    responder('POST /api/administracion/usuarios/crear', () => ({ id: 9, usuario: 'jperez' }));
    mostrarPantalla([usuario({})]);
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo usuario' }));
    const formulario = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    const nombre = within(formulario).getByLabelText('Usuario');
    await userEvent.type(nombre, 'JPerez');
    expect(nombre).toHaveAccessibleDescription(/Se guardará como 'jperez'/);
    // The company's only unit starts ticked.
    await userEvent.selectOptions(within(formulario).getByLabelText('Empresa'), '2');
    expect(within(formulario).getByRole('checkbox', { name: 'Granos' })).toBeChecked();
    // With two, none is; leaving them all unticked is refused under the units.
    await userEvent.selectOptions(within(formulario).getByLabelText('Empresa'), '1');
    expect(within(formulario).getByRole('checkbox', { name: 'Granos' })).not.toBeChecked();
    await userEvent.click(within(formulario).getByRole('button', { name: 'Crear usuario' }));
    expect(
      await within(formulario).findByText(MENSAJES_ADMINISTRACION.unidadRequerida),
    ).toBeInTheDocument();
    expect(cuerposDe('POST /api/administracion/usuarios/crear')).toEqual([]);
    await userEvent.selectOptions(within(formulario).getByLabelText('Empresa'), '2');
    await userEvent.click(within(formulario).getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() =>
      expect(cuerposDe('POST /api/administracion/usuarios/crear')).toEqual([
        { usuario: 'JPerez', codempre: 2, unidades: [1] },
      ]),
    );
  });

  it('crear: solo las unidades de la empresa elegida, y el 400 bajo su campo', async () => {
    responder('POST /api/administracion/usuarios/crear', () =>
      error(400, { msj: "usuario: Ya existe el usuario 'pepe'." }),
    );
    mostrarPantalla([usuario({})]);
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo usuario' }));
    const formulario = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    await userEvent.type(within(formulario).getByLabelText('Usuario'), 'pepe');
    await userEvent.selectOptions(within(formulario).getByLabelText('Empresa'), '0');
    expect(formulario).toHaveTextContent('tiene todas las unidades');
    expect(within(formulario).queryAllByRole('checkbox')).toHaveLength(0);
    await userEvent.selectOptions(within(formulario).getByLabelText('Empresa'), '1');
    await userEvent.click(within(formulario).getByRole('checkbox', { name: 'Subproductos' }));
    await userEvent.click(within(formulario).getByRole('button', { name: 'Crear usuario' }));

    const campo = within(formulario).getByLabelText('Usuario');
    await waitFor(() => expect(campo).toHaveAttribute('aria-invalid', 'true'));
    expect(campo).toHaveAccessibleDescription(/Ya existe el usuario 'pepe'\./);
    expect(within(formulario).queryByRole('alert')).toBeNull();
    expect(cuerposDe('POST /api/administracion/usuarios/crear')).toEqual([
      { usuario: 'pepe', codempre: 1, unidades: [2] },
    ]);
  });

  it('una unidad inactiva no se ofrece a un usuario nuevo; quien la tiene la ve marcada y puede soltarla', async () => {
    responder('POST /api/administracion/usuarios/unidades', () => ({ ok: true }));
    const aceites = { ctrl: 3, unineg: 'Aceites', inactiva: true as const };
    responder('GET /api/administracion/usuarios', () => [
      usuario({ unidades: [{ ctrl: 1, unineg: 'Granos' }, aceites] }),
    ]);
    responder('GET /api/administracion/empresas', () => [
      { ...EMPRESAS[1]!, unidades: [...EMPRESAS[1]!.unidades, aceites] },
    ]);
    mostrar(
      <ReautenticacionProvider>
        <UsuariosPage />
      </ReautenticacionProvider>,
      { en: '/administracion/usuarios', usuario: ADMINISTRADOR, conSeleccion: false },
    );
    expect(await screen.findByText('Granos, Aceites (inactiva)')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo usuario' }));
    const nuevo = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    await userEvent.selectOptions(within(nuevo).getByLabelText('Empresa'), '1');
    expect(
      within(nuevo)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['1', '2']);
    await userEvent.click(within(nuevo).getByRole('button', { name: 'Cancelar' }));

    await accion('pepe', 'Editar unidades');
    const cambio = await screen.findByRole('dialog', { name: /pepe/ });
    const suya = within(cambio).getByRole('checkbox', { name: 'Aceites (inactiva)' });
    expect(suya).toBeChecked();
    await userEvent.click(suya);
    await userEvent.click(within(cambio).getByRole('button', { name: /Guardar/ }));
    await waitFor(() =>
      expect(cuerposDe('POST /api/administracion/usuarios/unidades')).toEqual([
        { usuario: 'pepe', unidades: [1] },
      ]),
    );
  });
});
