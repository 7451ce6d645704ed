import { expect, ingresar, tarjetaDe, test } from './fixtures';

test.describe('ingreso con tarjeta de coordenadas', () => {
  for (const usuario of ['admin', 'cliente1', 'cliente2'] as const) {
    test(`${usuario} ingresa en dos pasos y ve la barra de navegación`, async ({ page }) => {
      await ingresar(page, usuario);
      await expect(page).toHaveURL('/');
      const barra = page.getByRole('navigation');
      for (const enlace of ['Camiones', 'Cupos', 'Stock', 'Encuesta']) {
        await expect(barra.getByRole('link', { name: enlace, exact: true })).toBeVisible();
      }
      // The logo is decorative: the link's name is said once, not "Portal Acopio Portal Acopio".
      await expect(barra.getByRole('link', { name: 'Portal Acopio', exact: true })).toBeVisible();
      await expect(barra.getByRole('link', { name: 'Crear encuestas' })).toHaveCount(
        usuario === 'admin' ? 1 : 0,
      );
      await page.screenshot({ path: `test-results/capturas/marco-${usuario}.png` });
    });
  }

  test('mensajes de validación de ambos pasos y el msj del servidor en rojo', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Este campo es obligatorio')).toBeVisible();
    await page.screenshot({ path: 'test-results/capturas/ingreso-paso1.png' });

    await page.getByLabel('Usuario').fill('cliente2');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('heading', { name: 'INGRESAR COORDENADAS' })).toBeVisible();
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Este campo es obligatorio')).toHaveCount(2);
    await page.locator('#coordenada1').fill('0');
    await page.locator('#coordenada2').fill('12.5');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('La coordenada debe ser un valor positivo')).toBeVisible();
    await expect(page.getByText('La coordenada debe ser un numero entero')).toBeVisible();
    await page.screenshot({ path: 'test-results/capturas/ingreso-paso2.png' });

    await page.locator('#coordenada1').fill('1');
    await page.locator('#coordenada2').fill('1');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const alerta = page.getByRole('alert');
    await expect(alerta).toHaveText('Usuario o coordenadas incorrectas');
    await expect(alerta).toHaveClass(/alert-danger/);

    // The same cells are asked again; the right values open the session.
    const valores = tarjetaDe('cliente2');
    for (const campo of ['coordenada1', 'coordenada2']) {
      const etiqueta = (await page.locator(`label[for="${campo}"]`).textContent())!.trim();
      await page.locator(`#${campo}`).fill(String(valores[etiqueta as keyof typeof valores]));
    }
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('button', { name: 'cliente2' })).toBeVisible();
  });

  test('Cerrar sesión vuelve al ingreso y las rutas protegidas dejan de abrirse', async ({
    page,
  }) => {
    await ingresar(page, 'cliente1');
    await page.getByRole('button', { name: 'cliente1' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByLabel('Usuario')).toBeVisible();
    // The screen sends the browser back to '/' as soon as its first call answers 401, which
    // may be before the page's load event: wait only for the navigation to start.
    await page.goto('/cupos', { waitUntil: 'commit' });
    await expect(page).toHaveURL('/');
    await expect(page.getByLabel('Usuario')).toBeVisible();
  });

  test('a 390 px la barra se pliega: el botón del menú muestra los enlaces y Cerrar sesión', async ({
    page,
  }) => {
    await ingresar(page, 'cliente1');
    await page.setViewportSize({ width: 390, height: 844 });
    const cupos = page.getByRole('navigation').getByRole('link', { name: 'Cupos', exact: true });
    await expect(cupos).toBeHidden();
    await page.getByRole('button', { name: 'Mostrar menú' }).click();
    await expect(cupos).toBeVisible();
    await page.getByRole('button', { name: 'cliente1' }).click();
    // The menu has finished opening ('collapsing' while it animates).
    await expect(page.locator('#navegacion-principal')).toHaveClass(/\bshow\b/);
    await page.screenshot({ path: 'test-results/capturas/marco-menu-390.png' });
    const aviso = page.getByText(/encuesta\(s\) pendiente\(s\) para responder/);
    await expect(aviso).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByLabel('Usuario')).toBeVisible();
    // The notice of cliente1's pending surveys (7 s) does not stay for whoever signs in next.
    await expect(aviso).toHaveCount(0, { timeout: 2_000 });
    await page.screenshot({ path: 'test-results/capturas/ingreso-390.png' });
  });
});

