/**
 * README, "Poner en marcha una terminal" (issue 21 part 4), walked step by step in the browser
 * as a new operator follows it: a portal of its own on an empty database with DEMO=0, from the
 * set-up code in its log to the first client user signed in. Each `test.step` is a README step,
 * with its number, its order and its names: when the README changes, this changes with it.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import escribirXlsx from 'write-excel-file/node';
import { hojasXlsx } from '../src/server/features/importacion/xlsx';
import {
  TEXTOS_CUPOS,
  TEXTOS_INICIALIZACION as TI,
  TEXTOS_UNIDADES as TU,
} from '../src/shared/textos';
import { abrirAdministracion, expect, ingresar } from './fixtures';
import {
  codigoDeInicializacion,
  completarInicializacion,
  testConPortalVacio,
} from './portal-vacio';
import { capturas, modalAbierto, sinViolacionesGraves } from './revision-pantalla';
import { confirmarIdentidad, tarjetaEnPantalla, type TarjetaLeida } from './tarjetas';

const test = testConPortalVacio();

// Without transitions axe measures colours as they end up, not halfway through a fade.
test.use({ reducedMotion: 'reduce' });

/** The README's names. */
const TERMINAL = {
  nombre: 'Terminal Río Paraná S.A.',
  cuit: '30-71234567-1',
  direccion: 'Ruta 11 km 320, San Lorenzo',
};
const ADMINISTRADOR = 'jefe';
const UNIDAD = 'Granos';
const DESPACHO = 'Granel';
const PRODUCTO = { codigo: 1, nombre: 'Soja' };
const EMPRESA = { codigo: 101, nombre: 'Cerealera del Sur S.A.' };
const CLIENTE = 'cerealera.sur';

let carpeta: string;

test.beforeAll(async () => {
  carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-puesta-en-marcha-'));
});

test.afterAll(async () => {
  await fs.rm(carpeta, { recursive: true, force: true });
});

/**
 * Step 6's workbook as a person makes it from the downloaded template: the sheets 'Empresas'
 * and 'Productos por cliente' keep the template's header row, their example row replaced by the
 * terminal's; the other sheets are deleted.
 */
async function completarPlantilla(plantilla: string, filas: Record<string, (string | number)[][]>) {
  const hojas: { sheet: string; data: { value: string | number }[][] }[] = [];
  for await (const hoja of hojasXlsx(createReadStream(plantilla))) {
    const leidas: string[][] = [];
    for await (const fila of hoja.filas) leidas.push(fila.valores);
    if (!(hoja.nombre in filas)) continue;
    const [encabezado] = leidas;
    expect(leidas, hoja.nombre).toHaveLength(2);
    hojas.push({
      sheet: hoja.nombre,
      data: [encabezado!, ...filas[hoja.nombre]!].map((f) => f.map((value) => ({ value }))),
    });
  }
  expect(hojas.map((h) => h.sheet)).toEqual(Object.keys(filas));
  const ruta = path.join(carpeta, 'terminal.xlsx');
  await escribirXlsx(hojas).toFile(ruta);
  return ruta;
}

/** An action of a row's menu in the administration's lists. */
async function accion(page: Page, menu: string, opcion: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('button', { name: opcion, exact: true }).click();
}

