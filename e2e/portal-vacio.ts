/**
 * A portal of a spec's own on an empty embedded database with DEMO=0 (issue 21): a terminal's
 * first day, as its operator lives it. Its pages are the spec's `baseURL`; its log, `salida`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { detenerProceso, iniciarProceso, puertoLibre } from '../scripts/procesos';
import { TEXTOS_INICIALIZACION as T } from '../src/shared/textos';
import { expect, test as base } from './fixtures';

export interface PortalVacio {
  url: string;
  /** Everything the portal has printed so far. */
  salida: () => string;
}

/** A portal of a spec's own, on its own embedded database in a temporary DATA_DIR. */
export interface PortalPropio extends PortalVacio {
  dataDir: string;
}

/**
 * Starts a portal of a spec's own with `entorno` (DEMO, RELOJ_TERMINAL_INICIO…), hands it to
 * `usar`, then stops it and removes its DATA_DIR.
 */
export async function conPortalPropio(
  entorno: Record<string, string | undefined>,
  usar: (portal: PortalPropio) => Promise<void>,
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-e2e-propio-'));
  const puerto = await puertoLibre();
  try {
    const portal = await iniciarProceso('src/server/main.ts', {
      DATA_DIR: dataDir,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: undefined,
      CARD_SECRET: undefined,
      ...entorno,
    });
    try {
      await usar({ url: `http://127.0.0.1:${puerto}`, dataDir, salida: portal.salida });
    } finally {
      await detenerProceso(portal);
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The `test` of a spec with a portal of its own. Each call makes a new fixture function, and
 * Playwright runs the tests of another worker fixture in another worker: two specs that call it
 * never share a portal (one spec's set-up would be the other's "already set up").
 */
export function testConPortalVacio() {
  return base.extend<object, { portalVacio: PortalVacio }>({
    portalVacio: [
      async ({}, use) => conPortalPropio({ DEMO: '0' }, use),
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ portalVacio }, use) => {
      await use(portalVacio.url);
    },
  });
}

/** The one-time set-up code, as the portal printed it in its log at start. */
export function codigoDeInicializacion(portal: PortalVacio): string {
  const linea = /Código de inicialización: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(
    portal.salida(),
  );
  expect(linea, portal.salida()).not.toBeNull();
  return linea![1]!;
}

export interface DatosInicializacion {
  codigo: string;
  nombre: string;
  cuit: string;
  direccion: string;
  usuario: string;
}

/** The set-up page's form, filled in and sent. */
export async function completarInicializacion(page: Page, d: DatosInicializacion) {
  await page.getByLabel(T.codigo).fill(d.codigo);
  await page.getByLabel(T.nombre).fill(d.nombre);
  await page.getByLabel(T.cuit).fill(d.cuit);
  await page.getByLabel(T.direccion).fill(d.direccion);
  await page.getByLabel(T.usuario).fill(d.usuario);
  await page.getByRole('button', { name: T.poner }).click();
}
