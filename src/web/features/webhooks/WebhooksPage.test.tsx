/**
 * 'Webhooks' against answers typed by the route map: the endpoints (URL, events, company or
 * terminal, active, last delivery), registering one (its own checks, the server's refusal under
 * the URL, the secret shown once and copied), deactivate and delete after a confirmation, and
 * an endpoint's delivery log with 'Reenviar'. The real round trip is in e2e/avisos.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { EntregaWebhook, WebhookAdministrado } from '../../../shared/contracts/webhooks';
import { MENSAJES_WEBHOOKS as M } from '../../../shared/textos';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { WebhooksPage } from './WebhooksPage';

const EMPRESAS: EmpresaAdministrada[] = [
  { codempre: 0, nomempre: 'Terminal', unidades: [], usuarios: 1 },
  { codempre: 2, nomempre: 'Molinos del Plata', unidades: [], usuarios: 1 },
];

const ERP: WebhookAdministrado = {
  id: 5,
  url: 'https://erp.ejemplo.com/hooks',
  eventos: ['camion.ingresado', 'camion.finalizado'],
  codempre: null,
  nomempre: null,
  activo: true,
  motivoInactivo: null,
  creado: '2026-11-20T10:00:00',
  pendientes: 2,
  fallidas: 1,
  ultimoIntento: '2026-11-26T09:15:30',
  ultimoHttp: 500,
};
const MOLINOS: WebhookAdministrado = {
  ...ERP,
  id: 6,
  url: 'https://molinos.ejemplo.com/acopio',
  eventos: ['stock.movimiento'],
  codempre: 2,
  nomempre: 'Molinos del Plata',
  activo: false,
  motivoInactivo: M.desactivadoPor410,
  pendientes: 0,
  fallidas: 0,
  ultimoIntento: null,
  ultimoHttp: null,
};

const SECRETO = `whsec_${'A'.repeat(43)}=`;

function mostrarWebhooks(webhooks = [ERP, MOLINOS]) {
  responder('GET /api/administracion/webhooks', () => webhooks);
  responder('GET /api/administracion/empresas', () => EMPRESAS);
  mostrar(<WebhooksPage />, {
    en: '/administracion/webhooks',
    usuario: ADMINISTRADOR,
    conSeleccion: false,
  });
  return screen.findByRole('table', { name: 'Endpoints de webhooks' });
}

async function accion(url: string, opcion: string) {
  const menu = await screen.findByRole('button', { name: `Acciones de ${url}` });
  await userEvent.click(menu);
  await userEvent.click(await within(menu.parentElement!).findByRole('button', { name: opcion }));
}

/** What a person types, pasted: the machine is shared and typing is slow. */
async function escribir(campo: HTMLElement, texto: string) {
  await userEvent.clear(campo);
  await userEvent.click(campo);
  await userEvent.paste(texto);
}

async function abrirFormulario() {
  await userEvent.click(screen.getByRole('button', { name: 'Nuevo endpoint' }));
  return screen.findByRole('dialog', { name: 'Nuevo endpoint de webhooks' });
}

