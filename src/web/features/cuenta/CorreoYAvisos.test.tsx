/**
 * 'Mi cuenta' → Correo y avisos against answers typed and checked by the route map: the address
 * confirmed or pending, the change that sends a link, the opt-in notices saved as chosen, and
 * e-mail off on the portal. The real round trip (SMTP server, link, ticket) is e2e/correo.spec.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PreferenciasCorreo } from '../../../shared/contracts/avisos';
import { MENSAJES_AVISOS, TEXTOS_CORREO as T } from '../../../shared/textos';
import { avisosEnPantalla, cuerposDe, error, mostrar, responder } from '../../test/kit';
import { CorreoYAvisos } from './CorreoYAvisos';

const PREFERENCIAS: PreferenciasCorreo = {
  correo: 'logistica@agro.example',
  correoPendiente: null,
  avisos: ['turno.reservado'],
  correoActivo: true,
};

function mostrarSeccion(p: PreferenciasCorreo = PREFERENCIAS) {
  responder('GET /api/cuenta/avisos', () => p);
  return mostrar(<CorreoYAvisos />, { en: '/cuenta', conSeleccion: false });
}

const casilla = (nombre: string) =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: nombre });
const campoCorreo = () => screen.getByLabelText<HTMLInputElement>(T.nuevaDireccion);

describe('CorreoYAvisos', () => {
  it('muestra la dirección confirmada y los avisos elegidos, cada uno que ofrece el contrato', async () => {
    mostrarSeccion();
    expect((await screen.findByTestId('correo-actual')).textContent).toBe(
      `logistica@agro.example${T.confirmada}`,
    );
    const casillas = screen.getAllByRole<HTMLInputElement>('checkbox');
    expect(casillas.map((c) => [c.labels?.[0]?.textContent, c.checked])).toEqual([
      ['Camión finalizado, con su ticket en PDF', false],
      ['Turno reservado', true],
      ['Turno cambiado', false],
      ['Turno sin presentarse («No se presentó»)', false],
      ['Franja de turnos pausada', false],
      ['Recordatorio de encuesta', false],
    ]);
    expect(screen.queryByText(T.desactivado)).toBeNull();
  });

  it('guarda exactamente los avisos marcados', async () => {
    responder('POST /api/cuenta/avisos', ({ cuerpo }) => ({ ...PREFERENCIAS, ...cuerpo }));
    mostrarSeccion();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: T.nombres['camion.finalizado'] }),
    );
    await userEvent.click(casilla(T.nombres['turno.reservado']));
    await userEvent.click(casilla(T.nombres['franja.pausada']));
    responder('GET /api/cuenta/avisos', () => ({
      ...PREFERENCIAS,
      avisos: ['camion.finalizado', 'franja.pausada'],
    }));
    await userEvent.click(screen.getByRole('button', { name: T.guardar }));
    await waitFor(() => expect(avisosEnPantalla()).toContain(T.guardados));
    expect(cuerposDe('POST /api/cuenta/avisos')).toEqual([
      { avisos: ['camion.finalizado', 'franja.pausada'] },
    ]);
    expect(casilla(T.nombres['camion.finalizado']).checked).toBe(true);
    expect(casilla(T.nombres['turno.reservado']).checked).toBe(false);
  });

  it('sin marcar ninguno, guarda la lista vacía', async () => {
    responder('POST /api/cuenta/avisos', ({ cuerpo }) => ({ ...PREFERENCIAS, ...cuerpo }));
    mostrarSeccion();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: T.nombres['turno.reservado'] }),
    );
    await userEvent.click(screen.getByRole('button', { name: T.guardar }));
    await waitFor(() => expect(cuerposDe('POST /api/cuenta/avisos')).toEqual([{ avisos: [] }]));
  });

  it('pide el cambio de dirección y muestra la pendiente con el enlace enviado', async () => {
    responder('POST /api/cuenta/correo', () => ({
      ...PREFERENCIAS,
      correoPendiente: 'nueva@agro.example',
    }));
    mostrarSeccion();
    await userEvent.type(await screen.findByLabelText(T.nuevaDireccion), ' Nueva@agro.example ');
    responder('GET /api/cuenta/avisos', () => ({
      ...PREFERENCIAS,
      correoPendiente: 'nueva@agro.example',
    }));
    await userEvent.click(screen.getByRole('button', { name: T.enviarEnlace }));
    expect(
      await screen.findByText(`${T.enlaceEnviado('nueva@agro.example')} ${T.mientrasTanto}`),
    ).toBeTruthy();
    expect(cuerposDe('POST /api/cuenta/correo')).toEqual([{ correo: 'Nueva@agro.example' }]);
    // The confirmed address stays until the link is opened.
    expect(screen.getByTestId('correo-actual').textContent).toContain('logistica@agro.example');
    expect(campoCorreo().value).toBe('');
  });

  it('una dirección mal escrita o la misma se avisan bajo el campo, sin llamar', async () => {
    mostrarSeccion();
    const campo = await screen.findByLabelText<HTMLInputElement>(T.nuevaDireccion);
    await userEvent.type(campo, 'logistica.agro.example');
    await userEvent.click(screen.getByRole('button', { name: T.enviarEnlace }));
    expect(await screen.findByText(T.direccionInvalida)).toBeTruthy();
    expect(campo.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(campo);
    await userEvent.type(campo, 'LOGISTICA@agro.example');
    await userEvent.click(screen.getByRole('button', { name: T.enviarEnlace }));
    expect(await screen.findByText(T.mismaDireccion)).toBeTruthy();
    expect(cuerposDe('POST /api/cuenta/correo')).toEqual([]);
  });

  it('el rechazo del servidor que nombra el campo va bajo el campo', async () => {
    responder('POST /api/cuenta/correo', () =>
      error(400, { msj: `correo: ${MENSAJES_AVISOS.correoInvalido}` }),
    );
    mostrarSeccion({ ...PREFERENCIAS, correo: null });
    // Without an address the field is the address itself.
    await userEvent.type(await screen.findByLabelText(T.direccion), 'x@y.example');
    await userEvent.click(screen.getByRole('button', { name: T.enviarEnlace }));
    expect(await screen.findByText(MENSAJES_AVISOS.correoInvalido)).toBeTruthy();
    expect(screen.getByText(T.sinDireccion)).toBeTruthy();
    expect(screen.getByText(T.sinDireccionParaAvisos)).toBeTruthy();
  });

  it('con el correo desactivado lo dice y no deja elegir ni cambiar', async () => {
    mostrarSeccion({ ...PREFERENCIAS, correoActivo: false });
    expect(await screen.findByText(T.desactivado)).toBeTruthy();
    // Inside a disabled fieldset: disabled as the browser sees it (:disabled), not by attribute.
    for (const c of screen.getAllByRole('checkbox')) expect(c.matches(':disabled')).toBe(true);
    expect(campoCorreo().disabled).toBe(true);
    for (const nombre of [T.guardar, T.enviarEnlace]) {
      expect(screen.getByRole('button', { name: nombre }).matches(':disabled')).toBe(true);
    }
    // What was chosen before stays visible.
    expect(casilla(T.nombres['turno.reservado']).checked).toBe(true);
    expect(screen.getByRole('group', { name: T.avisos }).hasAttribute('disabled')).toBe(true);
  });
});
