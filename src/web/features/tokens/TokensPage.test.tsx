/**
 * 'Tokens de servicio' against answers typed by the route map: the list, the step-up before a
 * token is created (cancelled: nothing is shown), the new token shown once and copied, a revoke
 * after its confirmation. The real round trip is in e2e/administracion-empresas-tokens.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TokenAdministrado } from '../../../shared/contracts/tokens';
import { MENSAJES_ADMINISTRACION as M } from '../../../shared/textos';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { ReautenticacionProvider } from '../../components/Reautenticacion';
import { TokensPage } from './TokensPage';

const TOKENS: TokenAdministrado[] = [
  {
    nombre: 'balanza-norte',
    creado: '2026-11-20T09:15:00',
    ultimoUso: null,
    vence: null,
    revocado: null,
  },
  {
    nombre: 'porteria-vieja',
    creado: '2026-10-01T08:00:00',
    ultimoUso: '2026-10-30T17:45:10',
    vence: '2026-12-31',
    revocado: '2026-11-01T10:00:00',
  },
];

const TOKEN = `acopio_${'x'.repeat(43)}`;

function mostrarPantalla() {
  responder('GET /api/administracion/tokens', () => TOKENS);
  responder('POST /api/auth/reautenticacion/desafio', () => [
    [{ ctrltarjeta: 99 }],
    [
      { letra: 'A', posicion: 1 },
      { letra: 'B', posicion: 2 },
    ],
  ]);
  return mostrar(
    <ReautenticacionProvider>
      <TokensPage />
    </ReautenticacionProvider>,
    { en: '/administracion/tokens', usuario: ADMINISTRADOR, conSeleccion: false },
  );
}

async function crear(nombre: string) {
  await userEvent.type(await screen.findByLabelText('Nombre'), nombre);
  await userEvent.click(screen.getByRole('button', { name: 'Crear token' }));
}

describe('TokensPage', () => {
  it('lista los tokens: último uso, vencimiento y revocación; solo el vigente se revoca', async () => {
    mostrarPantalla();
    const tabla = await screen.findByRole('table', { name: 'Tokens de servicio' });
    const [, vigente, revocado] = within(tabla).getAllByRole('row');
    expect(
      within(vigente!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['balanza-norte', '20/11/2026 09:15', 'Nunca', 'No vence', 'No', 'Revocar']);
    expect(
      within(revocado!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'porteria-vieja',
      '01/10/2026 08:00',
      '30/10/2026 17:45',
      '31/12/2026',
      '01/11/2026 10:00',
      '',
    ]);
  });

  it('cancelar la confirmación de identidad no crea nada ni muestra un error', async () => {
    responder('POST /api/administracion/tokens/crear', () =>
      error(403, { msj: M.reautenticacionRequerida }),
    );
    mostrarPantalla();
    await crear('balanza-sur');
    const identidad = await screen.findByRole('dialog', { name: 'Confirme su identidad' });
    await userEvent.click(within(identidad).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirme su identidad' })).toBeNull(),
    );
    expect(screen.queryByRole('dialog', { name: /creado/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Nombre').value).toBe('balanza-sur');
  });

  it('con la identidad confirmada muestra el token una vez y lo copia', async () => {
    let vez = 0;
    responder('POST /api/administracion/tokens/crear', ({ cuerpo }) =>
      ++vez === 1
        ? error(403, { msj: M.reautenticacionRequerida })
        : { nombre: cuerpo.nombre, token: TOKEN },
    );
    responder('POST /api/auth/reautenticacion', () => ({ hasta: '2026-11-25T10:05:00' }));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mostrarPantalla();
    await userEvent.type(await screen.findByLabelText('Vence (opcional)'), '2099-12-31');
    await crear('Balanza-Sur');
    const identidad = await screen.findByRole('dialog', { name: 'Confirme su identidad' });
    await userEvent.type(await within(identidad).findByLabelText('A1'), '1234');
    await userEvent.type(within(identidad).getByLabelText('B2'), '5678');
    await userEvent.click(within(identidad).getByRole('button', { name: 'Confirmar' }));

    const creado = await screen.findByRole('dialog', { name: "Token 'balanza-sur' creado" });
    expect(within(creado).getByLabelText<HTMLTextAreaElement>('Token').value).toBe(TOKEN);
    expect(within(creado).getByText('no se va a volver a mostrar')).toBeTruthy();
    await userEvent.click(within(creado).getByRole('button', { name: 'Copiar' }));
    expect((await within(creado).findByRole('status')).textContent).toBe('Copiado');
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(cuerposDe('POST /api/administracion/tokens/crear')).toEqual([
      { nombre: 'balanza-sur', vence: '2099-12-31' },
      { nombre: 'balanza-sur', vence: '2099-12-31' },
    ]);
    // The form is empty again: the next token starts from scratch.
    expect(screen.getByLabelText<HTMLInputElement>('Nombre').value).toBe('');
  });

  it('un nombre tomado va bajo el campo Nombre', async () => {
    responder('POST /api/administracion/tokens/crear', () =>
      error(400, { msj: `nombre: ${M.tokenExistente('balanza-norte')}` }),
    );
    mostrarPantalla();
    await crear('balanza-norte');
    const nombre = screen.getByLabelText('Nombre');
    await waitFor(() => expect(nombre.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(M.tokenExistente('balanza-norte'))).toBeTruthy();
  });

  it('revoca después de confirmar', async () => {
    responder('POST /api/administracion/tokens/revocar', () => ({ ok: true }));
    mostrarPantalla();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revocar el token balanza-norte' }),
    );
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion.textContent).toContain("¿Revoca el token 'balanza-norte'?");
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Revocar' }));
    await waitFor(() =>
      expect(cuerposDe('POST /api/administracion/tokens/revocar')).toEqual([
        { nombre: 'balanza-norte' },
      ]),
    );
  });
});
