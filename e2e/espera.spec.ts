/**
 * The wait ('Espera') and the thresholds per business unit (issue 15), against the real portal:
 * the administrator sets a 1-minute threshold for Subproductos, a truck of cliente1 whose status
 * began 5 minutes ago shows as over the limit, with the count, for the administrator and for
 * cliente1; at 390 px the list is cards with the status and the buttons. The clock of the data
 * is moved, never the test's: no waiting for minutes.
 */
import { borrarDatosDePrueba, haceMinutos, type Porteria } from './datos';
import { expect, ingresar, test } from './fixtures';
import { capturas, modalAbierto, sinViolacionesGraves } from './revision-pantalla';

const EMPRESA = 1;
const UNIDAD = 2;

/** A truck of cliente1 let in through the gate `minutos` ago: its status began then. */
async function crearCamion(porteria: Porteria, patcha: string, minutos = 0) {
  const { camion } = await porteria.ingreso({
    codempre: EMPRESA,
    unineg: UNIDAD,
    patcha,
    cargateorica: 27000,
    nomchofer: 'Chofer Espera',
    dni: '41222333',
    fecha: haceMinutos(minutos),
  });
  return camion;
}

test.describe('espera y umbrales por unidad de negocio', () => {
  const camiones: number[] = [];
  test.afterEach(() => borrarDatosDePrueba({ camiones, umbrales: [UNIDAD] }));

  test('el administrador fija 1 minuto; el camión de hace 5 minutos aparece excedido, con la cuenta, para él y para el cliente', async ({
    page,
    browser,
    api,
    porteria,
  }) => {
    camiones.push(
      await crearCamion(porteria, 'ESP001AA', 5),
      await crearCamion(porteria, 'ESP002AA'),
    );

    await ingresar(page, 'admin');
    await page.getByLabel('Cliente').selectOption({ label: 'Agroexportadora del Litoral S.A.' });
    await page.getByLabel('Tipo despacho').selectOption({ label: 'Subproductos' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const fila = (patente: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name: patente, exact: true }) });
    await expect(fila('ESP001AA')).toContainText('5 min');
    await expect(fila('ESP001AA')).not.toContainText('Excedido');

    await page.getByRole('button', { name: 'Umbrales de espera' }).click();
    const modal = await modalAbierto(page, 'Umbrales de espera: Subproductos');
    // A limit not above its warning is refused, naming the field as the form does.
    await modal.getByLabel('Aviso (min) de Playa sin orden').fill('1');
    await modal.getByLabel('Límite (min) de Playa sin orden').fill('1');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      modal.getByText(/^Límite de Playa sin orden: debe ser mayor que el aviso/),
    ).toBeVisible();
    await sinViolacionesGraves(page, 'umbrales de espera');
    // The server's message sits under the field it names (docs/desarrollo.md, "Formularios").
    await capturas(page, 'umbrales-error-bajo-su-campo');
    await modal.getByLabel('Límite (min) de Playa sin orden').fill('2');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(modal).toBeHidden();

    await expect(fila('ESP001AA')).toContainText('Excedido');
    await expect(fila('ESP001AA')).toHaveClass(/espera-excedido/);
    await expect(fila('ESP002AA')).toContainText('0 min');
    await expect(fila('ESP002AA')).not.toContainText(/Demorado|Excedido/);
    await expect(page.getByRole('list', { name: 'Resumen de la playa' })).toContainText(
      /Playa sin orden: \d+ \(\d*\s*(demorados?, )?\d+ excedidos?\)/,
    );
    const { filas } = await api.post('/api/administracion/auditoria', {
      tabla: 'umbrales_espera',
      limite: 1,
    });
    expect(filas[0]).toMatchObject({ antes: null, despues: { unineg: 2, sinOrdenLimite: 2 } });
    await sinViolacionesGraves(page, 'camiones con espera');
    await capturas(page, 'camiones-espera');

    // At phone width: one card per truck, its status, wait and buttons in view.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table')).toHaveCount(0);
    const tarjeta = page.getByRole('article', { name: /ESP001AA/ });
    await expect(tarjeta).toBeVisible();
    await expect(tarjeta).toContainText('Playa sin orden');
    await expect(tarjeta).toContainText('Excedido');
    await tarjeta.getByRole('button', { name: 'Asingar' }).click();
    const cupos = await modalAbierto(page, /Cupos disponibles/);
    await cupos
      .getByRole('button', { name: /Close|Cerrar/ })
      .first()
      .click();
    await expect(cupos).toBeHidden();
    await sinViolacionesGraves(page, 'camiones en tarjetas');
    await tarjeta.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/capturas/camiones-tarjetas-390.png' });

    // Client A sees the alert on its own truck: its cue to assign a quota.
    const contexto = await browser.newContext();
    const cliente = await contexto.newPage();
    await ingresar(cliente, 'cliente1');
    await cliente.getByLabel('Tipo despacho').selectOption({ label: 'Subproductos' });
    await cliente.getByRole('button', { name: 'Filtrar' }).click();
    const suya = cliente
      .getByRole('row')
      .filter({ has: cliente.getByRole('cell', { name: 'ESP001AA', exact: true }) });
    await expect(suya).toContainText('Excedido');
    await expect(cliente.getByRole('list', { name: 'Resumen de la playa' })).toContainText(
      /excedido/,
    );
    await expect(cliente.getByRole('button', { name: 'Umbrales de espera' })).toHaveCount(0);
    await contexto.close();
  });
});
