/**
 * 'Mi cuenta' (issue 14) in Chromium against the real portal: cliente2 signs in from three
 * browsers (each its own context, two with another User-Agent), sees its sessions and its card,
 * closes one session and then all but its own, and each closed browser is sent back to the login
 * on its next navigation. A failed attempt made here (one: five would lock the demo user) shows
 * in the sign-in history.
 *
 * Closing "all the others" also closes cliente2's sessions left by earlier spec files: they are
 * done by then (the e2e run is one worker, one test at a time; playwright.config.ts).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { ValoresTarjeta } from '../src/server/features/auth/tarjetas';
import { expect, ingresar, tarjetaDe, test } from './fixtures';
import { capturas, modalAbierto, sinViolacionesGraves } from './revision-pantalla';

// Without transitions axe measures colours as they end up, not halfway through a fade.
test.use({ reducedMotion: 'reduce' });

const USUARIO = 'cliente2';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Another browser: its own cookies and User-Agent, the same portal. */
async function otroNavegador(browser: Browser, userAgent: string) {
  const contexto = await browser.newContext({
    baseURL: process.env.E2E_URL,
    userAgent,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  const pagina = await contexto.newPage();
  await ingresar(pagina, USUARIO);
  return { contexto, pagina };
}

/** A closed session: the browser's next navigation lands on the login. */
async function vuelveAlIngreso(pagina: Page) {
  await pagina.goto('/stock');
  await expect(pagina.getByLabel('Usuario')).toBeVisible();
  await expect(pagina).toHaveURL(/\/$/);
}

/** Step 1 with the user, step 2 with wrong cells: one failed attempt, as the login counts it. */
async function intentoFallido(page: Page, valores: ValoresTarjeta) {
  await page.goto('/');
  await page.getByLabel('Usuario').fill(USUARIO);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('INGRESAR COORDENADAS')).toBeVisible();
  for (const campo of ['coordenada1', 'coordenada2']) {
    const celda = (await page.locator(`label[for="${campo}"]`).textContent())!.trim();
    const bien = valores[celda as keyof ValoresTarjeta];
    await page.locator(`#${campo}`).fill(String(bien === 9999 ? 1000 : bien + 1));
  }
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Usuario o coordenadas incorrectas')).toBeVisible();
}

test.describe('mi cuenta', () => {
  const abiertos: BrowserContext[] = [];
  test.afterAll(async () => {
    for (const c of abiertos) await c.close();
  });

  test('mis sesiones: veo las de otros navegadores, cierro una y luego las demás', async ({
    page,
    browser,
    api,
  }) => {
    await intentoFallido(page, tarjetaDe(USUARIO));
    await ingresar(page, USUARIO);
    const firefox = await otroNavegador(browser, FIREFOX);
    abiertos.push(firefox.contexto);

    // Through the user menu, as a person goes.
    await page.getByRole('button', { name: USUARIO }).click();
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    await expect(page).toHaveURL(/\/cuenta$/);

    // Its card as 'Usuarios y tarjetas' lists it.
    const { tarjeta } = (await api.get('/api/administracion/usuarios')).find(
      (u) => u.usuario === USUARIO,
    )!;
    await expect(page.getByText(`N° ${tarjeta!.ctrl}, emitida el`)).toBeVisible();
    await expect(page.getByText('2 - Cereales Pampeanos S.R.L.')).toBeVisible();

    const sesiones = page.getByRole('table', { name: 'Sesiones abiertas' });
    const propia = sesiones.getByRole('row').filter({ hasText: 'Esta sesión' });
    await expect(propia).toHaveCount(1);
    await expect(propia).toContainText(/Chrome \d+ en Linux/);
    const deFirefox = sesiones.getByRole('row').filter({ hasText: 'Firefox 140 en Windows' });
    await expect(deFirefox).toHaveCount(1);

    const ingresos = page.getByRole('table', { name: 'Últimos ingresos e intentos fallidos' });
    // Newest first: the two sign-ins of this test, then the failed attempt before them.
    await expect(ingresos.getByRole('row').nth(1)).toContainText('Ingreso');
    await expect(ingresos.getByRole('row').nth(3)).toContainText('Intento fallido');
    await sinViolacionesGraves(page, 'mi cuenta');
    await capturas(page, 'cuenta');

    // Closing the Firefox session, with a confirmation.
    await deFirefox.getByRole('button', { name: /^Cerrar la sesión iniciada el / }).click();
    const confirmacion = await modalAbierto(page, 'Confirmación');
    await expect(confirmacion).toContainText('en Firefox 140 en Windows?');
    await sinViolacionesGraves(page, 'confirmar el cierre de una sesión');
    await capturas(page, 'cuenta-cerrar-sesion');
    await confirmacion.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await expect(page.getByText('Sesión cerrada.')).toBeVisible();
    await expect(deFirefox).toHaveCount(0);
    await expect(propia).toHaveCount(1);
    await vuelveAlIngreso(firefox.pagina);

    // Another browser, then every session but this one closed at once.
    const safari = await otroNavegador(browser, SAFARI);
    abiertos.push(safari.contexto);
    await page.reload();
    const deSafari = sesiones.getByRole('row').filter({ hasText: 'Safari 18 en iOS' });
    await expect(deSafari).toHaveCount(1);
    await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    const todas = await modalAbierto(page, 'Confirmación');
    await expect(todas).toContainText('Esta sigue abierta.');
    await todas.getByRole('button', { name: 'Cerrar las demás', exact: true }).click();
    await expect(page.getByText(/^Se cerr(ó 1 sesión|aron \d+ sesiones)\.$/)).toBeVisible();
    await expect(sesiones.locator('tbody tr')).toHaveCount(1);
    await expect(propia).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Cerrar las demás sesiones' })).toBeDisabled();
    await vuelveAlIngreso(safari.pagina);

    // This browser is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  });
});
