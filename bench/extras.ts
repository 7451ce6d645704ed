/** The measurements of `npm run bench` that are not a single repeated request. */
import { MEDICION_AVISOS } from './avisos';
import { MEDICION_CARGA_MIXTA, MEDICION_DOS_PROCESOS } from './carga';
import { MEDICION_EN_VIVO } from './en-vivo';
import { MEDICION_MOVIMIENTO_ATRASADO } from './escenarios/historial-stock';
import { MEDICION_CONTENCION_TURNOS } from './escenarios/turnos';
import { MEDICION_IMPORTACION } from './importacion';
import { MEDICION_METRICAS } from './metricas';
import { medirLighthouse } from './lighthouse';
import { medirNavegadorCamiones } from './navegador-camiones';
import { medirTamanosWeb } from './tamanos-web';
import { HUMO } from './modo';
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
  MEDICION_METRICAS,
  MEDICION_CONTENCION_TURNOS,
  {
    nombre: 'navegador-camiones',
    async medir(ctx) {
      const m = await medirNavegadorCamiones(ctx.url, ctx.cookies.cosecha);
      return {
        datos: m,
        lineas: [
          `Chromium, pantalla Camiones con ${m.filas} filas: Filtrar → tabla dibujada, mediana de ${m.filtrarMs.length}: ${m.medianaFiltrarMs} ms (máximo ${Math.max(...m.filtrarMs)} ms); tecla en Buscar → tabla filtrada, mediana de ${m.teclaMs.length}: ${m.medianaTeclaMs} ms (la peor ${m.maximoTeclaMs} ms; meta: toda tecla < 16 ms); tecla → siguiente cuadro pintado (como INP): mediana ${m.medianaCuadroMs} ms, la peor ${m.maximoCuadroMs} ms. Event Timing (lo que lee INP, de a 8 ms): ${m.eventTimingMs.length} de ${m.teclaMs.length} teclas llegan a 16 ms o más, la peor (INP) ${m.inpMs} ms. CPU del hilo principal por tecla (traza de Chrome, otras ${m.cpuTeclaMs.length} teclas): mediana ${m.medianaCpuTeclaMs} ms, la peor ${m.maximoCpuTeclaMs} ms.`,
          `Trabajo de la página por tecla (de su primer oyente al fin del cuadro que muestra la tabla filtrada, sin la espera del cuadro; la meta, toda tecla < 16 ms, se lee aquí): mediana ${m.medianaTrabajoMs} ms, la peor ${m.maximoTrabajoMs} ms, ${m.trabajoMs.filter((x) => x >= 16).length} de ${m.trabajoMs.length} teclas en 16 ms o más; antes de eso, la demora del navegador en entregar la tecla: mediana ${m.medianaDemoraMs} ms, la peor ${m.maximoDemoraMs} ms.`,
          `CPU del hilo principal por tecla de esa misma escritura, sin traza (lo que Linux cuenta del hilo CrRendererMain, de antes de la tecla a la tabla pintada; la espera del cuadro no es CPU): mediana ${m.medianaCpuPrimeraMs} ms, la peor ${m.maximoCpuPrimeraMs} ms, ${m.cpuPrimeraMs.filter((x) => x >= 16).length} de ${m.cpuPrimeraMs.length} teclas en 16 ms o más (meta: toda tecla < 16 ms); por tecla: ${m.cpuPrimeraMs.join(' · ')}.`,
          `Piso de la medición (las mismas teclas en una página vacía, mismo Chromium): tecla → siguiente cuadro mediana ${m.piso.medianaCuadroMs} ms, la peor ${m.piso.maximoCuadroMs} ms, ${m.piso.cuadro16} de ${m.piso.cuadroMs.length} en 16 ms o más; Event Timing ${m.piso.eventTiming16} de ${m.piso.cuadroMs.length} en 16 ms o más; trabajo mediana ${m.piso.medianaTrabajoMs} ms, la peor ${m.piso.maximoTrabajoMs} ms. Los cuadros van con el vsync (16,7 ms): una tecla espera el siguiente aunque la página no haga nada.`,
        ],
      };
    },
  },
  {
    nombre: 'lighthouse',
    async medir(ctx) {
      const paginas = [
        { nombre: 'ingreso', url: `${ctx.url}/` },
        { nombre: 'camiones (cliente1)', url: `${ctx.url}/camiones`, cookie: ctx.cookies.cliente1 },
      ];
      // A smoke run audits the page with a session only (the other takes the same path).
      const puntajes = await medirLighthouse(HUMO ? paginas.slice(1) : paginas);
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
  // Near the end: its trucks stay behind, gone from the yard (egreso), with their quotas.
  MEDICION_AVISOS,
  // Last: it leaves finished trucks of company 1002 behind.
  MEDICION_MOVIMIENTO_ATRASADO,
  // Last: it adds 10,000 companies, which would change what the measurements after it read.
  MEDICION_IMPORTACION,
];
