/**
 * The chart's pieces jsdom can check: the x values (the terminal's wall clock as UTC seconds)
 * and the box a screen reader reads when nothing can be drawn (jsdom has no canvas, no
 * matchMedia: uPlot is not even loaded). The drawing is looked at in e2e/tablero.spec.ts.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Grafico, puedeDibujar, segundosDeDia, segundosDeFechaLocal } from '.';
import { diaDeSegundos, horaDeSegundos } from './tiempo';

describe('Grafico', () => {
  it('lee días y horas del reloj de la terminal sin la zona horaria del navegador', () => {
    expect(segundosDeDia('2026-11-24')).toBe(Date.UTC(2026, 10, 24) / 1000);
    expect(segundosDeFechaLocal('2026-11-24T14:05:00')).toBe(Date.UTC(2026, 10, 24, 14, 5) / 1000);
    expect(diaDeSegundos(segundosDeFechaLocal('2026-01-02T23:00:00'))).toBe('02/01/2026');
    expect(horaDeSegundos(segundosDeFechaLocal('2026-01-02T23:00:00'))).toBe('23:00');
  });

  it('sin lienzo queda su caja con el resumen como imagen accesible', () => {
    expect(puedeDibujar()).toBe(false);
    render(
      <Grafico
        resumen="Cupos por día: 3 pedidos."
        x={[segundosDeDia('2026-11-24')]}
        escala="dia"
        series={[{ nombre: 'Pedidos', valores: [3] }]}
        alto={200}
      />,
    );
    const caja = screen.getByRole('img', { name: 'Cupos por día: 3 pedidos.' });
    expect(caja).toHaveStyle({ minHeight: '200px' });
    expect(caja.querySelector('canvas')).toBeNull();
  });
});
