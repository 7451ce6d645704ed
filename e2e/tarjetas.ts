/**
 * Coordinate cards on the screens, as a person reads and types them: a card shown once (the
 * set-up's, the one issued in 'Usuarios y tarjetas'), and the step-up dialog that asks two cells
 * of the administrator's own card.
 */
import type { Locator, Page } from '@playwright/test';
import type { ValoresTarjeta } from '../src/server/features/auth/tarjetas';
import { expect } from './fixtures';
import { modalAbierto } from './revision-pantalla';

export interface TarjetaLeida {
  ctrl: number;
  valores: ValoresTarjeta;
}

/** The card shown in `donde` (a page or a dialog): its number and its 50 cells. */
export async function tarjetaEnPantalla(donde: Page | Locator): Promise<TarjetaLeida> {
  const celdas = donde.locator('td[data-celda]');
  await expect(celdas).toHaveCount(50);
  const valores: Record<string, number> = {};
  for (const celda of await celdas.all()) {
    valores[(await celda.getAttribute('data-celda'))!] = Number(await celda.textContent());
  }
  const ctrl = Number((await donde.getByTestId('tarjeta-numero').textContent())!.trim());
  return { ctrl, valores: valores as ValoresTarjeta };
}

/** The step-up dialog answered with two cells of the administrator's own card. */
export async function confirmarIdentidad(page: Page, valores: ValoresTarjeta) {
  const dialogo = await modalAbierto(page, 'Confirme su identidad');
  await expect(dialogo.locator('#reaut-coordenada1')).toBeVisible();
  for (const campo of ['reaut-coordenada1', 'reaut-coordenada2']) {
    const celda = (await dialogo.locator(`label[for="${campo}"]`).textContent())!.trim();
    await dialogo.locator(`#${campo}`).fill(String(valores[celda as keyof ValoresTarjeta]));
  }
  await dialogo.getByRole('button', { name: 'Confirmar' }).click();
}
