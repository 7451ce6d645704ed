/**
 * 'Empresas y unidades' and 'Tokens de servicio' (issue 14) in Chromium against the real portal,
 * as the demo administrator: a company created (and a refused one, its message by its field),
 * its units changed, a unit that users hold refused; a token created through the step-up
 * dialog, copied, used on the operations API, revoked and then refused. A client who types the
 * addresses gets the not-found screen, and the API answers them 403.
 */
import { borrarDatosDePrueba } from './datos';
import { abrirAdministracion, expect, ingresar, tarjetaDe, test } from './fixtures';
import { capturas, modalAbierto, sinViolacionesGraves } from './revision-pantalla';
import { confirmarIdentidad } from './tarjetas';

// Without transitions axe measures colours as they end up, not halfway through a fade.
test.use({ reducedMotion: 'reduce' });

const EMPRESA = 9141;
// 'Zeta': last in every client selector, out of the way of the other screens' tests.
const NOMBRE = 'Zeta Administración E2E S.A.';
const TOKEN = `e2e-porteria-${Date.now().toString(36)}`;

test.describe('empresas y unidades', () => {
  test.afterAll(() => borrarDatosDePrueba({ empresas: [EMPRESA] }));

  test('crear una empresa, cambiar sus unidades; los rechazos por campo y por usuarios', async ({
    page,
  }) => {
    await ingresar(page, 'admin');
    await abrirAdministracion(page, 'Empresas y unidades');

    const empresas = page.getByRole('table', { name: 'Empresas' });
    const fila = (nombre: string) => empresas.getByRole('row').filter({ hasText: nombre });
    await expect(fila('Agroexportadora del Litoral S.A.').getByRole('cell').nth(2)).toHaveText(
      'Granos, Subproductos',
    );
    await expect(fila('Terminal Puerto Acopio S.A.').getByRole('cell').nth(2)).toHaveText(
      'Todas (la terminal)',
    );
    // The units themselves have their own screen (e2e/unidades.spec.ts).
    await expect(page.getByRole('table', { name: 'Unidades de negocio' })).toHaveCount(0);
    await sinViolacionesGraves(page, 'empresas y unidades');
    await capturas(page, 'administracion-empresas');

    // A code that exists: the server names the field, and the form shows it under it.
    await page.getByRole('button', { name: 'Nueva empresa' }).click();
    let dialogo = await modalAbierto(page, 'Nueva empresa');
    await sinViolacionesGraves(page, 'nueva empresa');
    await dialogo.getByLabel('Código').fill('1');
    await dialogo.getByLabel('Nombre').fill('Otra con el código 1');
    await dialogo.getByLabel('Granos').check();
    await dialogo.getByRole('button', { name: 'Crear' }).click();
    const codigo = dialogo.getByLabel('Código');
    await expect(codigo).toHaveAttribute('aria-invalid', 'true');
    await expect(codigo).toHaveAccessibleDescription('Ya existe la empresa 1.');
    await expect(dialogo.getByText('Ya existe la empresa 1.')).toBeVisible();
    await sinViolacionesGraves(page, 'nueva empresa con error');
    await capturas(page, 'administracion-empresa-error');

    // Empty name: refused before asking the server.
    await dialogo.getByLabel('Nombre').fill('   ');
    await dialogo.getByRole('button', { name: 'Crear' }).click();
    await expect(dialogo.getByText('Falta el nombre de la empresa.')).toBeVisible();

    await codigo.fill(String(EMPRESA));
    await dialogo.getByLabel('Nombre').fill(NOMBRE);
    await dialogo.getByRole('button', { name: 'Crear' }).click();
    await expect(dialogo).toBeHidden();
    await expect(page.getByText(`Empresa ${EMPRESA} creada.`)).toBeVisible();
    await expect(fila(NOMBRE).getByRole('cell')).toHaveText([
      String(EMPRESA),
      NOMBRE,
      'Granos',
      '0',
      'Unidades',
    ]);

    // Adding a unit.
    await page.getByRole('button', { name: `Cambiar las unidades de ${NOMBRE}` }).click();
    dialogo = await modalAbierto(page, `Unidades de ${NOMBRE}`);
    await expect(dialogo.getByLabel('Granos')).toBeChecked();
    await dialogo.getByLabel('Subproductos').check();
    await sinViolacionesGraves(page, 'unidades de una empresa');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialogo).toBeHidden();
    await expect(fila(NOMBRE).getByRole('cell').nth(2)).toHaveText('Granos, Subproductos');

    // cliente1 (company 1) holds Subproductos: the company cannot lose it.
    const empresa1 = fila('Agroexportadora del Litoral S.A.');
    await page
      .getByRole('button', { name: 'Cambiar las unidades de Agroexportadora del Litoral S.A.' })
      .click();
    dialogo = await modalAbierto(page, 'Unidades de Agroexportadora del Litoral S.A.');
    await dialogo.getByLabel('Subproductos').uncheck();
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialogo.getByRole('alert')).toContainText(
      'tienen la unidad de negocio 2: quíteselas primero.',
    );
    await sinViolacionesGraves(page, 'unidades con el rechazo');
    await capturas(page, 'administracion-empresa-unidades-rechazo');
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toBeHidden();
    await expect(empresa1.getByRole('cell').nth(2)).toHaveText('Granos, Subproductos');
  });
});