test('de un PostgreSQL vacío al primer usuario de un cliente adentro, como dice el README', async ({
  page,
  portalVacio,
}) => {
  test.setTimeout(180_000);
  let administrador: TarjetaLeida | undefined;
  let cliente: TarjetaLeida | undefined;

  await test.step('1. Inicie el portal sin demostración', async () => {
    // The fixture started it with DEMO=0 on an empty embedded database: its log has the code.
    codigoDeInicializacion(portalVacio);
    expect(portalVacio.salida()).toContain(`${portalVacio.url}/inicializar`);
  });

  await test.step('2. Ponga en marcha la terminal', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: TI.enlaceIngreso }).click();
    await expect(page.getByRole('heading', { name: TI.titulo })).toBeVisible();
    await completarInicializacion(page, {
      ...TERMINAL,
      codigo: codigoDeInicializacion(portalVacio),
      usuario: ADMINISTRADOR,
    });
    await expect(page.getByRole('heading', { name: TI.enMarcha })).toBeVisible();
  });

  await test.step('3. Guarde la tarjeta del administrador e ingrese', async () => {
    administrador = await tarjetaEnPantalla(page);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    await page.getByRole('link', { name: TI.irAlIngreso }).click();
    await ingresar(page, ADMINISTRADOR, administrador.valores);
    await page.goto('/inicializar');
    await expect(page.getByText(TI.yaInicializada)).toBeVisible();
  });

  await test.step('4. Una unidad de negocio y su tipo de despacho', async () => {
    await page.goto('/');
    await abrirAdministracion(page, TU.titulo);
    await expect(page.getByText(TU.sinUnidades)).toBeVisible();
    await page.getByRole('button', { name: TU.nueva }).click();
    let dialogo = await modalAbierto(page, TU.nueva);
    await dialogo.getByLabel(TU.nombre).fill(UNIDAD);
    await dialogo.getByRole('button', { name: TU.crear }).click();
    await expect(dialogo).toBeHidden();
    await expect(page.getByText(TU.creada(UNIDAD))).toBeVisible();

    await accion(page, TU.accionesDe(UNIDAD), TU.nuevoDespacho);
    dialogo = await modalAbierto(page, `${TU.nuevoDespacho} (${UNIDAD})`);
    await dialogo.getByLabel(TU.nombre).fill(DESPACHO);
    await dialogo.getByLabel(TU.aGranelAyuda).check();
    await dialogo.getByRole('button', { name: TU.crear }).click();
    await expect(dialogo).toBeHidden();
    await expect(page.getByText(TU.despachoCreado(DESPACHO))).toBeVisible();
    await expect(
      page.getByRole('table', { name: TU.titulo }).getByRole('row').filter({ hasText: UNIDAD }),
    ).toContainText(`${DESPACHO} (${TU.aGranel})`);
    await sinViolacionesGraves(page, 'unidades de negocio de una terminal nueva');
    await capturas(page, 'marcha-4-unidad');
  });

  await test.step('5. Un producto', async () => {
    await abrirAdministracion(page, 'Productos');
    await page.getByRole('button', { name: 'Nuevo producto' }).click();
    const dialogo = await modalAbierto(page, 'Nuevo producto');
    await dialogo.getByLabel('Código').fill(String(PRODUCTO.codigo));
    await dialogo.getByLabel('Nombre').fill(PRODUCTO.nombre);
    await dialogo.getByRole('button', { name: 'Crear producto' }).click();
    await expect(dialogo).toBeHidden();
    await expect(
      page.getByText(`Se creó el producto ${PRODUCTO.codigo} '${PRODUCTO.nombre}'.`),
    ).toBeVisible();
    await sinViolacionesGraves(page, 'productos de una terminal nueva');
    await capturas(page, 'marcha-5-producto');
  });

  await test.step('6. Importe los clientes y sus productos', async () => {
    await abrirAdministracion(page, 'Importar');
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Plantilla de Excel/ }).click(),
    ]);
    const plantilla = path.join(carpeta, descarga.suggestedFilename());
    await descarga.saveAs(plantilla);
    const archivo = await completarPlantilla(plantilla, {
      Empresas: [[EMPRESA.codigo, EMPRESA.nombre, UNIDAD]],
      'Productos por cliente': [[EMPRESA.codigo, UNIDAD, PRODUCTO.codigo]],
    });

    await page.getByLabel('Archivo').setInputFiles(archivo);
    await page.getByRole('button', { name: 'Revisar' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Revisión de «terminal.xlsx»: 2 se crean, 0 cambian, 0 sin cambios, 0 rechazadas',
    );
    await sinViolacionesGraves(page, 'revisión de la importación de una terminal nueva');
    await capturas(page, 'marcha-6-revision');
    await page.getByRole('button', { name: 'Importar' }).click();
    await expect(page.getByRole('alert')).toContainText('Importación de «terminal.xlsx» hecha');
    await capturas(page, 'marcha-6-importacion');
  });

  await test.step('7. Un usuario del cliente', async () => {
    await abrirAdministracion(page, 'Usuarios y tarjetas');
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialogo = await modalAbierto(page, 'Nuevo usuario');
    await dialogo.getByLabel('Usuario').fill(CLIENTE);
    await dialogo
      .getByLabel('Empresa')
      .selectOption({ label: `${EMPRESA.codigo} - ${EMPRESA.nombre}` });
    await dialogo.getByRole('checkbox', { name: UNIDAD }).check();
    await sinViolacionesGraves(page, 'nuevo usuario de un cliente');
    await capturas(page, 'marcha-7-usuario');
    await dialogo.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(dialogo).toBeHidden();
    await expect(page.locator(`tr[data-usuario="${CLIENTE}"]`)).toContainText('Sin tarjeta');
  });

  await test.step('8. Su tarjeta', async () => {
    await accion(page, `Acciones de ${CLIENTE}`, 'Emitir tarjeta');
    const confirmacion = await modalAbierto(page, 'Confirmación');
    await confirmacion.getByRole('button', { name: 'Emitir tarjeta', exact: true }).click();
    await confirmarIdentidad(page, administrador!.valores);
    const tarjeta = await modalAbierto(page, `Tarjeta de coordenadas de ${CLIENTE}`);
    cliente = await tarjetaEnPantalla(tarjeta);
    await sinViolacionesGraves(page, 'tarjeta del usuario de un cliente');
    await capturas(page, 'marcha-8-tarjeta');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      tarjeta.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    await tarjeta.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(tarjeta).toBeHidden();
    await expect(page.locator(`tr[data-usuario="${CLIENTE}"]`)).toContainText(`N° ${cliente.ctrl}`);
  });

  await test.step('9. Primer ingreso del cliente', async () => {
    await page.getByRole('button', { name: ADMINISTRADOR, exact: true }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByLabel('Usuario')).toBeVisible();

    await ingresar(page, CLIENTE, cliente!.valores);
    await expect(page.getByRole('heading', { level: 1, name: 'Camiones en playa' })).toBeVisible();
    const empresa = page.getByLabel('Cliente');
    await expect(empresa).toHaveValue(String(EMPRESA.codigo));
    await expect(empresa.getByRole('option')).toHaveText([EMPRESA.nombre]);
    await expect(page.getByRole('button', { name: 'Administración' })).toHaveCount(0);
    await sinViolacionesGraves(page, 'camiones en playa del primer cliente');
    await capturas(page, 'marcha-9-camiones');

    await page.getByRole('link', { name: 'Cupos', exact: true }).click();
    await page.getByRole('link', { name: TEXTOS_CUPOS.nuevo, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Nueva orden de cupo' })).toBeVisible();
    await page.getByLabel('Unidad de Negocio').selectOption({ label: UNIDAD });
    // What the terminal set up is what the client may order: its product, the unit's type.
    await page.getByLabel('Producto 1').selectOption({ label: PRODUCTO.nombre });
    await page.getByLabel('Tipo de despacho').selectOption({ label: DESPACHO });
    await expect(page.getByText(TEXTOS_CUPOS.kilos, { exact: true })).toBeVisible();
    await capturas(page, 'marcha-9-cupo');
  });
});
