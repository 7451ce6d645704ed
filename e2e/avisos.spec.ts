/**
 * Webhooks and the outbox (issue 25) in Chromium against the real portal, as the demo
 * administrator: an endpoint registered for a company of the test's own, pointing at a receiver
 * this test starts on 127.0.0.1 (the portal runs with WEBHOOKS_ALLOW_HOSTS=127.0.0.1 and
 * WEBHOOKS_RETRY_SECONDS=1: global-setup.ts). An internal address that is not allowed is refused
 * under the URL field; the secret is shown once. A truck enters through the gate API while the
 * receiver answers 500: after its two tries the delivery is 'fallida' in the endpoint's log and in
 * 'Avisos'. The receiver is fixed, the administrator re-sends it, the receiver gets it with the
 * same webhook-id and the signature verifies with the `standardwebhooks` library.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { Api, borrarDatosDePrueba, haceMinutos, Porteria } from './datos';
import { abrirAdministracion, expect, ingresar, test } from './fixtures';
import {
  capturas,
  modalAbierto,
  sinViolacionesGraves,
  textosFueraDeLaPantalla,
} from './revision-pantalla';

test.use({ reducedMotion: 'reduce' });

const EMPRESA = 9251;
// 'Zeta': last in every client selector, out of the way of the other screens' tests.
const NOMBRE = 'Zeta Webhooks E2E S.A.';
const GRANOS = 1;

interface Recibido {
  status: number;
  headers: Record<string, string>;
  cuerpo: string;
}

/** The receiver: answers `respuesta.status` and keeps every request. */
const recibidos: Recibido[] = [];
const respuesta = { status: 500 };
const receptor = http.createServer((req, res) => {
  let cuerpo = '';
  req.setEncoding('utf8');
  req.on('data', (p: string) => (cuerpo += p));
  req.on('end', () => {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    recibidos.push({ status: respuesta.status, headers, cuerpo });
    res.writeHead(respuesta.status, { 'content-type': 'application/json' }).end('{}');
  });
});
let url = '';
let admin: Api;
let porteria: Porteria;

