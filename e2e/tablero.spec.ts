/**
 * The dashboard ('Tablero', issue 16) in Chromium against the real portal and its demo data:
 * the administrator and cliente1 see drawn charts (a canvas in each) and tables with numbers, a
 * wider range changes them, a table's Excel file opens with numeric and date cells matching the
 * screen, and the screen passes axe and is looked at at 1366 and 390 px.
 */
import type { Locator, Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { numeroAr } from '../src/shared/formato';
import { expect, ingresar, test } from './fixtures';
import { capturas, sinViolacionesGraves } from './revision-pantalla';

/** A day of the terminal's calendar (the browser runs in its zone), n days before today. */
function diaAntes(n: number): string {
  const f = new Date(Date.now() - n * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(f);
}
const ddmmaaaa = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

const seccion = (page: Page, nombre: string) =>
  page.getByRole('region', { name: nombre, exact: true });

/** A table's rows (caption given) as the person reads them, header first. */
async function filas(tabla: Locator): Promise<string[][]> {
  const resultado: string[][] = [];
  for (const fila of await tabla.locator('tr').all()) {
    resultado.push((await fila.locator('th, td').allInnerTexts()).map((t) => t.trim()));
  }
  return resultado;
}

/** The Ingresados total of 'Camiones por día', as shown. */
async function totalIngresados(page: Page): Promise<string> {
  const tabla = page.getByRole('table', { name: 'Camiones por día' });
  return (await tabla.locator('tfoot td').first().innerText()).trim();
}

async function abrirTablero(page: Page, usuario: 'admin' | 'cliente1') {
  await ingresar(page, usuario);
  await page.getByRole('navigation').getByRole('link', { name: 'Tablero' }).click();
  await expect(page.getByRole('heading', { name: 'Tablero', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Desde')).toHaveValue(diaAntes(6));
  await expect(page.getByLabel('Hasta')).toHaveValue(diaAntes(0));
}

/** Every chart drawn (uPlot's canvas in its labelled box) and every table with rows. */
async function conGraficosYTablas(page: Page) {
  for (const nombre of [
    'Camiones por hora y por día',
    'Tiempo de permanencia',
    'Toneladas despachadas por producto',
    'Cupos',
  ]) {
    const s = seccion(page, nombre);
    await expect(s.getByRole('img').locator('canvas').first()).toBeVisible();
    await expect(s.getByRole('table').first().locator('tbody tr').first()).toBeVisible();
    await expect(s).not.toContainText('Sin datos en el rango elegido.');
  }
  await expect(seccion(page, 'Desvíos de peso').getByRole('table')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('tablero', () => {
  test('el administrador: gráficos y tablas, otro rango cambia los números, Excel con números', async ({
    page,
  }) => {
    await abrirTablero(page, 'admin');
    await expect(page.getByLabel('Cliente')).toHaveValue('');
    await conGraficosYTablas(page);
    const semana = await totalIngresados(page);
    expect(Number(semana.replace(/\./g, ''))).toBeGreaterThan(0);

    await sinViolacionesGraves(page, 'el tablero');
    await capturas(page, 'tablero-admin');

    // The day table's file: days as dates, counts as numbers, the screen's rows.
    const tabla = page.getByRole('table', { name: 'Camiones por día' });
    const enPantalla = await filas(tabla);
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar a Excel: Camiones por día' }).click();
    const archivo = await descarga;
    // Named for whoever files it: the table, the clients, the unit and the range (issue 22).
    expect(archivo.suggestedFilename()).toBe(
      `Tablero - Camiones por día - Todos los clientes - Granos - ${diaAntes(6)} a ${diaAntes(0)}.xlsx`,
    );
    const [hoja] = await readXlsxFile(await archivo.path());
    const [cabecera, ...datos] = hoja!.data;
    expect(cabecera).toEqual(enPantalla[0]);
    expect(datos).toHaveLength(enPantalla.length - 1);
    for (const fila of datos.slice(0, -1)) {
      expect(fila[0]).toBeInstanceOf(Date);
      for (const n of fila.slice(1, 4)) expect(typeof n).toBe('number');
    }
    expect(
      datos.map((f) => [
        f[0] instanceof Date ? ddmmaaaa(f[0].toISOString().slice(0, 10)) : String(f[0]),
        ...f.slice(1).map((n) => (n === null ? '–' : numeroAr(n as number, 0))),
      ]),
    ).toEqual(enPantalla.slice(1));

    // The tons' file too: tons as numbers with their decimals.
    const descargaToneladas = page.waitForEvent('download');
    await page
      .getByRole('button', { name: 'Exportar a Excel: Toneladas despachadas por producto' })
      .click();
    const archivoToneladas = await descargaToneladas;
    expect(archivoToneladas.suggestedFilename()).toMatch(
      /^Tablero - Toneladas despachadas por producto - Todos los clientes - Granos - /,
    );
    const [toneladas] = await readXlsxFile(await archivoToneladas.path());
    // Excel's 31 characters, cut at a word: not 'Toneladas despachadas por produ'.
    expect(toneladas!.sheet).toBe('Toneladas despachadas por…');
    const ultima = toneladas!.data.at(-1)!;
    expect(ultima[0]).toBe('Total');
    expect(typeof ultima.at(-1)).toBe('number');
    await expect(
      page
        .getByRole('table', { name: 'Toneladas despachadas por producto' })
        .locator('tfoot td')
        .last(),
    ).toHaveText(numeroAr(ultima.at(-1) as number, 3, 3));

    // Sixty days instead of seven: more trucks, day by day (no hours past a month).
    await page.getByLabel('Desde').fill(diaAntes(59));
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(seccion(page, 'Camiones por día')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Camiones por día' }).locator('tbody tr'),
    ).toHaveCount(60);
    await expect.poll(() => totalIngresados(page)).not.toBe(semana);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await capturas(page, 'tablero-admin-60-dias');
  });

  test('a 1366 px cada tabla se lee entera sin desplazarse en su caja; a 390 px se desplaza dentro de ella', async ({
    page,
  }) => {
    await abrirTablero(page, 'admin');
    await conGraficosYTablas(page);
    await page.getByText('Ver camiones hora por hora').click();
    // Each table scrolls inside its own labelled box (TablaNumeros); the trucks late now have
    // one too when there are any.
    for (const titulo of [
      'Camiones por día',
      'Camiones por hora',
      'Tiempo de permanencia por día (minutos)',
      'Toneladas despachadas por producto',
      'Cupos por día',
      'Desvíos de peso',
    ]) {
      await expect(
        page.getByRole('region', { name: `Tabla: ${titulo}`, exact: true }),
      ).toBeVisible();
    }
    const cajas = page.getByRole('region', { name: /^Tabla: / });

    for (const caja of await cajas.all()) {
      const nombre = await caja.getAttribute('aria-label');
      const { ancho, visible } = await caja.evaluate((e) => ({
        ancho: e.scrollWidth,
        visible: e.clientWidth,
      }));
      expect(ancho, `${nombre}: columnas fuera de su caja`).toBeLessThanOrEqual(visible);
      const limites = (await caja.boundingBox())!;
      expect(limites.x + limites.width, nombre!).toBeLessThanOrEqual(1366);
      for (const cabecera of await caja.getByRole('columnheader').all()) {
        await expect(cabecera).toBeVisible();
        const c = (await cabecera.boundingBox())!;
        const texto = await cabecera.innerText();
        expect(c.x, `${nombre}: ${texto}`).toBeGreaterThanOrEqual(limites.x - 1);
        expect(c.x + c.width, `${nombre}: ${texto}`).toBeLessThanOrEqual(
          limites.x + limites.width + 1,
        );
      }
    }
    await capturas(page, 'tablero-tablas');

    // At phone width the page keeps to the phone and a wide table scrolls inside its box.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    for (const caja of await cajas.all()) {
      const limites = (await caja.boundingBox())!;
      expect(limites.x).toBeGreaterThanOrEqual(0);
      expect(limites.x + limites.width).toBeLessThanOrEqual(390);
    }
    const permanencia = page.getByRole('region', { name: /^Tabla: Tiempo de permanencia/ });
    expect(
      await permanencia.evaluate((e) => e.scrollWidth > e.clientWidth),
      'la tabla ancha se desplaza dentro de su caja',
    ).toBe(true);
  });

  test('cliente1 ve su empresa: gráficos y tablas con datos, sin parámetros ni cliente', async ({
    page,
  }) => {
    await abrirTablero(page, 'cliente1');
    await expect(page.getByLabel('Cliente')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Parámetros del tablero' })).toHaveCount(0);
    await conGraficosYTablas(page);
    const semana = await totalIngresados(page);
    await page.getByLabel('Desde').fill(diaAntes(0));
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(
      page.getByRole('table', { name: 'Camiones por día' }).locator('tbody tr'),
    ).toHaveCount(1);
    await expect.poll(() => totalIngresados(page)).not.toBe(semana);
    await sinViolacionesGraves(page, 'el tablero de un cliente');
    await capturas(page, 'tablero-cliente1-hoy');
  });

  test('el administrador ajusta los parámetros del tablero', async ({ page }) => {
    await abrirTablero(page, 'admin');
    await page.getByRole('button', { name: 'Parámetros del tablero' }).click();
    const dialogo = page.getByRole('dialog', { name: /Parámetros del tablero/ });
    await expect(dialogo).toBeVisible();
    const capacidad = dialogo.getByLabel('Capacidad por hora (camiones)');
    const anterior = await capacidad.inputValue();
    await capacidad.fill('0');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      dialogo.getByText(/La capacidad por hora debe ser un número entero/),
    ).toBeVisible();
    await capturas(page, 'tablero-parametros-error-bajo-su-campo');
    await capacidad.fill('47');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialogo).toBeHidden();
    await expect(
      page
        .getByRole('table', { name: 'Camiones por día' })
        .locator('tbody tr')
        .first()
        .locator('td')
        .last(),
    ).toHaveText('47');
    // Back as it was, for the other specs.
    await page.getByRole('button', { name: 'Parámetros del tablero' }).click();
    await dialogo.getByLabel('Capacidad por hora (camiones)').fill(anterior);
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialogo).toBeHidden();
  });
});
