import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResultadosRespuesta } from '../../../shared/contracts/encuestas';
import { cuerposDe, mostrar, responder } from '../../test/kit';
import { filtroEnPalabras, marcaCsat, ResultadosEncuesta } from './ResultadosEncuesta';

const RESULTADOS: ResultadosRespuesta = {
  respondieron: 3,
  pendientes: 2,
  tasaDeRespuesta: 0.6,
  preguntas: [
    {
      PreguntaId: 1,
      Texto: 'Atención',
      esTexto: false,
      respondidas: 3,
      omitidas: 0,
      promedio: 11 / 3,
      distribucion: [0, 1, 0, 1, 1],
      csat: 2 / 3,
      meses: [
        { mes: '2026-09', respondidas: 1, promedio: 5, csat: 1 },
        { mes: '2026-10', respondidas: 2, promedio: 3, csat: 0.5 },
      ],
      textos: [],
    },
    {
      PreguntaId: 3,
      Texto: 'Comentarios',
      esTexto: true,
      respondidas: 1,
      omitidas: 2,
      promedio: null,
      distribucion: [0, 0, 0, 0, 0],
      csat: null,
      meses: [],
      textos: [
        {
          usuario: 'usu.b1',
          nomempre: 'Empresa B',
          texto: 'Demoras en playa',
          fecha: '2026-10-20T09:30:00',
        },
      ],
    },
  ],
};

describe('ResultadosEncuesta', () => {
  it('muestra la tasa, el promedio, la distribución, el CSAT con su marca, la evolución y los textos', async () => {
    responder('POST /api/encuestas/resultados', () => RESULTADOS);
    mostrar(<ResultadosEncuesta id={7} />, { usuario: { codempre: 0 } });
    expect(await screen.findByText(/tasa de respuesta/)).toHaveTextContent(
      'Respondieron 3 de 5 usuarios a los que se les pidió: tasa de respuesta 60 %.',
    );
    const atencion = screen.getByRole('article', { name: 'Pregunta 1: Atención' });
    expect(atencion).toHaveTextContent('Respondidas: 3 · Omitidas: 0 · Promedio: 3,67');
    expect(within(atencion).getByText('CSAT 67 % (a mejorar)')).toHaveClass('text-bg-warning');
    const filas = within(atencion).getAllByRole('row');
    expect(filas.map((f) => f.textContent)).toContain('5 Excelente133 %');
    expect(within(atencion).getByText('Evolución por mes')).toBeInTheDocument();
    expect(atencion).toHaveTextContent('09/2026');
    const comentarios = screen.getByRole('article', { name: 'Pregunta 2: Comentarios' });
    expect(comentarios).toHaveTextContent('Demoras en playa');
    expect(comentarios).not.toHaveTextContent('Promedio');
    expect(cuerposDe('POST /api/encuestas/resultados')).toEqual([{ id: 7 }]);
  });

  it('filtrar por empresa y fechas vuelve a pedir los resultados con ese filtro', async () => {
    responder('POST /api/encuestas/resultados', () => RESULTADOS);
    mostrar(<ResultadosEncuesta id={7} />, { usuario: { codempre: 0 } });
    await screen.findByText(/tasa de respuesta/);
    const empresa = screen.getByLabelText('Empresa');
    await screen.findAllByRole('option');
    const [, primera] = within(empresa).getAllByRole<HTMLOptionElement>('option');
    await userEvent.selectOptions(empresa, primera!.value);
    await userEvent.type(screen.getByLabelText('Desde'), '2026-10-01');
    await expect
      .poll(() => cuerposDe('POST /api/encuestas/resultados').at(-1))
      .toEqual({
        id: 7,
        codempre: Number(primera!.value),
        desde: '2026-10-01',
      });
  });

  it('marca el CSAT en verde desde 80 %, ámbar desde 55 %, rojo debajo', () => {
    expect(marcaCsat(0.8).clase).toBe('text-bg-success');
    expect(marcaCsat(0.79).clase).toBe('text-bg-warning');
    expect(marcaCsat(0.55).clase).toBe('text-bg-warning');
    expect(marcaCsat(0.54).texto).toBe('bajo');
  });

  it('impreso, dice el filtro que el formulario (que no se imprime) tenía', () => {
    const empresas = [{ codempre: 1, nomempre: 'Empresa A' }];
    expect(filtroEnPalabras({}, empresas)).toBe('Empresa: todas. Respuestas: todas las fechas.');
    expect(
      filtroEnPalabras({ codempre: 1, desde: '2026-10-01', hasta: '2026-10-31' }, empresas),
    ).toBe('Empresa: Empresa A. Respuestas: del 01/10/2026 al 31/10/2026.');
    expect(filtroEnPalabras({ hasta: '2026-10-31' }, empresas)).toBe(
      'Empresa: todas. Respuestas: hasta el 31/10/2026.',
    );
  });
});
