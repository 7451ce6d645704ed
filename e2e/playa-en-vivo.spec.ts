/**
 * The live yard (issue 15) in real browsers: a client and the administrator watch the trucks
 * screen; the gate API lets a truck in; both screens show it within two seconds, without a
 * reload, with the client's search kept. Seven tabs of one browser share one stream and all
 * keep working. Clicking beside the word 'Ingreso' sorts.
 */
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Porteria } from './datos';
import { expect, ingresar, test } from './fixtures';

/** A truck of company 1 (Granos) enters through the gate API. */
async function ingresoPorPorteria(porteria: Porteria, patcha: string) {
  await porteria.ingreso({
    codempre: 1,
    unineg: 1,
    patcha,
    cargateorica: 28000,
    nomchofer: 'Chofer En Vivo',
    dni: '30999888',
  });
}

/** The trucks screen of Agroexportadora del Litoral S.A. (company 1), Granos. */
async function playaDelCliente1(page: Page) {
  await page.getByLabel('Cliente').selectOption({ label: 'Agroexportadora del Litoral S.A.' });
  await page.getByLabel('Tipo despacho').selectOption({ label: 'Granos' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
  await expect(page.locator('tbody tr[data-index]').first()).toBeVisible();
}

test('un camión que entra por la portería aparece en vivo para el cliente y el administrador', async ({
  browser,
  porteria,
}) => {
  const cliente = await (await browser.newContext()).newPage();
  const admin = await (await browser.newContext()).newPage();
  await ingresar(cliente, 'cliente1');
  await ingresar(admin, 'admin');
  await playaDelCliente1(cliente);
  await playaDelCliente1(admin);

  // The client is searching: the new truck must appear under that search, the text kept.
  const patcha = `VIVO${randomInt(10_000, 99_999)}`;
  await cliente.getByLabel('Buscar').fill('VIVO');
  const resumen = admin.getByRole('list', { name: 'Resumen de la playa' });
  const antes = Number(/Playa sin orden: (\d+)/.exec((await resumen.textContent())!)![1]);

  await ingresoPorPorteria(porteria, patcha);

  for (const page of [cliente, admin]) {
    await expect(page.getByRole('cell', { name: patcha, exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }
  await expect(cliente.getByLabel('Buscar')).toHaveValue('VIVO');
  await expect(resumen).toContainText(`Playa sin orden: ${antes + 1}`, { timeout: 2_000 });
  // The new row is marked for a moment.
  await expect(admin.locator('tr.fila-cambiada', { hasText: patcha })).toBeVisible();
  await cliente.context().close();
  await admin.context().close();
});

test('siete pestañas de un navegador comparten un flujo y todas siguen andando', async ({
  browser,
  porteria,
}) => {
  const contexto = await browser.newContext();
  const primera = await contexto.newPage();
  await ingresar(primera, 'cliente1');
  const pestanas = [primera];
  for (let i = 1; i < 7; i++) {
    const p = await contexto.newPage();
    await p.goto('/camiones');
    pestanas.push(p);
  }
  for (const p of pestanas) {
    await expect(p.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
  }
  const patcha = `TAB${randomInt(10_000, 99_999)}`;
  await ingresoPorPorteria(porteria, patcha);
  for (const p of pestanas) {
    await expect(p.getByRole('cell', { name: patcha, exact: true })).toBeVisible();
  }
  // The seventh tab still talks to the API (a stream per tab would have used up the six).
  await pestanas[6]!.getByRole('button', { name: 'Filtrar' }).click();
  await expect(pestanas[6]!.getByRole('cell', { name: patcha, exact: true })).toBeVisible();
  await contexto.close();
});

test('un clic al costado de la palabra Ingreso también ordena', async ({ page }) => {
  await ingresar(page, 'cliente1');
  const encabezado = page.getByRole('columnheader', { name: /Ingreso/ });
  await expect(encabezado).toHaveAttribute('aria-sort', 'descending');
  const caja = (await encabezado.boundingBox())!;
  await page.mouse.click(caja.x + caja.width - 4, caja.y + caja.height - 4);
  await expect(encabezado).toHaveAttribute('aria-sort', 'ascending');
});
