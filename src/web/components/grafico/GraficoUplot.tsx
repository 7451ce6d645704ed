/**
 * The drawing itself, on uPlot (docs/decisions.md: why uPlot). Only `index.tsx` imports this file,
 * through React.lazy: uPlot and its CSS load with the first chart shown, never with the login.
 * Props: see tipos.ts.
 */
import 'uplot/dist/uPlot.min.css';
import './grafico.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { numeroAr } from '../../../shared/formato';
import { diaDeSegundos, horaDeSegundos } from './tiempo';
import type { GraficoProps, SerieGrafico } from './tipos';

/** The app's colors, in the order series take them (green and wheat are the brand's). */
const PALETA = [
  '--acopio-verde',
  '--bs-orange',
  '--bs-primary',
  '--bs-purple',
  '--bs-danger',
  '--bs-teal',
  '--bs-gray-600',
  '--acopio-trigo',
];
const RESPALDO = [
  '#1f5f3b',
  '#fd7e14',
  '#0d6efd',
  '#6f42c1',
  '#dc3545',
  '#20c997',
  '#6c757d',
  '#f2c14e',
];

/** A CSS custom property's value ('--bs-danger' → '#dc3545'), or the color as given. */
function resolver(color: string, respaldo: string): string {
  if (!color.startsWith('--')) return color;
  const valor = getComputedStyle(document.documentElement).getPropertyValue(color).trim();
  return valor || respaldo;
}

const colorDe = (s: SerieGrafico, i: number) =>
  resolver(s.color ?? PALETA[i % PALETA.length]!, RESPALDO[i % RESPALDO.length]!);

/** The smallest step between two x values (a day, an hour): the width a group of bars may take. */
function pasoDe(x: number[], escala: GraficoProps['escala']): number {
  let paso = Infinity;
  for (let i = 1; i < x.length; i++) paso = Math.min(paso, x[i]! - x[i - 1]!);
  return Number.isFinite(paso) && paso > 0 ? paso : escala === 'dia' ? 86_400 : 3_600;
}

/** The widest a bar is drawn, CSS pixels. */
const ANCHO_MAXIMO = 64;
const HORA = 3_600;
const DIA = 86_400;
/** Tick spacings uPlot may pick: whole hours and days only. */
const INCREMENTOS = {
  hora: [HORA, 2 * HORA, 3 * HORA, 6 * HORA, 12 * HORA, DIA, 2 * DIA, 7 * DIA, 14 * DIA],
  dia: [DIA, 2 * DIA, 7 * DIA, 14 * DIA, 28 * DIA, 91 * DIA, 182 * DIA, 364 * DIA],
};

