/**
 * Fixtures of the end-to-end tests: the portal's URL, the demo cards, signing in through the
 * login screen as a person does, and a direct connection to the portal's database for tests that
 * need to arrange or check data.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { leerTarjetasDeTexto, type ValoresTarjeta } from '../src/server/features/auth/tarjetas';

export type UsuarioDemo = 'admin' | 'cliente1' | 'cliente2';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR sin definir: ejecute las pruebas con playwright test');
  return dir;
}

export function tarjetaDe(usuario: string): ValoresTarjeta {
  const tarjetas = leerTarjetasDeTexto(
    readFileSync(path.join(dataDir(), 'tarjetas-demo.txt'), 'utf8'),
  );
  const tarjeta = tarjetas.get(usuario);
  if (!tarjeta) throw new Error(`${usuario} no tiene tarjeta de demostración`);
  return tarjeta.valores;
}

/** Connection string of the portal's embedded database (password and port from DATA_DIR). */
export function urlBaseDeDatos(): string {
  const clave = readFileSync(path.join(dataDir(), 'postgres.clave'), 'utf8').trim();
  const puerto = readFileSync(path.join(dataDir(), 'postgres', 'postmaster.pid'), 'utf8').split(
    '\n',
  )[3];
  return `postgres://postgres:${clave}@127.0.0.1:${puerto}/acopio`;
}

/** Signs in through the two steps of the login screen, reading the asked cells off the page. */
export async function ingresar(page: Page, usuario: string, valores = tarjetaDe(usuario)) {
  await page.goto('/');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('INGRESAR COORDENADAS')).toBeVisible();
  for (const campo of ['coordenada1', 'coordenada2']) {
    const etiqueta = (await page.locator(`label[for="${campo}"]`).textContent())!.trim();
    await page.locator(`#${campo}`).fill(String(valores[etiqueta as keyof ValoresTarjeta]));
  }
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('button', { name: usuario, exact: true })).toBeVisible();
}

/** A screen of the 'Administración' menu of the navigation bar, as a person goes to it. */
export async function abrirAdministracion(page: Page, opcion: string) {
  await page.getByRole('button', { name: 'Administración' }).click();
  await page.getByRole('link', { name: opcion, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: opcion })).toBeVisible();
}

export const test = base.extend<{ baseDeDatos: pg.Pool }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_URL);
  },
  baseDeDatos: async ({}, use) => {
    const pool = new pg.Pool({ connectionString: urlBaseDeDatos(), max: 2 });
    await use(pool);
    await pool.end();
  },
});

export { expect };