test.describe('la barra de navegación a 390 px', () => {
  test('elegir una entrada cierra el menú y enciende solo la de la ruta, también pasando por Administración', async ({
    page,
  }) => {
    await ingresar(page, 'admin');
    await page.setViewportSize({ width: 390, height: 844 });
    const barra = page.getByRole('navigation');
    const menu = page.locator('#navegacion-principal');
    const encendidas = () => menu.locator('.nav-link.active');
    // As a person does: a choice once the menu has opened ('collapsing' while it animates, 350
    // ms). A click inside it while it grows was lost now and then (1 run in 20 under load): the
    // dropdown did not open, or its entry did not navigate.
    const abrirMenu = async () => {
      await page.getByRole('button', { name: 'Mostrar menú' }).click();
      await expect(menu).toHaveClass(/\bshow\b/);
    };
    await abrirMenu();
    await barra.getByRole('link', { name: 'Tablero', exact: true }).click();
    await expect(page).toHaveURL('/tablero');
    await expect(menu).not.toHaveClass(/\bshow\b/);
    await abrirMenu();
    await expect(encendidas()).toHaveText(['Tablero']);
    const administracion = barra.getByRole('button', { name: 'Administración' });
    await administracion.click();
    await expect(administracion).toHaveAttribute('aria-expanded', 'true');
    await barra.getByRole('link', { name: 'Auditoría' }).click();
    await expect(page).toHaveURL('/administracion/auditoria');
    await expect(menu).not.toHaveClass(/\bshow\b/);
    await abrirMenu();
    await expect(encendidas()).toHaveText(['Administración']);
    await page.screenshot({ path: 'test-results/capturas/marco-menu-admin-390.png' });
    // Back to Tablero, then away by the brand (a link outside the menu): only Camiones is lit.
    await barra.getByRole('link', { name: 'Tablero', exact: true }).click();
    await expect(page).toHaveURL('/tablero');
    await barra.getByRole('link', { name: 'Portal Acopio' }).click();
    await expect(page).toHaveURL('/camiones');
    await abrirMenu();
    await expect(encendidas()).toHaveText(['Camiones']);
  });
});

test.describe('los avisos', () => {
  for (const ancho of [1366, 390]) {
    test(`a ${ancho} px un aviso arriba no tapa la barra de navegación`, async ({ page }) => {
      await ingresar(page, 'admin');
      await page.setViewportSize({ width: ancho, height: 800 });
      // Saving the dashboard's parameters as they are: a success toast at the top.
      await page.goto('/tablero');
      await page.getByRole('button', { name: 'Parámetros del tablero' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
      const aviso = page.locator('.Toastify__toast').filter({ hasText: /./ }).first();
      await expect(aviso).toBeVisible();
      const barra = (await page.locator('nav.navbar').boundingBox())!;
      // Where it ends up once its entrance is over.
      await expect
        .poll(async () => (await aviso.boundingBox())!.y)
        .toBeGreaterThanOrEqual(barra.y + barra.height);
      await page.screenshot({ path: `test-results/capturas/aviso-bajo-la-barra-${ancho}.png` });
    });
  }
});

test.describe('rutas', () => {
  test('sin sesión, cualquier ruta lleva al ingreso', async ({ page }) => {
    for (const ruta of ['/camiones', '/stock', '/encuestas', '/cupos/modificar/3', '/no-existe']) {
      await page.goto(ruta);
      await expect(page).toHaveURL('/');
      await expect(page.getByLabel('Usuario')).toBeVisible();
    }
  });

  test('con sesión, la barra lleva a cada pantalla y una ruta desconocida muestra "Página no encontrada"', async ({
    page,
  }) => {
    await ingresar(page, 'admin');
    const barra = page.getByRole('navigation');
    const destinos: [string, string][] = [
      ['Cupos', '/cupos'],
      ['Stock', '/stock'],
      ['Crear encuestas', '/encuestas'],
      ['Encuesta', '/encuestas/listar'],
      ['Camiones', '/camiones'],
    ];
    for (const [enlace, ruta] of destinos) {
      await barra.getByRole('link', { name: enlace, exact: true }).click();
      await expect(page).toHaveURL(ruta);
    }
    await barra.getByRole('link', { name: 'Portal Acopio' }).click();
    await expect(page).toHaveURL('/camiones');
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await page.screenshot({ path: 'test-results/capturas/no-encontrada.png' });
  });

  test('una sesión vencida en el servidor devuelve al ingreso al recargar', async ({
    page,
    api,
  }) => {
    await ingresar(page, 'cliente1');
    // Gone on the server, as an expired one is: the administrator closes cliente1's sessions.
    await api.post('/api/administracion/usuarios/cerrar-sesiones', { usuario: 'cliente1' });
    await page.reload();
    await expect(page.getByLabel('Usuario')).toBeVisible();
  });
});