test.describe('tokens de servicio', () => {
  test('crear con la confirmación de identidad, copiar, usar, revocar', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await ingresar(page, 'admin');
    await abrirAdministracion(page, 'Tokens de servicio');
    await expect(page.getByRole('table', { name: 'Tokens de servicio' })).toBeVisible();
    await sinViolacionesGraves(page, 'tokens de servicio');

    // A name the server would refuse is refused by the form first.
    await page.getByLabel('Nombre').fill('no vale');
    await page.getByRole('button', { name: 'Crear token' }).click();
    await expect(page.getByText('El nombre del token debe tener de 3 a 60')).toBeVisible();

    await page.getByLabel('Nombre').fill(TOKEN);
    await page.getByLabel('Vence (opcional)').fill('2099-12-31');
    await page.getByRole('button', { name: 'Crear token' }).click();
    await modalAbierto(page, 'Confirme su identidad');
    await sinViolacionesGraves(page, 'confirmación de identidad');
    await capturas(page, 'administracion-token-identidad');
    await confirmarIdentidad(page, tarjetaDe('admin'));

    const dialogo = await modalAbierto(page, `Token '${TOKEN}' creado`);
    await expect(dialogo.getByText('no se va a volver a mostrar')).toBeVisible();
    const token = await dialogo.getByLabel('Token').inputValue();
    expect(token).toMatch(/^acopio_/);
    await dialogo.getByRole('button', { name: 'Copiar' }).click();
    await expect(dialogo.getByRole('status')).toHaveText('Copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await sinViolacionesGraves(page, 'token creado');
    await capturas(page, 'administracion-token-creado');

    // The token works on the operations API: a truck that does not exist is a 404, not a 401.
    const egreso = (autorizacion?: string) =>
      request.post('/api/operaciones/egreso', {
        data: { camion: 999_999 },
        headers: autorizacion ? { authorization: autorizacion } : {},
      });
    expect((await egreso()).status()).toBe(401);
    expect((await egreso(`Bearer ${token}`)).status()).toBe(404);

    await dialogo.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(dialogo).toBeHidden();
    await page.reload();
    const fila = page.getByRole('row').filter({ hasText: TOKEN });
    await expect(fila.getByRole('cell').nth(3)).toHaveText('31/12/2099');
    await expect(fila.getByRole('cell').nth(2)).not.toHaveText('Nunca');
    await expect(fila.getByRole('cell').nth(4)).toHaveText('No');
    await capturas(page, 'administracion-tokens');

    await fila.getByRole('button', { name: `Revocar el token ${TOKEN}` }).click();
    const confirmacion = await modalAbierto(page, 'Confirmación');
    await expect(confirmacion).toContainText(`¿Revoca el token '${TOKEN}'?`);
    await sinViolacionesGraves(page, 'confirmar la revocación');
    await confirmacion.getByRole('button', { name: 'Revocar', exact: true }).click();
    await expect(page.getByText(`Token '${TOKEN}' revocado.`)).toBeVisible();
    await expect(fila.getByRole('cell').nth(4)).not.toHaveText('No');
    await expect(fila.getByRole('button', { name: /^Revocar/ })).toHaveCount(0);
    await sinViolacionesGraves(page, 'tokens con uno revocado');

    expect((await egreso(`Bearer ${token}`)).status()).toBe(401);
  });
});

test.describe('un cliente no ve la administración', () => {
  test('las direcciones dan la pantalla de no encontrada y la API 403', async ({ page }) => {
    await ingresar(page, 'cliente1');
    await expect(page.getByRole('button', { name: 'Administración' })).toHaveCount(0);
    for (const direccion of ['/administracion/empresas', '/administracion/tokens']) {
      await page.goto(direccion);
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    }
    for (const ruta of [
      '/api/administracion/empresas',
      '/api/administracion/unidades',
      '/api/administracion/tokens',
    ]) {
      expect((await page.request.get(ruta)).status(), ruta).toBe(403);
    }
    const crear = await page.request.post('/api/administracion/tokens/crear', {
      data: { nombre: 'de-un-cliente' },
    });
    expect(crear.status()).toBe(403);
  });
});
