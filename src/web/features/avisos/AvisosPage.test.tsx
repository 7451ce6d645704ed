/**
 * 'Avisos' against answers typed by the route map: the outbox's rows with their channel,
 * receiver, tries, last error and times; the state filters with their counts; the pages
 * ('Más antiguos'); 'Reenviar' after its confirmation (the failed row moves to the queue); and
 * the notice that e-mail is off. The real round trip is in e2e/avisos.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FilaAviso, PaginaAvisos } from '../../../shared/contracts/avisos';
import { MENSAJES_AVISOS as M } from '../../../shared/textos';
import { ADMINISTRADOR, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { AvisosPage } from './AvisosPage';

const FALLIDO: FilaAviso = {
  id: 41,
  canal: 'webhook',
  destino: 3,
  destinoNombre: 'https://erp.ejemplo.com/hooks',
  evento: 'camion.finalizado',
  estado: 'fallido',
  intentos: 8,
  proximoIntento: null,
  ultimoError: 'El receptor respondió 500.',
  creado: '2026-11-26T09:15:00',
  enviado: null,
};
const PENDIENTE: FilaAviso = {
  id: 40,
  canal: 'correo',
  destino: 7,
  destinoNombre: 'cliente1',
  evento: 'turno.reservado',
  estado: 'pendiente',
  intentos: 1,
  proximoIntento: '2026-11-26T09:20:05',
  ultimoError: 'Conexión rechazada',
  creado: '2026-11-26T09:10:00',
  enviado: null,
};
const ENVIADO: FilaAviso = {
  id: 39,
  canal: 'correo',
  destino: 99,
  destinoNombre: null,
  evento: 'correo.confirmar',
  estado: 'enviado',
  intentos: 1,
  proximoIntento: null,
  ultimoError: null,
  creado: '2026-11-26T09:00:00',
  enviado: '2026-11-26T09:00:02',
};

const CUENTAS = { pendiente: 1, enviado: 1, fallido: 1 };

function pagina(filas: FilaAviso[], extra: Partial<PaginaAvisos> = {}): PaginaAvisos {
  return { filas, siguiente: null, cuentas: CUENTAS, correoActivo: true, ...extra };
}

function mostrarAvisos() {
  mostrar(<AvisosPage />, {
    en: '/administracion/avisos',
    usuario: ADMINISTRADOR,
    conSeleccion: false,
  });
  return screen.findByRole('table', { name: 'Avisos' });
}

const celdas = (fila: HTMLElement) =>
  within(fila)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('AvisosPage', () => {
  it('lista canal, destino, estado, intentos, último error y horas; reenviar solo en los fallidos', async () => {
    responder('POST /api/administracion/avisos', () => pagina([FALLIDO, PENDIENTE, ENVIADO]));
    const tabla = await mostrarAvisos();
    const [, fallido, pendiente, enviado] = within(tabla).getAllByRole('row');
    expect(within(fallido!).getByRole('rowheader').textContent).toBe('Camión finalizado#41');
    expect(celdas(fallido!)).toEqual([
      'Webhook',
      'https://erp.ejemplo.com/hooks',
      'Fallido',
      '8',
      'El receptor respondió 500.',
      '26/11/2026 09:15',
      '',
      '',
      'Reenviar',
    ]);
    expect(celdas(pendiente!)).toEqual([
      'Correo',
      'cliente1',
      'Pendiente',
      '1',
      'Conexión rechazada',
      '26/11/2026 09:10',
      '',
      '26/11/2026 09:20',
      '',
    ]);
    expect(celdas(enviado!)).toEqual([
      'Correo',
      'Usuario 99 (ya no existe)',
      'Enviado',
      '1',
      '',
      '26/11/2026 09:00',
      '26/11/2026 09:00',
      '',
      '',
    ]);
    // E-mail is on: no notice about it.
    expect(screen.queryByText(M.correoDesactivado)).toBeNull();
    expect(screen.getByText('No hay más avisos.')).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/avisos')).toEqual([{ limite: 50 }]);
  });

  it('sin SMTP_URL dice que el correo está desactivado', async () => {
    responder('POST /api/administracion/avisos', () => pagina([FALLIDO], { correoActivo: false }));
    await mostrarAvisos();
    expect(screen.getByText(M.correoDesactivado)).toBeTruthy();
  });

  it('los filtros por estado muestran sus cuentas y piden ese estado; las páginas siguen con antesDe', async () => {
    responder('POST /api/administracion/avisos', ({ cuerpo }) => {
      if (cuerpo.estado === 'fallido') {
        return cuerpo.antesDe === undefined
          ? pagina([FALLIDO], { siguiente: 41, cuentas: { ...CUENTAS, fallido: 2 } })
          : pagina([{ ...FALLIDO, id: 12, destinoNombre: null }], {
              cuentas: { ...CUENTAS, fallido: 2 },
            });
      }
      return pagina([FALLIDO, PENDIENTE, ENVIADO]);
    });
    await mostrarAvisos();
    const filtros = screen.getByRole('group', { name: 'Estado' });
    expect(within(filtros).getByRole('button', { name: 'Todos', pressed: true })).toBeTruthy();
    await userEvent.click(within(filtros).getByRole('button', { name: 'Fallidos 1' }));
    await waitFor(() =>
      expect(
        within(filtros).getByRole('button', { name: 'Fallidos 2', pressed: true }),
      ).toBeTruthy(),
    );
    const tabla = screen.getByRole('table', { name: 'Avisos' });
    await waitFor(() => expect(within(tabla).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('1 aviso(s) (hay más antiguos)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Más antiguos' }));
    expect(await within(tabla).findByText('Endpoint 3 (eliminado)')).toBeTruthy();
    expect(screen.getByText('No hay más avisos.')).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/avisos')).toEqual([
      { limite: 50 },
      { estado: 'fallido', limite: 50 },
      { estado: 'fallido', antesDe: 41, limite: 50 },
    ]);
  });

  it('reenviar pide confirmar; confirmado, el aviso vuelve a la cola y la lista se recarga', async () => {
    let reenviado = false;
    responder('POST /api/administracion/avisos', () =>
      pagina([reenviado ? { ...FALLIDO, estado: 'pendiente', intentos: 0 } : FALLIDO, PENDIENTE], {
        cuentas: reenviado ? { ...CUENTAS, pendiente: 2, fallido: 0 } : CUENTAS,
      }),
    );
    responder('POST /api/administracion/avisos/reenviar', () => {
      reenviado = true;
      return { ok: true };
    });
    await mostrarAvisos();

    // Cancelled: nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar el aviso 41' }));
    let confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion).toHaveTextContent(
      '¿Reenvía el aviso 41 (Camión finalizado) a https://erp.ejemplo.com/hooks?',
    );
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cuerposDe('POST /api/administracion/avisos/reenviar')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Reenviar el aviso 41' }));
    confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('El aviso 41 volvió a la cola.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Reenviar el aviso 41' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Pendientes 2' })).toBeTruthy();
    expect(cuerposDe('POST /api/administracion/avisos/reenviar')).toEqual([{ id: 41 }]);
  });

  it('un rechazo del reenvío se muestra con el mensaje del servidor', async () => {
    responder('POST /api/administracion/avisos', () => pagina([FALLIDO]));
    responder('POST /api/administracion/avisos/reenviar', () =>
      error(409, { msj: M.soloFallidos }),
    );
    await mostrarAvisos();
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar el aviso 41' }));
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText(M.soloFallidos)).toBeTruthy();
  });
});