function opciones(p: GraficoProps, ancho: number): uPlot.Options {
  const { x, escala, series, barras = 'agrupadas', referencia, decimales = 0, alto = 260 } = p;
  const paso = pasoDe(x, escala);
  const deBarras = series.flatMap((s, i) => (s.tipo === 'linea' ? [] : [i]));
  const texto = resolver('--bs-body-color', '#212529');
  const rejilla = 'rgba(0, 0, 0, 0.08)';

  // Stacked bars: each bar runs from the sum of the ones below it to that sum plus its value.
  const bases: number[][] = [];
  const cimas: number[][] = [];
  const acumulado = x.map(() => 0);
  for (const i of deBarras) {
    bases[i] = [...acumulado];
    series[i]!.valores.forEach((v, j) => (acumulado[j]! += v ?? 0));
    cimas[i] = [...acumulado];
  }

  // The y axis starts at zero and always reaches the highest bar, stack, point and reference.
  // (below zero too: a stock balance can be negative); a chart of lines may fit its values.
  const ajustado = p.ajustarAlDato === true && series.every((s) => s.tipo === 'linea');
  let maximo = ajustado ? -Infinity : Math.max(referencia?.valor ?? 0, 0);
  let minimo = ajustado ? Infinity : Math.min(referencia?.valor ?? 0, 0);
  series.forEach((s, i) => {
    const valores = s.tipo !== 'linea' && barras === 'apiladas' ? cimas[i]! : s.valores;
    for (const v of valores) {
      if (v !== null && v > maximo) maximo = v;
      if (v !== null && v < minimo) minimo = v;
    }
  });
  if (ajustado && !Number.isFinite(maximo)) [maximo, minimo] = [0, 0];
  const margen = (maximo - minimo) * 0.1 || Math.abs(maximo) * 0.05 || 1;
  const techo = ajustado || maximo > 0 || minimo === 0 ? maximo + margen : 0;
  const piso = ajustado || minimo < 0 ? minimo - margen : 0;

  const grupo = paso * (deBarras.length > 1 ? 0.8 : 0.6);
  const anchoBarra = grupo / Math.max(deBarras.length, 1);
  /** One grouped bar's width in CSS pixels, as the x scale stands now. */
  const anchoBarraPx = (u: uPlot) =>
    Math.min(ANCHO_MAXIMO, Math.abs(u.valToPos(anchoBarra, 'x') - u.valToPos(0, 'x')));

  const serieUplot = (s: SerieGrafico, i: number): uPlot.Series => {
    const color = colorDe(s, i);
    const valor = (_: uPlot, v: number | null) => (v === null ? '–' : numeroAr(v, decimales));
    if (s.tipo === 'linea') {
      return {
        label: s.nombre,
        stroke: color,
        width: 2,
        dash: s.discontinua ? [6, 4] : undefined,
        points: { show: x.length <= 62, size: 5, fill: color },
        spanGaps: false,
        value: valor,
      };
    }
    const k = deBarras.indexOf(i);
    const disp: uPlot.Series.BarsPathBuilderDisplay =
      barras === 'apiladas'
        ? {
            y0: { unit: 1, values: () => bases[i]! },
            y1: { unit: 1, values: () => cimas[i]!.map((c, j) => (s.valores[j] ? c : null)) },
          }
        : {
            // Side by side: bar k of a group starts k bar widths after the group's left edge,
            // in pixels (a bar is at most ANCHO_MAXIMO wide: one day alone is not a wall).
            x0: {
              unit: 1,
              values: (u) => {
                const ancho = anchoBarraPx(u);
                const n = deBarras.length;
                return x.map((v) =>
                  u.posToVal(u.valToPos(v, 'x') - (ancho * n) / 2 + k * ancho, 'x'),
                );
              },
            },
            size: {
              unit: 1,
              values: (u) => [u.posToVal(anchoBarraPx(u) * 0.92, 'x') - u.posToVal(0, 'x')],
            },
          };
    return {
      label: s.nombre,
      stroke: color,
      fill: color,
      width: 0,
      paths: uPlot.paths.bars!({
        disp,
        size: barras === 'apiladas' ? [0.6, ANCHO_MAXIMO] : [1, Infinity],
      }),
      points: { show: false },
      value: valor,
    };
  };

  return {
    width: ancho,
    height: alto,
    // The values are the terminal's wall clock read as UTC: ticks fall on its midnights.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    legend: { show: true, live: true },
    scales: {
      // Half a step beyond the first and last x, so their bars fit; fixed from the data (uPlot
      // widens a single point's range to years otherwise).
      x: {
        time: true,
        auto: false,
        range: () => (x.length ? [x[0]! - paso / 2, x[x.length - 1]! + paso / 2] : [0, paso]),
      },
      y: { range: () => [piso, techo] },
    },
    axes: [
      {
        stroke: texto,
        grid: { stroke: rejilla },
        ticks: { stroke: rejilla },
        incrs: INCREMENTOS[escala],
        space: escala === 'dia' ? 44 : 48,
        values: (_u, marcas) =>
          marcas.map((m) => {
            const dia = diaDeSegundos(m).slice(0, 5);
            if (escala === 'dia') return dia;
            const hora = horaDeSegundos(m);
            return hora === '00:00' ? dia : hora;
          }),
      },
      {
        stroke: texto,
        grid: { stroke: rejilla },
        ticks: { stroke: rejilla },
        label: p.etiquetaY,
        labelSize: p.etiquetaY ? 20 : 0,
        size: 56,
        values: (_u, marcas) => marcas.map((m) => numeroAr(m, decimales)),
      },
    ],
    series: [
      {
        label: escala === 'dia' ? 'Día' : 'Hora',
        value: (_u, v) =>
          v === null
            ? '–'
            : escala === 'dia'
              ? diaDeSegundos(v)
              : `${diaDeSegundos(v)} ${horaDeSegundos(v)}`,
      },
      ...series.map(serieUplot),
    ],
    hooks: {
      draw: referencia
        ? [
            (u) => {
              const color = resolver(referencia.color ?? '--bs-danger', '#dc3545');
              const r = uPlot.pxRatio;
              const y = Math.round(u.valToPos(referencia.valor, 'y', true));
              const { ctx, bbox } = u;
              ctx.save();
              ctx.strokeStyle = color;
              ctx.fillStyle = color;
              ctx.lineWidth = 2 * r;
              ctx.setLineDash([6 * r, 4 * r]);
              ctx.beginPath();
              ctx.moveTo(bbox.left, y);
              ctx.lineTo(bbox.left + bbox.width, y);
              ctx.stroke();
              ctx.font = `600 ${12 * r}px system-ui, sans-serif`;
              ctx.textAlign = 'right';
              ctx.textBaseline = 'bottom';
              // On a white band: the label stays legible over the bars it crosses.
              const etiqueta = `${referencia.nombre}: ${numeroAr(referencia.valor, decimales)}`;
              const derecha = bbox.left + bbox.width - 4 * r;
              const ancho = ctx.measureText(etiqueta).width;
              ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
              ctx.fillRect(derecha - ancho - 3 * r, y - 17 * r, ancho + 6 * r, 15 * r);
              ctx.fillStyle = color;
              ctx.fillText(etiqueta, derecha, y - 3 * r);
              ctx.restore();
            },
          ]
        : [],
    },
  };
}

/** The chart: made again when its data change, resized with its box. */
export function GraficoUplot(props: GraficoProps) {
  const caja = useRef<HTMLDivElement>(null);
  const {
    resumen,
    x,
    escala,
    series,
    barras,
    referencia,
    etiquetaY,
    decimales,
    ajustarAlDato,
    alto = 260,
  } = props;

  useEffect(() => {
    const elemento = caja.current;
    if (!elemento) return;
    const ancho = () => Math.max(elemento.clientWidth, 200);
    const datos: uPlot.AlignedData = [x, ...series.map((s) => s.valores)];
    const grafico = new uPlot(
      opciones(
        {
          resumen,
          x,
          escala,
          series,
          barras,
          referencia,
          etiquetaY,
          decimales,
          ajustarAlDato,
          alto,
        },
        ancho(),
      ),
      datos,
      elemento,
    );
    let ultimo = ancho();
    const observador = new ResizeObserver(() => {
      const nuevo = ancho();
      if (nuevo !== ultimo) {
        ultimo = nuevo;
        grafico.setSize({ width: nuevo, height: alto });
      }
    });
    observador.observe(elemento);
    return () => {
      observador.disconnect();
      grafico.destroy();
    };
  }, [resumen, x, escala, series, barras, referencia, etiquetaY, decimales, ajustarAlDato, alto]);

  return <div ref={caja} role="img" aria-label={resumen} className="grafico" />;
}
