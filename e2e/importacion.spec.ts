/**
 * Administración › Importar (issue 21) in Chromium against the real portal, as the demo
 * administrator: a spreadsheet with a bad row is reviewed (its row named, nothing to import), a
 * good one is reviewed and imported, and the new company is in Administración › Empresas.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import escribirXlsx from 'write-excel-file/node';
import { borrarDatosDePrueba } from './datos';
import { expect, ingresar, test } from './fixtures';
import { capturas, sinViolacionesGraves } from './revision-pantalla';

test.use({ reducedMotion: 'reduce' });

const EMPRESA = 9151;
const NOMBRE = 'Zeta Importada E2E S.A.';
const USUARIO = 'zeta.importada';

type Fila = (string | number)[];

async function libro(carpeta: string, nombre: string, hojas: Record<string, Fila[]>) {
  const ruta = path.join(carpeta, nombre);
  await escribirXlsx(
    Object.entries(hojas).map(([sheet, filas]) => ({
      sheet,
      data: filas.map((f) => f.map((value) => ({ value }))),
    })),
  ).toFile(ruta);
  return ruta;
}

let carpeta: string;

test.beforeAll(async () => {
  carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-importacion-'));
});

test.afterAll(async () => {
  // The imported company with its user: no route deletes them.
  await borrarDatosDePrueba({ empresas: [EMPRESA] });
  await fs.rm(carpeta, { recursive: true, force: true });
});

test('revisar un archivo con una fila mala, importar uno bueno y ver la empresa', async ({
  page,
  api,
}) => {
  await ingresar(page, 'admin');
  await page.getByRole('button', { name: 'Administración' }).click();
  await page.getByRole('link', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar datos' })).toBeVisible();
  await sinViolacionesGraves(page, 'importar');

  const malo = await libro(carpeta, 'con-errores.xlsx', {
    Empresas: [
      ['Código', 'Nombre', 'Unidades de negocio'],
      [EMPRESA, NOMBRE, 'Granos'],
      [2, 'Cerealera Renombrada S.A.', 'Granos'],
      ['x12', 'Sin código S.A.', 'Granos'],
    ],
    Usuarios: [
      ['Usuario', 'Empresa', 'Unidades de negocio'],
      [USUARIO, EMPRESA, 'Subproductos'],
    ],
  });
  await page.getByLabel('Archivo').setInputFiles(malo);
  await page.getByRole('button', { name: 'Revisar' }).click();
  await expect(page.getByRole('alert')).toContainText('La revisión rechaza 2 fila(s)');
  const filas = page.getByRole('table', { name: 'Filas rechazadas y que cambian' });
  await expect(filas.getByRole('row').filter({ hasText: "código 'x12'" })).toContainText(
    "'Código': 'x12' no es un número entero mayor que 0.",
  );
  await expect(filas.getByRole('row').filter({ hasText: `usuario ${USUARIO}` })).toContainText(
    `La empresa ${EMPRESA} no trabaja en la unidad 'Subproductos'.`,
  );
  await expect(filas.getByRole('row').filter({ hasText: 'empresa 2' })).toContainText('Cambia');
  await expect(page.getByRole('button', { name: 'Importar' })).toBeDisabled();
  // The review wrote nothing: the companies' list does not have it.
  const existentes = await api.get('/api/administracion/empresas');
  expect(existentes.filter((e) => e.codempre === EMPRESA)).toHaveLength(0);
  await sinViolacionesGraves(page, 'importar: revisión con rechazos');
  await capturas(page, 'importacion-revision');

  const bueno = await libro(carpeta, 'terminal.xlsx', {
    Empresas: [
      ['Código', 'Nombre', 'Unidades de negocio'],
      [EMPRESA, NOMBRE, 'Granos, Subproductos'],
    ],
    Usuarios: [
      ['Usuario', 'Empresa', 'Unidades de negocio'],
      [USUARIO, EMPRESA, 'Subproductos'],
    ],
  });
  await page.getByLabel('Archivo').setInputFiles(bueno);
  await page.getByRole('button', { name: 'Revisar' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Revisión de «terminal.xlsx»: 2 se crean, 0 cambian, 0 sin cambios, 0 rechazadas',
  );
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('alert')).toContainText('Importación de «terminal.xlsx» hecha');
  await capturas(page, 'importacion-hecha');

  await page.getByRole('link', { name: 'Administración › Empresas' }).click();
  const empresas = page.getByRole('table', { name: 'Empresas' });
  const fila = empresas.getByRole('row').filter({ hasText: NOMBRE });
  await expect(fila.getByRole('cell')).toHaveText([
    String(EMPRESA),
    NOMBRE,
    'Granos, Subproductos',
    '1',
    'Unidades',
  ]);
});
