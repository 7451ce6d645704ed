/**
 * `<Grafico>`: lines and bars over days or hours, on uPlot, for any screen (props and an example
 * in tipos.ts; x values from tiempo.ts). This file is all a screen imports: uPlot loads lazily,
 * with the first chart shown, so it never weighs on the login page's JavaScript.
 *
 * Where there is nothing to draw on (jsdom in component tests: no matchMedia, no ResizeObserver,
 * no canvas) the chart is its labelled box without the drawing: `role="img"` and the summary
 * remain, and the tests read the numbers from the table every chart has beside it.
 */
import { lazy, Suspense } from 'react';
import type { GraficoProps } from './tipos';

export type { GraficoProps, ReferenciaGrafico, SerieGrafico } from './tipos';
export { segundosDeDia, segundosDeFechaLocal } from './tiempo';

const GraficoUplot = lazy(async () => ({
  default: (await import('./GraficoUplot')).GraficoUplot,
}));

/** Whether this browser can draw (uPlot reads matchMedia when it loads; the chart follows its box). */
export const puedeDibujar = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  typeof window.ResizeObserver === 'function';

export function Grafico(props: GraficoProps) {
  // The box keeps the chart's height while it loads: the table under it does not jump.
  const caja = (
    <div
      role="img"
      aria-label={props.resumen}
      className="grafico"
      style={{ minHeight: props.alto ?? 260 }}
    />
  );
  if (!puedeDibujar()) return caja;
  return (
    <Suspense fallback={caja}>
      <GraficoUplot {...props} />
    </Suspense>
  );
}
