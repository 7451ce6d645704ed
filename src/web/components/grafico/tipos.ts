/**
 * The chart's props, apart from the drawing code so that a screen can type and build them
 * without loading uPlot (which only ever loads lazily, with the first chart shown).
 *
 * <Grafico
 *   resumen="Camiones por día del 18/11/2026 al 24/11/2026: 412 ingresados, 405 finalizados."
 *   x={dias.map((d) => segundosDeDia(d.dia))}          // seconds, terminal wall clock read as UTC
 *   escala="dia"                                       // 'dia' | 'hora': x-axis ticks and labels
 *   series={[
 *     { nombre: 'Ingresados', valores: [...], tipo: 'barras' },
 *     { nombre: 'Finalizados', valores: [...], tipo: 'barras', color: '--acopio-trigo' },
 *     { nombre: 'Máximo por hora', valores: [...], tipo: 'linea' },
 *   ]}
 *   referencia={{ valor: 30, nombre: 'Capacidad por hora' }}   // a dashed horizontal line
 *   etiquetaY="Camiones" decimales={0} alto={260}
 * />
 */

/** A color: a CSS custom property of the app ('--acopio-verde', '--bs-danger') or any CSS color. */
export type ColorGrafico = string;

export interface SerieGrafico {
  /** The legend's name, in Spanish. */
  nombre: string;
  /** One value per x; null leaves a gap (a line) or no bar. */
  valores: (number | null)[];
  /** 'barras' (default) or 'linea'. Bars of several series stand side by side, or stacked. */
  tipo?: 'barras' | 'linea';
  /** Default: the app's palette in order (green, wheat, blue, red, …). */
  color?: ColorGrafico;
  /** A dashed line (p90 beside a median, for instance). */
  discontinua?: boolean;
}

export interface ReferenciaGrafico {
  valor: number;
  /** Written on the line and in the accessible summary ('Capacidad por hora: 30'). */
  nombre: string;
  /** Default: Bootstrap's danger red. */
  color?: ColorGrafico;
}

export interface GraficoProps {
  /**
   * What the chart shows, in words: the `aria-label` of its `role="img"` box. A screen reader
   * reads this and the table of numbers beside the chart, never the canvas.
   */
  resumen: string;
  /** The x values, ascending: seconds of the terminal's wall clock read as UTC (see tiempo.ts). */
  x: number[];
  /** Day by day ('dd/mm' labels) or hour by hour ('HH:mm', the day at midnight). */
  escala: 'dia' | 'hora';
  series: SerieGrafico[];
  /** Bars side by side ('agrupadas', default) or one on top of the other ('apiladas'). */
  barras?: 'agrupadas' | 'apiladas';
  /** A horizontal reference line (the unit's hourly capacity); the y axis always reaches it. */
  referencia?: ReferenciaGrafico | null;
  /** The y axis's title ('Camiones', 'Minutos', 'Toneladas'). */
  etiquetaY?: string;
  /** Decimals of the y axis and the legend's values (es-AR format). Default 0. */
  decimales?: number;
  /**
   * The y axis fits the lines' values instead of starting at zero (a balance that moves a few
   * tons around 500 would draw flat from zero). Only for charts of lines: bars start at zero.
   */
  ajustarAlDato?: boolean;
  /** Height in CSS pixels (default 260); the width follows the box (ResizeObserver). */
  alto?: number;
}
