/**
 * Fixtures of the end-to-end tests: the portal's URL, the demo cards, signing in through the
 * login screen as a person does, the administrator's API session and the gate's token that
 * arrange data (datos.ts), and a direct connection to the portal's database for the checks that
 * read what no screen or route shows.
 */
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { Api, Porteria, tarjetaDe, urlBaseDeDatos, type UsuarioDemo } from './datos';

export { tarjetaDe, urlBaseDeDatos, type UsuarioDemo };

/** Signs in through the two steps of the login screen, reading the asked cells off the page. */
export async function ingresar(page: Page, usuario: string, valores = tarjetaDe(usuario)) {
  await page.goto('/');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('INGRESAR COORDENADAS')).toBeVisible();
  for (const campo of ['coordenada1', 'coordenada2']) {
    const etiqueta = (await page.locator(`label[for="${campo}"]`).textContent())!.trim();
    await page.locator(`#${campo}`).fill(String(valores[etiqueta as keyof typeof valores]));
  }
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('button', { name: usuario, exact: true })).toBeVisible();
}

/**
 * A truck's row on the trucks screen, by its number in the first column: where a person clicks
 * that truck's buttons. The table follows 'Buscar' a render later (deferred), so right after
 * typing other trucks' rows may still be on screen: a button found by name alone may be theirs.
 */
export const filaDeCamion = (page: Page, ctrl: number) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(ctrl), exact: true }) });

/** A screen of the 'Administración' menu of the navigation bar, as a person goes to it. */
export async function abrirAdministracion(page: Page, opcion: string) {
  await page.getByRole('button', { name: 'Administración' }).click();
  await page.getByRole('link', { name: opcion, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: opcion })).toBeVisible();
}

export const test = base.extend<{ baseDeDatos: pg.Pool; api: Api; porteria: Porteria }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_URL);
  },
  baseDeDatos: async ({}, use) => {
    const pool = new pg.Pool({ connectionString: urlBaseDeDatos(), max: 2 });
    await use(pool);
    await pool.end();
  },
  /** The administrator on the API, to arrange a test's data as the screens would make it. */
  api: async ({}, use) => {
    const api = await Api.abrir('admin');
    await use(api);
    await api.cerrar();
  },
  /** A gate's service token, revoked when the test ends. */
  porteria: async ({ api }, use) => {
    const porteria = await Porteria.crear(api);
    await use(porteria);
    await porteria.revocar(api);
  },
});

export { expect };
