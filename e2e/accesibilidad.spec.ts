/**
 * Accessibility (issue 7): axe-core on every screen and modal finds no serious or critical
 * violation of WCAG 2.1 A/AA, and the main flows work with the keyboard alone.
 */
import type { Page } from '@playwright/test';
import type { Api } from './datos';
import { expect, ingresar, tarjetaDe, test } from './fixtures';
import { sinViolacionesGraves } from './revision-pantalla';

// Without transitions axe measures colours as they end up, not halfway through a fade.
test.use({ reducedMotion: 'reduce' });

async function modalAbierto(page: Page) {
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  // Bootstrap fades the modal in: axe must see it settled, not half transparent.
  await page.waitForFunction(() => !document.querySelector('.modal.fade:not(.show)'));
  return modal;
}

/** The demo's satisfaction survey (the first one of that title), as the surveys' list gives it. */
async function primeraEncuesta(api: Api): Promise<number> {
  const ids = (await api.get('/api/encuestas'))
    .filter((e) => e.Titulo.startsWith('Encuesta de satisfacción'))
    .map((e) => e.Id);
  return Math.min(...ids);
}

test.describe('accesibilidad: axe en cada pantalla y modal', () => {
  test('ingreso, pasos 1 y 2', async ({ page }) => {
    await page.goto('/');
    await sinViolacionesGraves(page, 'ingreso, paso 1');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await sinViolacionesGraves(page, 'ingreso, paso 1 con error');
    await page.getByLabel('Usuario').fill('cliente1');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('INGRESAR COORDENADAS')).toBeVisible();
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await sinViolacionesGraves(page, 'ingreso, paso 2 con errores');
  });

  test('camiones y sus tres modales', async ({ page }) => {
    await ingresar(page, 'cliente1');
    await expect(page.getByRole('table')).toBeVisible();
    await sinViolacionesGraves(page, 'camiones');

    await page.getByRole('button', { name: 'Asingar' }).first().click();
    await modalAbierto(page);
    await sinViolacionesGraves(page, 'modal Cupos disponibles');
    await page.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('button', { name: 'Ver cupo' }).first().click();
    await modalAbierto(page);
    await sinViolacionesGraves(page, 'modal Cupos asignados');
    await page.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('button', { name: 'Ticket' }).first().click();
    await modalAbierto(page);
    await sinViolacionesGraves(page, 'modal Tickets');
  });

  test('cupos: listado, detalle y formulario', async ({ page }) => {
    await ingresar(page, 'cliente1');
    await page.goto('/cupos');
    await expect(page.getByRole('heading', { name: 'Listado de cupos disponibles' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await sinViolacionesGraves(page, 'listado de cupos');

    await page
      .getByRole('button', { name: /^Detalle/ })
      .first()
      .click();
    await modalAbierto(page);
    await sinViolacionesGraves(page, 'modal Detalle cupo');
    await page.getByRole('button', { name: 'Cerrar' }).click();

    await page
      .getByRole('link', { name: /^Modificar/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/cupos\/modificar\/\d+$/);
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
    await sinViolacionesGraves(page, 'formulario de modificación');

    await page.goto('/cupos/alta');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Hay errores en la sección de productos.')).toBeVisible();
    await sinViolacionesGraves(page, 'formulario de alta con errores');
  });

  test('stock', async ({ page }) => {
    await ingresar(page, 'cliente1');
    await page.goto('/stock');
    await expect(page.getByRole('heading', { name: 'Listado de stock' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await sinViolacionesGraves(page, 'stock');
  });

  test('encuestas: administración, preguntas y respuestas', async ({ page, api }) => {
    const id = await primeraEncuesta(api);
    await ingresar(page, 'admin');
    await page.goto('/encuestas');
    await expect(page.getByText('Encuestas Existentes')).toBeVisible();
    await sinViolacionesGraves(page, 'administración de encuestas');

    await page.getByRole('button', { name: 'Preguntas' }).first().click();
    await modalAbierto(page);
    await sinViolacionesGraves(page, 'diálogo Preguntas de');
    await page.keyboard.press('Escape');

    await page.goto(`/encuestas/respuestas/${id}`);
    await expect(page.getByText(/^Usuario: /).first()).toBeVisible();
    await sinViolacionesGraves(page, 'respuestas de una encuesta');
  });

  test('encuestas: disponibles y responder', async ({ page, api }) => {
    const id = await primeraEncuesta(api);
    await ingresar(page, 'cliente2');
    await page.goto('/encuestas/listar');
    await expect(page.getByRole('heading', { name: 'Encuestas disponibles' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await sinViolacionesGraves(page, 'encuestas disponibles');

    await page.goto(`/encuestas/responder/${id}`);
    await page.getByRole('button', { name: 'Enviar Respuestas' }).click();
    await expect(page.getByText('Debes responder todas las preguntas obligatorias.')).toBeVisible();
    await sinViolacionesGraves(page, 'responder encuesta con el aviso');

    await page.goto('/encuestas');
    await sinViolacionesGraves(page, 'encuestas sin permiso');
    await page.goto('/no-existe');
    await sinViolacionesGraves(page, 'página no encontrada');
  });
});

test.describe('teclado', () => {
  test('se ingresa, se filtra y se abre y cierra un modal sin mouse', async ({ page }) => {
    const valores = tarjetaDe('cliente1');
    await page.goto('/');
    // The form appears once the session check answers; the field takes the focus by itself.
    await expect(page.getByLabel('Usuario')).toBeFocused();
    await page.keyboard.type('cliente1');
    await page.keyboard.press('Enter');
    await expect(page.locator('#coordenada1')).toBeFocused();
    for (const campo of ['coordenada1', 'coordenada2']) {
      const etiqueta = (await page.locator(`label[for="${campo}"]`).textContent())!.trim();
      // The first field has the focus; Tab moves to the second.
      await page.keyboard.type(String(valores[etiqueta as keyof typeof valores]));
      if (campo === 'coordenada1') await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'cliente1' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();

    // Tab reaches Filtrar and the rows' actions; Enter opens a modal and Escape closes it.
    const alcanzado = async (nombre: string) => {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const enFoco = await page.evaluate(() => document.activeElement?.textContent?.trim());
        if (enFoco === nombre) return true;
      }
      return false;
    };
    expect(await alcanzado('Filtrar')).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table')).toBeVisible();
    expect(await alcanzado('Ticket')).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
