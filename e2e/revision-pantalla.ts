/**
 * Looking at a screen in the end-to-end tests: axe finds no serious or critical WCAG 2.1 A/AA
 * violation, a modal is looked at once it has faded in, and
 * screenshots at 1366 and 390 px wide.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const CAPTURAS = 'test-results/capturas';

export async function sinViolacionesGraves(page: Page, donde: string) {
  // Toasts come and go on their own; accesibilidad.spec.ts looks at them.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.Toastify')
    .analyze();
  const graves = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(graves, `violaciones graves en ${donde}`).toEqual([]);
}

/** The open dialog, once Bootstrap's fade has settled (axe must not see it half transparent). */
export async function modalAbierto(page: Page, nombre: string | RegExp) {
  const modal = page.getByRole('dialog', { name: nombre });
  await expect(modal).toBeVisible();
  // `.show` arrives when the fade starts: wait until its opacity has finished the transition
  // too (the computed value follows it), or a busy machine lets axe see grey-on-grey buttons.
  await page.waitForFunction(
    () =>
      !document.querySelector('.modal.fade:not(.show)') &&
      [...document.querySelectorAll('.modal.show')].every(
        (m) => getComputedStyle(m).opacity === '1',
      ),
  );
  return modal;
}

/**
 * The screen (whole page) at its width and at 390 px, with the toasts closed; at 390 px the page
 * must not be wider than the phone.
 */
export async function capturas(page: Page, nombre: string) {
  for (const cerrar of await page.locator('.Toastify__close-button').all()) {
    await cerrar.dispatchEvent('click');
  }
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: true });
  const tamano = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => !document.querySelector('.modal.fade:not(.show)'));
  // At phone width nothing pushes the page sideways: wide tables scroll inside their box.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    nombre,
  ).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${CAPTURAS}/${nombre}-390.png`, fullPage: true });
  await page.setViewportSize(tamano);
}

/**
 * The texts on screen that reach past the window's left or right edge: cut by the screen, or
 * only to be reached by a sideways swipe nothing hints at. Hidden text does not count (the
 * visually hidden table header of a phone's cards, a closed menu, the toasts).
 */
export async function textosFueraDeLaPantalla(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ancho = document.documentElement.clientWidth;
    const oculto = (elemento: Element) => {
      for (let e: Element | null = elemento; e; e = e.parentElement) {
        if (e.classList.contains('Toastify') || e.classList.contains('visually-hidden'))
          return true;
        if (getComputedStyle(e).clipPath !== 'none') return true;
      }
      return !elemento.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const fuera: string[] = [];
    const textos = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let nodo = textos.nextNode(); nodo; nodo = textos.nextNode()) {
      const texto = nodo.textContent!.trim();
      if (!texto || oculto(nodo.parentElement!)) continue;
      const rango = document.createRange();
      rango.selectNodeContents(nodo);
      const cortado = [...rango.getClientRects()].some(
        (r) => r.width > 0 && (r.left < -0.5 || r.right > ancho + 0.5),
      );
      if (cortado) fuera.push(texto);
    }
    return fuera;
  });
}
