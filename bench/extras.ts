/** The measurements of `npm run bench` that are not a single repeated request. */
import { MEDICION_CARGA_MIXTA, MEDICION_DOS_PROCESOS } from './carga';
import { MEDICION_EN_VIVO } from './en-vivo';
import { MEDICION_MOVIMIENTO_ATRASADO } from './escenarios/historial-stock';
import { MEDICION_IMPORTACION } from './importacion';
import { medirLighthouse } from './lighthouse';
import { medirNavegadorCamiones } from './navegador-camiones';
import { medirTamanosWeb } from './tamanos-web';
import type { MedicionExtra } from './tipos';

export const MEDICIONES_EXTRA: MedicionExtra[] = [
  {
    nombre: 'tamanos-web',
    async medir() {
      const t = medirTamanosWeb();
      return {
        datos: t,
        lineas: [
          `JavaScript inicial del ingreso: ${t.inicial.jsKb} kB gzip (presupuesto 160 kB); CSS inicial: ${t.inicial.cssKb} kB gzip.`,
          '',
          '| lo que agrega cada pantalla (gzip) | JS kB | CSS kB |',
          '|---|---|---|',
          ...t.pantallas.map((p) => `| ${p.pantalla} | ${p.jsKb} | ${p.cssKb} |`),
        ],
      };
    },
  },
  MEDICION_CARGA_MIXTA,
  MEDICION_DOS_PROCESOS,
  MEDICION_EN_VIVO,
  {
    nombre: 'navegador-camiones',
    async medir(ctx) {
      const m = await medirNavegadorCamiones(ctx.url, ctx.cookies.cosecha);
      return {
        datos: m,
        lineas: [
          `Chromium, pantalla Camiones con ${m.filas} filas (medianas de 20): Filtrar → tabla dibujada ${m.medianaFiltrarMs} ms; tecla en Buscar → tabla filtrada ${m.medianaTeclaMs} ms (máximo ${m.maximoTeclaMs} ms).`,
        ],
      };
    },
  },
  {
    nombre: 'lighthouse',
    async medir(ctx) {
      const puntajes = await medirLighthouse([
        { nombre: 'ingreso', url: `${ctx.url}/` },
        { nombre: 'camiones (cliente1)', url: `${ctx.url}/camiones`, cookie: ctx.cookies.cliente1 },
      ]);
      return {
        datos: puntajes,
        lineas: [
          '| Lighthouse 12.8 (escritorio) | rendimiento | accesibilidad | buenas prácticas | FCP ms | LCP ms | TBT ms | CLS |',
          '|---|---|---|---|---|---|---|---|',
          ...puntajes.map(
            (p) =>
              `| ${p.pagina} | ${p.rendimiento} | ${p.accesibilidad} | ${p.buenasPracticas} | ${p.fcpMs} | ${p.lcpMs} | ${p.tbtMs} | ${p.cls} |`,
          ),
          '',
          ...puntajes.map(
            (p) => `Auditorías que no pasan en ${p.pagina}: ${p.noPasan.join(', ') || 'ninguna'}.`,
          ),
        ],
      };
    },
  },
  // Last: it leaves finished trucks of company 1002 behind.
  MEDICION_MOVIMIENTO_ATRASADO,
  // Last: it adds 10,000 companies, which would change what the measurements after it read.
  MEDICION_IMPORTACION,
];
