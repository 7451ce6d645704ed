/**
 * The trucks screen's states and client-side rules, with the network answered here as the API
 * would (including answers the real server never gives, such as a 200 without `actualizado`);
 * the real API is exercised end to end in e2e/camiones.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import { cupoDisponible } from '../../test/datos';
import {
  ADMINISTRADOR,
  cuerposDe,
  error,
  fueraDeContrato,
  mostrar,
  responder,
  sinRespuesta,
} from '../../test/kit';
import { CamionesPage } from './CamionesPage';

const camion: CamionEnPlaya = {
  ctrl: 7,
  txtempresa: 'Agroexportadora del Litoral S.A.',
  patcha: 'AB123CD',
  pataco: 'EF456GH',
  cargateorica: 30000,
  nomchofer: 'Juan Pérez',
  dni: '30111222',
  ingplaya: '2026-11-21T14:03:22',
  codestado: 1,
  nomestado: 'Playa sin orden',
  estado_desde: '2026-11-21T14:03:22',
  cupo_camion: null,
  turno_fecha: null,
  turno_hora: null,
  turno_llegada: null,
};

const cupo = cupoDisponible(41);

function mostrarPagina() {
  mostrar(<CamionesPage />, {
    en: '/camiones',
    usuario: {
      usuario: 'cliente1',
      codempre: 1,
      uniNegs: [
        { ctrl: 1, unineg: 'Granos' },
        { ctrl: 2, unineg: 'Subproductos' },
      ],
      userId: 2,
    },
  });
}

const playa = () => cuerposDe('POST /api/camiones/camiones-playa');

// jsdom has no scrolling; the table's virtualizer and the success path call it.
let desplazar: MockInstance<typeof window.scrollTo>;
beforeEach(() => {
  desplazar = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // No thresholds unless a test sets them; the terminal's clock 2 h 07 min after the entry.
  responder('GET /api/camiones/umbrales-espera', () => ({
    ahora: '2026-11-21T16:10:30',
    umbrales: [],
  }));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CamionesPage', () => {
  it('muestra CARGANDO... mientras pide la lista', async () => {
    responder('POST /api/camiones/camiones-playa', sinRespuesta);
    mostrarPagina();
    expect(await screen.findByText('CARGANDO...')).toBeInTheDocument();
  });

  it('una lista que falla muestra "Algo salio mal"', async () => {
    responder('POST /api/camiones/camiones-playa', () =>
      error(500, { msj: 'Error interno del servidor' }),
    );
    mostrarPagina();
    expect(await screen.findByText('Algo salio mal')).toBeInTheDocument();
  });

  it('una lista vacía muestra "No se encontraron camiones"', async () => {
    responder('POST /api/camiones/camiones-playa', () => []);
    mostrarPagina();
    expect(await screen.findByText('No se encontraron camiones')).toBeInTheDocument();
  });

  it('carga con la selección guardada y después solo al pulsar Filtrar', async () => {
    localStorage.setItem('acopio.seleccion.2', JSON.stringify({ codempre: 1, unineg: 2 }));
    responder('POST /api/camiones/camiones-playa', () => [camion]);
    mostrarPagina();
    expect(await screen.findByText('AB123CD')).toBeInTheDocument();
    expect(playa()).toEqual([{ filtros: { codempre: 1, unineg: 2, estado: 0 } }]);

    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'Finalizado');
    await userEvent.selectOptions(screen.getByLabelText('Tipo despacho'), 'Granos');
    expect(playa()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('AB123CD')).toBeInTheDocument();
    expect(playa().at(-1)).toEqual({
      filtros: { codempre: 1, unineg: 1, estado: 4 },
    });
    // The same filters again: Filtrar still asks the server (the yard moves).
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await screen.findByText('AB123CD');
    expect(playa()).toHaveLength(3);
  });

  it('cada camión con turno muestra su franja y cómo llegó; sin turno, una raya', async () => {
    localStorage.setItem('acopio.seleccion.2', JSON.stringify({ codempre: 1, unineg: 1 }));
    responder('POST /api/camiones/camiones-playa', () => [
      {
        ...camion,
        codestado: 2,
        nomestado: 'Playa con orden',
        turno_fecha: '2026-11-21',
        turno_hora: 14,
        turno_llegada: 'tarde',
      },
      { ...camion, ctrl: 8, patcha: 'ZZ999ZZ' },
    ]);
    mostrarPagina();
    const conTurno = (await screen.findByText('AB123CD')).closest('tr')!;
    expect(conTurno).toHaveTextContent('14–15Tarde');
    expect(
      screen.getByText('ZZ999ZZ').closest('tr')!.querySelector('.celda-turno'),
    ).toHaveTextContent('—');
  });

  it('cuenta los camiones por estado; Filtrar otra vez deja la tabla a la vista mientras recarga', async () => {
    localStorage.setItem('acopio.seleccion.2', JSON.stringify({ codempre: 1, unineg: 1 }));
    responder('POST /api/camiones/camiones-playa', () => [camion]);
    mostrarPagina();
    expect(await screen.findByText('AB123CD')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Resumen de la playa' })).toHaveTextContent(
      'Playa sin orden: 1Playa con orden: 0Operando: 0Finalizado: 0',
    );
    responder('POST /api/camiones/camiones-playa', sinRespuesta);
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filtrar' })).toBeDisabled());
    expect(screen.getByText('AB123CD')).toBeInTheDocument();
    expect(screen.queryByText('CARGANDO...')).not.toBeInTheDocument();
  });

  it('un vínculo que responde sin el indicador de éxito muestra la alerta roja "Algo salió mal"', async () => {
    responder('POST /api/camiones/camiones-playa', () => [camion]);
    responder('POST /api/cupos', () => ({ resultado: [cupo] }));
    // The real server answers 201 { actualizado: 1 }: this answer lacks both.
    responder('POST /api/camiones/vincular-camion-cupo', () => fueraDeContrato(200, { ok: true }));
    mostrarPagina();
    await userEvent.click(await screen.findByRole('button', { name: 'Asingar' }));
    const modal = await screen.findByRole('dialog', { name: /Cupos disponibles/ });
    await userEvent.click(await within(modal).findByRole('button', { name: 'Asginar' }));
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    expect(confirmacion).toHaveTextContent('¿Confirma que quiere vincular el cupo al camion?');
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Aceptar' }));

    const alerta = await within(modal).findByText(
      'Los siguientes errores impidieron guardar los datos:',
    );
    expect(alerta.parentElement).toHaveClass('alert-danger');
    expect(
      within(modal)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Algo salió mal']);
    expect(screen.queryByText('Datos guardados con exito!!')).not.toBeInTheDocument();
    expect(cuerposDe('POST /api/camiones/vincular-camion-cupo')).toEqual([
      { ctrl: 41, codcamion: 7, cantidad: 30000 },
    ]);
  });

  it('un vínculo con 201 y actualizado 1: aviso verde, modal cerrado, camiones otra vez y arriba de todo', async () => {
    responder('POST /api/camiones/camiones-playa', () => [camion]);
    responder('POST /api/cupos', () => ({ resultado: [cupo] }));
    responder('POST /api/camiones/vincular-camion-cupo', () => ({ actualizado: 1 }));
    mostrarPagina();
    await userEvent.click(await screen.findByRole('button', { name: 'Asingar' }));
    const modal = await screen.findByRole('dialog', { name: /Cupos disponibles/ });
    await userEvent.click(await within(modal).findByRole('button', { name: 'Asginar' }));
    const confirmacion = await screen.findByRole('dialog', { name: 'Confirmación' });
    await userEvent.click(within(confirmacion).getByRole('button', { name: 'Aceptar' }));

    expect(await screen.findByText('Datos guardados con exito!!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Cupos disponibles/ })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(playa()).toHaveLength(2));
    expect(desplazar).toHaveBeenCalledWith({ top: 0 });
    expect(screen.queryByText('Los siguientes errores impidieron guardar los datos:')).toBeNull();
  });
  it("muestra la espera y marca 'Excedido' al camión que pasó el límite de su unidad, con la cuenta", async () => {
    localStorage.setItem('acopio.seleccion.2', JSON.stringify({ codempre: 1, unineg: 1 }));
    responder('GET /api/camiones/umbrales-espera', () => ({
      ahora: '2026-11-21T16:10:30',
      umbrales: [
        {
          unineg: 1,
          sinOrdenAviso: 60,
          sinOrdenLimite: 120,
          conOrdenAviso: 30,
          conOrdenLimite: 300,
        },
        { unineg: 2, sinOrdenAviso: 1, sinOrdenLimite: 2, conOrdenAviso: 1, conOrdenLimite: 2 },
      ],
    }));
    const conOrden: CamionEnPlaya = {
      ...camion,
      ctrl: 8,
      patcha: 'ZZ999ZZ',
      codestado: 2,
      nomestado: 'Playa con orden',
      estado_desde: '2026-11-21T15:30:00',
      cupo_camion: '41',
    };
    const operando: CamionEnPlaya = {
      ...camion,
      ctrl: 9,
      patcha: 'OP111OP',
      codestado: 3,
      nomestado: 'Operando',
      estado_desde: '2026-11-20T10:00:00',
    };
    responder('POST /api/camiones/camiones-playa', () => [camion, conOrden, operando]);
    mostrarPagina();

    const columnas = await screen.findAllByRole('columnheader');
    expect(columnas.map((c) => c.textContent)).toContain('Espera');
    const fila = (patente: string) => screen.getByText(patente).closest('tr')!;
    await waitFor(() => expect(fila('AB123CD')).toHaveTextContent('2 h 07 minExcedido'));
    expect(fila('AB123CD')).toHaveClass('espera-excedido');
    expect(fila('ZZ999ZZ')).toHaveTextContent('40 minDemorado');
    expect(fila('ZZ999ZZ')).toHaveClass('espera-demorado');
    // Operando has no threshold: the wait, no mark.
    expect(fila('OP111OP')).toHaveTextContent('30 h 10 min');
    expect(fila('OP111OP')).not.toHaveTextContent(/Demorado|Excedido/);
    const resumen = screen.getByRole('list', { name: 'Resumen de la playa' });
    expect(resumen).toHaveTextContent('Playa sin orden: 1 (1 excedido)');
    expect(resumen).toHaveTextContent('Playa con orden: 1 (1 demorado)');
    expect(resumen).toHaveTextContent('Operando: 1Finalizado');
    // A client user does not set thresholds.
    expect(screen.queryByRole('button', { name: 'Umbrales de espera' })).not.toBeInTheDocument();
  });
  it('el administrador fija los umbrales de la unidad que ve; un límite que no supera al aviso se explica con el nombre del campo', async () => {
    localStorage.setItem('acopio.seleccion.1', JSON.stringify({ codempre: 1, unineg: 1 }));
    responder('POST /api/camiones/camiones-playa', () => [camion]);
    responder('POST /api/clientes/clientes-empresas', () => [
      { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' },
    ]);
    let respuestas = 0;
    responder('POST /api/administracion/umbrales-espera', () =>
      respuestas++ === 0
        ? error(400, { msj: 'sinOrdenLimite: debe ser mayor que el aviso (1 min)' })
        : { ok: true },
    );
    mostrar(<CamionesPage />, { en: '/camiones', usuario: ADMINISTRADOR });
    await userEvent.click(await screen.findByRole('button', { name: 'Umbrales de espera' }));
    const modal = await screen.findByRole('dialog', { name: 'Umbrales de espera: Granos' });
    // A unit without thresholds is offered the usual 60 and 120.
    expect(within(modal).getByLabelText('Límite (min) de Playa con orden')).toHaveValue(120);
    const aviso = within(modal).getByLabelText('Aviso (min) de Playa sin orden');
    const limite = within(modal).getByLabelText('Límite (min) de Playa sin orden');
    await userEvent.clear(aviso);
    await userEvent.type(aviso, '1');
    await userEvent.clear(limite);
    await userEvent.type(limite, '1');
    await userEvent.click(within(modal).getByRole('button', { name: 'Guardar' }));
    // The server's message goes under its field, and the field says it is the one wrong.
    expect(
      await within(modal).findByText(
        'Límite de Playa sin orden: debe ser mayor que el aviso (1 min)',
      ),
    ).toBeInTheDocument();
    expect(limite).toHaveAttribute('aria-invalid', 'true');
    expect(limite).toHaveAccessibleDescription(
      'Límite de Playa sin orden: debe ser mayor que el aviso (1 min)',
    );
    expect(aviso).toHaveAttribute('aria-invalid', 'false');
    await userEvent.clear(limite);
    await userEvent.type(limite, '2');
    await userEvent.click(within(modal).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cuerposDe('POST /api/administracion/umbrales-espera').at(-1)).toEqual({
      unineg: 1,
      sinOrdenAviso: '1',
      sinOrdenLimite: '2',
      conOrdenAviso: '60',
      conOrdenLimite: '120',
    });
  });

  it('a ancho de teléfono muestra una tarjeta por camión con estado, espera y acciones, sin tabla', async () => {
    vi.stubGlobal(
      'matchMedia',
      (consulta: string) =>
        ({
          matches: consulta.includes('max-width'),
          media: consulta,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    localStorage.setItem('acopio.seleccion.2', JSON.stringify({ codempre: 1, unineg: 1 }));
    responder('POST /api/camiones/camiones-playa', () => [camion]);
    mostrarPagina();
    const tarjeta = await screen.findByRole('article', { name: /AB123CD/ });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(tarjeta).toHaveTextContent('Playa sin orden');
    expect(tarjeta).toHaveTextContent('2 h 07 min');
    expect(tarjeta).toHaveTextContent('Juan Pérez');
    expect(within(tarjeta).getByRole('button', { name: 'Asingar' })).toBeInTheDocument();
  });
});
