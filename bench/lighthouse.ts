/**
 * Lighthouse 12.8 (desktop preset) with Debian's Chromium on the login page and the trucks
 * screen: performance, accessibility and best-practices scores, plus the timings behind the
 * performance score. The trucks screen is measured signed in (session cookie as a header).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { ARGUMENTOS_CHROMIUM, buscarChromium } from '../e2e/chromium';
import { HUMO } from './modo';

export interface PuntajeLighthouse {
  pagina: string;
  rendimiento: number;
  accesibilidad: number;
  buenasPracticas: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits of the three categories that do not pass: what every missing point is. */
  noPasan: string[];
}

/**
 * A smoke run audits accessibility only: Lighthouse still loads and audits the page (what could
 * rot here), in half the time the performance trace takes.
 */
const CATEGORIAS = HUMO ? ['accessibility'] : ['performance', 'accessibility', 'best-practices'];

export async function medirLighthouse(
  paginas: { nombre: string; url: string; cookie?: string }[],
): Promise<PuntajeLighthouse[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: buscarChromium(),
    chromeFlags: ['--headless=new', ...ARGUMENTOS_CHROMIUM],
  });
  try {
    const puntajes: PuntajeLighthouse[] = [];
    for (const p of paginas) {
      const resultado = await lighthouse(
        p.url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIAS,
          ...(p.cookie ? { extraHeaders: { Cookie: p.cookie } } : {}),
        },
        desktopConfig,
      );
      if (!resultado) throw new Error(`Lighthouse no devolvió resultado para ${p.url}`);
      const { categories, audits } = resultado.lhr;
      const valor = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
      const puntaje = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      puntajes.push({
        pagina: p.nombre,
        rendimiento: puntaje('performance'),
        accesibilidad: puntaje('accessibility'),
        buenasPracticas: puntaje('best-practices'),
        fcpMs: valor('first-contentful-paint'),
        lcpMs: valor('largest-contentful-paint'),
        tbtMs: valor('total-blocking-time'),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
        noPasan: CATEGORIAS.flatMap((c) => categories[c]?.auditRefs ?? [])
          .filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1)
          .map((r) => r.id),
      });
    }
    return puntajes;
  } finally {
    chrome.kill();
  }
}
