/**
 * The trucks screen in Chromium at harvest peak (5,000 trucks): time from pressing Filtrar to the
 * table drawn, and from a keystroke in Buscar to the filtered table drawn. Measured inside the
 * page, from the input event to the first frame painted after the DOM settled (a
 * requestAnimationFrame and the task after it), the way INP counts it. Medians of 20 (a smoke
 * run: of 2 Filtrar).
 */
import { chromium, type Page } from '@playwright/test';
import { ARGUMENTOS_CHROMIUM, buscarChromium } from '../e2e/chromium';
import { HUMO } from './modo';

export interface MedicionNavegador {
  filas: number;
  filtrarMs: number[];
  teclaMs: number[];
  medianaFiltrarMs: number;
  medianaTeclaMs: number;
  maximoTeclaMs: number;
}

const mediana = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.floor(o.length / 2)]!;
};
const redondear = (x: number) => Math.round(x * 10) / 10;

/** Filtrar's round trips: the first ones warm up the JIT and the caches and are not counted. */
const FILTRAR = HUMO ? { veces: 3, calentar: 1 } : { veces: 22, calentar: 2 };
/** The longest an in-page wait may take before the measurement fails instead of hanging. */
const ESPERA_MAXIMA_MS = 120_000;

/**
 * In-page helpers: wait for a DOM condition (failing after ESPERA_MAXIMA_MS with what it waited
 * for), then for the next painted frame.
 */
const AYUDANTES = `
  window.__esperar = (condicion, que) => new Promise((resolver, rechazar) => {
    if (condicion()) return resolver();
    const obs = new MutationObserver(() => {
      if (condicion()) { obs.disconnect(); clearTimeout(limite); resolver(); }
    });
    const limite = setTimeout(() => {
      obs.disconnect();
      rechazar(new Error('Se esperó ' + ${ESPERA_MAXIMA_MS / 1000} + ' s a: ' + que));
    }, ${ESPERA_MAXIMA_MS});
    obs.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  window.__pintado = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  window.__filtrar = () => document.querySelector('main form[aria-label=Filtros] button[type=submit]');
  window.__filas = () => document.querySelectorAll('main tbody tr[data-index]').length;
`;

/**
 * Filtrar with the same filters: the screen keeps the table while the list reloads, and the
 * button, disabled with its spinner, is what shows the reload (issue 15). So: from the click to
 * the button enabled again with the rows drawn, which happens in the one render that brings the
 * new list.
 */
async function filtrar(page: Page): Promise<number> {
  // The click is dispatched from the page, so the clock starts exactly at the input.
  return page.evaluate<number>(`(async () => {
    const boton = window.__filtrar();
    if (!boton || boton.textContent !== 'Filtrar') throw new Error('No está el botón Filtrar');
    const t0 = performance.now();
    boton.click();
    await window.__esperar(() => boton.disabled, 'que Filtrar empiece a recargar la lista');
    await window.__esperar(
      () => !boton.disabled && window.__filas() > 0,
      'que Filtrar termine y la tabla tenga filas',
    );
    await window.__pintado();
    return performance.now() - t0;
  })()`);
}

/** A real key press (through the browser's input pipeline), timed from its keydown. */
async function tecla(page: Page, tecla: string): Promise<number> {
  await page.evaluate(`(() => {
    const buscar = document.getElementById('filtro-buscar');
    window.__tecla = new Promise((resolver) => {
      buscar.addEventListener('keydown', (e) => {
        const t0 = e.timeStamp;
        buscar.addEventListener('input', async () => {
          await window.__pintado();
          resolver(performance.now() - t0);
        }, { once: true });
      }, { once: true });
    });
  })()`);
  await page.keyboard.press(tecla);
  return page.evaluate<number>('window.__tecla');
}

export async function medirNavegadorCamiones(
  url: string,
  cookieSesion: string,
): Promise<MedicionNavegador> {
  const navegador = await chromium.launch({
    executablePath: buscarChromium(),
    args: ARGUMENTOS_CHROMIUM,
  });
  try {
    const contexto = await navegador.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'es-AR',
    });
    const [nombre, valor] = cookieSesion.split('=') as [string, string];
    await contexto.addCookies([{ name: nombre, value: valor, url }]);
    const page = await contexto.newPage();
    await page.goto(`${url}/camiones`);
    await page.evaluate(AYUDANTES);
    await page.locator('main tbody tr[data-index]').first().waitFor({ timeout: ESPERA_MAXIMA_MS });

    const filtrarMs: number[] = [];
    for (let i = 0; i < FILTRAR.veces; i++) {
      const ms = await filtrar(page);
      if (i >= FILTRAR.calentar) filtrarMs.push(ms);
    }
    const filas = Number(
      await page.evaluate<number>(`(async () => {
        const r = await fetch('/api/camiones/camiones-playa', {
          method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ filtros: { codempre: 1001, unineg: 1, estado: 0 } }),
        });
        return (await r.json()).length;
      })()`),
    );

    // Twenty keystrokes: a driver's name typed letter by letter, then most of it erased.
    await page.locator('#filtro-buscar').click();
    const teclaMs: number[] = [];
    for (const letra of 'walter sosa') teclaMs.push(await tecla(page, letra));
    const filtradas = await page.locator('main tbody tr[data-index]').allTextContents();
    if (!filtradas.length || !filtradas.every((t) => t.toLowerCase().includes('walter sosa'))) {
      throw new Error('Buscar no filtró la tabla como se esperaba');
    }
    for (let i = 0; i < 9; i++) teclaMs.push(await tecla(page, 'Backspace'));
    return {
      filas,
      filtrarMs: filtrarMs.map(redondear),
      teclaMs: teclaMs.map(redondear),
      medianaFiltrarMs: redondear(mediana(filtrarMs)),
      medianaTeclaMs: redondear(mediana(teclaMs)),
      maximoTeclaMs: redondear(Math.max(...teclaMs)),
    };
  } finally {
    await navegador.close();
  }
}