test.beforeAll(async () => {
  await new Promise<void>((r) => receptor.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}/acopio`;
  admin = await Api.abrir();
  await admin.crearEmpresa(EMPRESA, NOMBRE, [GRANOS]);
  porteria = await Porteria.crear(admin);
});

test.afterAll(async () => {
  // An endpoint a failed run left behind would keep the company from being deleted.
  for (const w of await admin.get('/api/administracion/webhooks')) {
    if (w.codempre === EMPRESA)
      await admin.post('/api/administracion/webhooks/eliminar', { id: w.id });
  }
  await porteria.revocar(admin);
  await admin.cerrar();
  await borrarDatosDePrueba({ empresas: [EMPRESA] });
  receptor.closeAllConnections();
  await new Promise((r) => receptor.close(r));
});

/** At 390 px no text of the screen reaches past its edges. */
async function sinTextosFuera(page: Page, donde: string) {
  const tamano = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await textosFueraDeLaPantalla(page), donde).toEqual([]);
  await page.setViewportSize(tamano);
}

test('registrar un endpoint, ver su entrega fallida y reenviarla cuando el receptor vuelve', async ({
  page,
}) => {
  test.slow();
  await ingresar(page, 'admin');
  await abrirAdministracion(page, 'Webhooks');

  // An internal address that WEBHOOKS_ALLOW_HOSTS does not name: refused, under the URL.
  await page.getByRole('button', { name: 'Nuevo endpoint' }).click();
  let dialogo = await modalAbierto(page, 'Nuevo endpoint de webhooks');
  const campoUrl = dialogo.getByLabel('URL');
  await campoUrl.fill('http://10.0.0.5/hooks');
  await dialogo.getByLabel('Camión ingresado').check();
  await dialogo.getByLabel('Empresa').selectOption({ label: `${EMPRESA} - ${NOMBRE}` });
  await dialogo.getByRole('button', { name: 'Registrar' }).click();
  await expect(campoUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(campoUrl).toHaveAccessibleDescription(/dirección interna \(10\.0\.0\.5\)/);
  await sinViolacionesGraves(page, 'nuevo endpoint con error');
  await capturas(page, 'webhooks-formulario-error');

  // The test's receiver, allowed: the secret, once.
  await campoUrl.fill(url);
  await dialogo.getByRole('button', { name: 'Registrar' }).click();
  dialogo = await modalAbierto(page, 'Endpoint registrado');
  const secreto = await dialogo.getByLabel('Secreto').inputValue();
  expect(secreto).toMatch(/^whsec_/);
  await expect(dialogo.getByText(/no se va a volver a mostrar/)).toBeVisible();
  await sinViolacionesGraves(page, 'secreto del endpoint');
  await capturas(page, 'webhooks-secreto');
  await dialogo.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialogo).toBeHidden();

  const fila = page.getByRole('row').filter({ hasText: url });
  await expect(fila.getByRole('cell')).toHaveText([
    'Camión ingresado',
    `${EMPRESA} - ${NOMBRE}`,
    'Activo',
    'Ninguna todavía',
    '0 / 0',
    'Acciones',
  ]);

  // A truck of the company enters through the gate while the receiver answers 500: two tries
  // (WEBHOOKS_RETRY_SECONDS=1), then 'fallida'.
  const { camion } = await porteria.ingreso({
    codempre: EMPRESA,
    unineg: GRANOS,
    patcha: 'WHK001AA',
    cargateorica: 28000,
    nomchofer: 'Chofer Webhooks',
    dni: '40123456',
    fecha: haceMinutos(1),
  });
  await expect.poll(() => recibidos.length, { timeout: 30_000 }).toBe(2);
  await expect(async () => {
    await page.reload();
    await expect(fila.getByRole('cell').nth(4)).toHaveText('0 / 1', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(fila.getByRole('cell').nth(3)).toHaveText(/^HTTP 500 · /);
  await sinViolacionesGraves(page, 'webhooks');
  await capturas(page, 'webhooks');
  await sinTextosFuera(page, 'webhooks');

  await page.getByRole('button', { name: `Acciones de ${url}` }).click();
  await page.getByRole('button', { name: 'Entregas' }).click();
  let log = await modalAbierto(page, `Entregas de ${url}`);
  const id = recibidos[0]!.headers['webhook-id']!;
  expect(recibidos[1]!.headers['webhook-id']).toBe(id);
  await expect(log.getByRole('row').filter({ hasText: id }).getByRole('cell')).toHaveText([
    id,
    'Fallida',
    '2',
    '500',
    /^\d\d\/\d\d\/\d{4} \d\d:\d\d$/,
    '',
    'El receptor respondió 500.',
    'Reenviar',
  ]);
  await sinViolacionesGraves(page, 'entregas del endpoint');
  await capturas(page, 'webhooks-entregas');
  await log.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(log).toBeHidden();

  // 'Avisos': the failed ones, the delivery among them with its endpoint and error.
  await abrirAdministracion(page, 'Avisos');
  await page
    .getByRole('group', { name: 'Estado' })
    .getByRole('button', { name: /^Fallidos/ })
    .click();
  const aviso = page.getByRole('row').filter({ hasText: url });
  await expect(aviso.getByRole('cell')).toHaveText([
    'Webhook',
    url,
    'Fallido',
    '2',
    'El receptor respondió 500.',
    /^\d\d\/\d\d\/\d{4} \d\d:\d\d$/,
    '',
    '',
    'Reenviar',
  ]);
  await sinViolacionesGraves(page, 'avisos fallidos');
  await capturas(page, 'avisos');
  await sinTextosFuera(page, 'avisos');

  // The receiver is back; the administrator re-sends it, after a confirmation.
  respuesta.status = 200;
  await aviso.getByRole('button', { name: /^Reenviar el aviso/ }).click();
  const confirmacion = await modalAbierto(page, 'Confirmación');
  await expect(confirmacion).toContainText(url);
  await confirmacion.getByRole('button', { name: 'Reenviar' }).click();
  await expect(page.getByText(/^El aviso \d+ volvió a la cola\.$/)).toBeVisible();
  // Out of the failed ones.
  await expect(aviso).toHaveCount(0);

  await expect.poll(() => recibidos.length, { timeout: 30_000 }).toBe(3);
  const entregado = recibidos[2]!;
  expect(entregado.status).toBe(200);
  expect(entregado.headers['webhook-id']).toBe(id);
  const evento = new Webhook(secreto).verify(entregado.cuerpo, entregado.headers) as {
    type: string;
    data: { camion: number; codempre: number };
  };
  expect(evento.type).toBe('camion.ingresado');
  expect(evento.data).toMatchObject({ camion, codempre: EMPRESA });

  // The endpoint's log says so; then it is deleted, after a confirmation.
  await abrirAdministracion(page, 'Webhooks');
  await expect(async () => {
    await page.reload();
    await expect(fila.getByRole('cell').nth(3)).toHaveText(/^HTTP 200 · /, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: `Acciones de ${url}` }).click();
  await page.getByRole('button', { name: 'Entregas' }).click();
  log = await modalAbierto(page, `Entregas de ${url}`);
  await expect(log.getByRole('row').filter({ hasText: id }).getByRole('cell').nth(1)).toHaveText(
    'Enviada',
  );
  await log.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(log).toBeHidden();
  await page.getByRole('button', { name: `Acciones de ${url}` }).click();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const eliminar = await modalAbierto(page, 'Confirmación');
  await eliminar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`Se eliminó ${url}.`)).toBeVisible();
  await expect(fila).toHaveCount(0);
});