describe('WebhooksPage', () => {
  it('lista URL, eventos, empresa o toda la terminal, estado y última entrega', async () => {
    const tabla = await mostrarWebhooks();
    const [, erp, molinos] = within(tabla).getAllByRole('row');
    expect(within(erp!).getByRole('rowheader').textContent).toBe(ERP.url);
    expect(
      within(erp!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Camión ingresado, Camión finalizado',
      'Toda la terminal',
      'Activo',
      'HTTP 500 · 26/11/2026 09:15',
      '2 / 1',
      'Acciones',
    ]);
    expect(
      within(molinos!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Movimiento de stock',
      '2 - Molinos del Plata',
      `Desactivado${M.desactivadoPor410}`,
      'Ninguna todavía',
      '0 / 0',
      'Acciones',
    ]);
  });

  it('registrar: sus propios chequeos, y el rechazo del servidor bajo la URL', async () => {
    const rechazo = M.direccionInterna('127.0.0.1', '127.0.0.1');
    responder('POST /api/administracion/webhooks/crear', () =>
      error(400, { msj: `url: ${rechazo}` }),
    );
    await mostrarWebhooks();
    const dialogo = await abrirFormulario();
    const url = within(dialogo).getByLabelText('URL');

    // Its own checks, before asking the server.
    await escribir(url, 'erp.ejemplo.com');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(/^La URL debe empezar con http/));
    expect(within(dialogo).getByText('Elija al menos un evento.')).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/webhooks/crear')).toEqual([]);

    // The server's refusal (an internal address), under the URL.
    await escribir(url, 'http://127.0.0.1:9000/hook');
    await userEvent.click(within(dialogo).getByLabelText('Camión finalizado'));
    await userEvent.click(within(dialogo).getByLabelText('Camión ingresado'));
    const empresa = within(dialogo).getByLabelText('Empresa');
    expect(within(empresa).queryByText(/Terminal$/)).toBeNull();
    await userEvent.selectOptions(empresa, '2 - Molinos del Plata');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(rechazo));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    // In the contract's order, whatever the order of the clicks.
    expect(cuerposDe('POST /api/administracion/webhooks/crear')).toEqual([
      {
        url: 'http://127.0.0.1:9000/hook',
        eventos: ['camion.ingresado', 'camion.finalizado'],
        codempre: 2,
      },
    ]);
  });

  it('registrado, el secreto se muestra una sola vez y se copia', async () => {
    responder('POST /api/administracion/webhooks/crear', () => ({ id: 7, secreto: SECRETO }));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await mostrarWebhooks();
    let dialogo = await abrirFormulario();
    await escribir(within(dialogo).getByLabelText('URL'), 'https://erp.ejemplo.com/nuevo');
    await userEvent.click(within(dialogo).getByLabelText('Movimiento de stock'));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Registrar' }));
    dialogo = await screen.findByRole('dialog', { name: 'Endpoint registrado' });
    expect(within(dialogo).getByLabelText<HTMLTextAreaElement>('Secreto').value).toBe(SECRETO);
    expect(within(dialogo).getByText(/no se va a volver a mostrar/)).toBeTruthy();
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Copiar' }));
    expect((await within(dialogo).findByRole('status')).textContent).toBe('Copiado');
    expect(writeText).toHaveBeenCalledWith(SECRETO);
    await userEvent.click(within(dialogo).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(SECRETO)).toBeNull();
    expect(cuerposDe('POST /api/administracion/webhooks/crear')).toEqual([
      { url: 'https://erp.ejemplo.com/nuevo', eventos: ['stock.movimiento'], codempre: null },
    ]);
  });

  it('desactivar, activar y eliminar: confirmación con el nombre del acto', async () => {
    responder('POST /api/administracion/webhooks/activar', () => ({ ok: true }));
    responder('POST /api/administracion/webhooks/eliminar', () => ({ ok: true }));
    await mostrarWebhooks();
    await accion(ERP.url, 'Desactivar');
    let confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText(`${ERP.url} quedó desactivado.`)).toBeTruthy();

    await accion(MOLINOS.url, 'Activar');
    expect(await screen.findByText(`${MOLINOS.url} quedó activo.`)).toBeTruthy();

    await accion(ERP.url, 'Eliminar');
    confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion).toHaveTextContent(`¿Eliminar ${ERP.url}?`);
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(`Se eliminó ${ERP.url}.`)).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/webhooks/activar')).toEqual([
      { id: 5, activo: false },
      { id: 6, activo: true },
    ]);
    expect(cuerposDe('POST /api/administracion/webhooks/eliminar')).toEqual([{ id: 5 }]);
  });

  it('el registro de entregas: estado, HTTP, horas e intentos; reenviar una fallida', async () => {
    const fallida: EntregaWebhook = {
      entrega: 90,
      idMensaje: 'msg_90',
      evento: 'camion.finalizado',
      estado: 'fallido',
      intentos: 2,
      http: 500,
      ultimoError: 'El receptor respondió 500.',
      ultimoIntento: '2026-11-26T09:15:30',
      proximoIntento: null,
      creado: '2026-11-26T09:15:00',
      enviado: null,
    };
    const enviada: EntregaWebhook = {
      ...fallida,
      entrega: 89,
      idMensaje: 'msg_89',
      evento: 'camion.ingresado',
      estado: 'enviado',
      intentos: 1,
      http: 200,
      ultimoError: null,
      enviado: '2026-11-26T09:14:00',
    };
    let reenviada = false;
    responder('POST /api/administracion/webhooks/entregas', () => ({
      filas: [reenviada ? { ...fallida, estado: 'pendiente', intentos: 0 } : fallida, enviada],
      siguiente: null,
    }));
    responder('POST /api/administracion/webhooks/reenviar', () => {
      reenviada = true;
      return { ok: true };
    });
    await mostrarWebhooks();
    await accion(ERP.url, 'Entregas');
    const log = await screen.findByRole('dialog', { name: `Entregas de ${ERP.url}` });
    const tabla = await within(log).findByRole('table', { name: 'Entregas' });
    const [, primera, segunda] = within(tabla).getAllByRole('row');
    expect(
      within(primera!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'msg_90',
      'Fallida',
      '2',
      '500',
      '26/11/2026 09:15',
      '',
      'El receptor respondió 500.',
      'Reenviar',
    ]);
    expect(
      within(segunda!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['msg_89', 'Enviada', '1', '200', '26/11/2026 09:15', '', '', '']);

    await userEvent.click(within(log).getByRole('button', { name: 'Reenviar msg_90' }));
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion).toHaveTextContent('mismo webhook-id');
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('msg_90 volvió a la cola.')).toBeTruthy();
    await waitFor(() => expect(within(tabla).getByText('Pendiente')).toBeTruthy());
    expect(within(log).queryByRole('button', { name: 'Reenviar msg_90' })).toBeNull();
    expect(cuerposDe('POST /api/administracion/webhooks/reenviar')).toEqual([
      { id: 5, entrega: 90 },
    ]);
    expect(cuerposDe('POST /api/administracion/webhooks/entregas')[0]).toEqual({
      id: 5,
      limite: 50,
    });
  });
});
