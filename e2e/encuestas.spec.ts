/**
 * Surveys end to end: the administrator creates a survey with a scored obligatory question and a
 * text question, a client is told about it at sign-in, answers it (meeting the obligatory check
 * on the way), and the administrator reads the grouped answers and downloads them as a file.
 * The administrator's reminder (issue 16) reaches a client at its next sign-in, once.
 * Every survey here is the test's own and is deleted afterwards: the demo surveys stay unanswered
 * by cliente1 and cliente2, as other specs expect.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type pg from 'pg';
import readXlsxFile from 'read-excel-file/node';
import { type Api, borrarDatosDePrueba } from './datos';
import { expect, ingresar, test } from './fixtures';
import {
  capturas as capturasRevisadas,
  modalAbierto,
  sinViolacionesGraves,
} from './revision-pantalla';

const CAPTURAS = 'test-results/capturas';

/**
 * The screen at 1366x768 and at 390 px wide, whole page; toasts closed first unless they are
 * what the picture is about (they would cover a dialog's header).
 */
async function capturas(page: Page, nombre: string, { conAvisos = false } = {}) {
  if (!conAvisos) {
    for (const cerrar of await page.locator('.Toastify__close-button').all()) {
      await cerrar.dispatchEvent('click');
    }
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  }
  // A toast caught mid-entrance would be off screen. (Not `animations: 'disabled'`: it would
  // run the toast's countdown to its end and close it.)
  await expect(page.locator('.Toastify__toast.Toastify--animate')).toHaveCount(0);
  const opciones = { fullPage: true } as const;
  await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, ...opciones });
  const tamano = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${CAPTURAS}/${nombre}-390.png`, ...opciones });
  await page.setViewportSize(tamano);
}

async function salir(page: Page, usuario: string) {
  await page.getByRole('button', { name: usuario, exact: true }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByLabel('Usuario')).toBeVisible();
}

/** Requests the page makes to an API path from now on. */
function registrarLlamadas(page: Page, metodo: string, patron: RegExp) {
  const llamadas: string[] = [];
  page.on('request', (r) => {
    if (r.method() === metodo && patron.test(new URL(r.url()).pathname)) llamadas.push(r.url());
  });
  return llamadas;
}

const titulosCreados: string[] = [];
const tituloNuevo = (base: string) => {
  const titulo = `${base} ${randomBytes(3).toString('hex')}`;
  titulosCreados.push(titulo);
  return titulo;
};

/** A survey by its title, as the surveys' list gives it. */
async function idDe(api: Api, titulo: string): Promise<number | undefined> {
  return (await api.get('/api/encuestas')).find((e) => e.Titulo === titulo)?.Id;
}

/** The yardstick of the sign-in's notice: what the database holds as pending for the user. */
async function pendientesDe(db: pg.Pool, usuario: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from encuestas e
     where exists (select 1 from encuesta_preguntas p where p.encuesta_id = e.id)
       and not exists (select 1 from encuesta_respuestas r join usuarios u on u.id = r.usuario_id
                       where r.encuesta_id = e.id and u.usuario = $1)`,
    [usuario],
  );
  return rows[0]!.n;
}

const FECHA = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
/** The spec's columns of each user's answers, word for word. */
const COLUMNAS_RESPUESTAS = [
  '#',
  'Pregunta',
  'Obligatoria',
  'Puntaje',
  'Respuesta',
  'Observaciones',
  'Fecha de Respuesta',
];

test.afterEach(async ({ api }) => {
  // No route deletes a survey: the shared helper does, with its questions and answers.
  const ids = await Promise.all(titulosCreados.map((t) => idDe(api, t)));
  await borrarDatosDePrueba({ encuestas: ids.filter((id) => id !== undefined) });
});

test('ronda completa: el administrador crea, el cliente responde, el administrador exporta', async ({
  page,
  api,
  baseDeDatos,
}) => {
  // Three sign-ins and a dozen screenshots on a shared machine: room to breathe, not a deadline.
  test.slow();
  const titulo = tituloNuevo('Atención en balanza');

  // --- Administrator: create the survey and its questions ---
  await ingresar(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Crear encuestas' }).click();
  await expect(page).toHaveURL('/encuestas');
  await expect(page.getByRole('heading', { name: 'Crear Encuesta' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Encuestas Existentes' })).toBeVisible();

  const altas = registrarLlamadas(page, 'POST', /^\/api\/encuestas$/);
  await page.getByRole('button', { name: 'Crear Encuesta' }).click();
  await expect(page.getByText('Debe completar el título')).toBeVisible();
  expect(altas).toHaveLength(0);

  await page.getByLabel('Título').fill(titulo);
  await page.getByLabel('Descripción').fill('Primera versión');
  await page.getByRole('button', { name: 'Crear Encuesta' }).click();
  await expect(page.getByText('Encuesta creada')).toBeVisible();
  expect(altas).toHaveLength(1);
  const fila = page.getByRole('row').filter({ hasText: titulo });
  // The title heads its row (a phone's card shows it on top): the cells are the rest.
  await expect(fila.getByRole('rowheader')).toHaveText(titulo);
  await expect(fila.getByRole('cell').nth(1)).toHaveText('Primera versión');
  await expect(fila.getByRole('cell').nth(2)).toHaveText(FECHA);
  // Newest first: the new survey is row 1.
  await expect(fila.getByRole('cell').first()).toHaveText('1');
  await capturas(page, 'encuestas-admin', { conAvisos: true });

  await fila.getByRole('button', { name: 'Preguntas' }).click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo.getByRole('heading', { name: `Preguntas de: ${titulo}` })).toBeVisible();
  await expect(dialogo.getByText('No hay preguntas disponibles para esta encuesta.')).toBeVisible();

  const preguntasNuevas = registrarLlamadas(page, 'POST', /^\/api\/encuestas\/pregunta$/);
  await dialogo.getByRole('button', { name: 'Agregar', exact: true }).click();
  await dialogo.getByLabel('Agregar nueva pregunta').fill('   ');
  await dialogo.getByRole('button', { name: 'Agregar', exact: true }).click();
  expect(preguntasNuevas).toHaveLength(0);
  await expect(dialogo.getByLabel('Agregar nueva pregunta')).toHaveAttribute('maxlength', '500');

  for (const texto of ['¿Cómo califica la atención en balanza?', '¿Qué deberíamos mejorar?']) {
    await dialogo.getByLabel('Agregar nueva pregunta').fill(texto);
    await dialogo.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(dialogo.getByRole('textbox', { name: /^Pregunta \d+$/ }).last()).toHaveValue(
      texto,
    );
  }
  await expect(page.getByText('Pregunta agregada').first()).toBeVisible();
  expect(preguntasNuevas).toHaveLength(2);

  const items = dialogo.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await items.nth(0).getByLabel('Obligatoria').check();
  await items.nth(0).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Pregunta actualizada')).toBeVisible();
  await items.nth(1).getByLabel('Es texto?').check();
  await items.nth(1).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Pregunta actualizada')).toHaveCount(2);

  await dialogo.getByRole('button', { name: 'Editar Encuesta' }).click();
  await expect(dialogo.getByLabel('Nuevo título')).toHaveValue(titulo);
  await dialogo.getByLabel('Nueva descripción').fill('Queremos saber cómo lo atienden en balanza');
  await capturas(page, 'encuestas-admin-preguntas');
  await dialogo.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Encuesta actualizada')).toBeVisible();
  await expect(dialogo.getByRole('button', { name: 'Editar Encuesta' })).toBeVisible();
  await dialogo.getByRole('button', { name: 'Close' }).click();
  await expect(fila.getByRole('cell').nth(1)).toHaveText(
    'Queremos saber cómo lo atienden en balanza',
  );

  // What was saved, as the survey's questions read back.
  const guardadas = await api.get('/api/encuestas/:id/preguntas', {
    id: (await idDe(api, titulo))!,
  });
  expect(guardadas.map((p) => ({ obligatoria: p.Obligatoria, es_texto: p.EsTexto }))).toEqual([
    { obligatoria: 1, es_texto: 0 },
    { obligatoria: 0, es_texto: 1 },
  ]);
  await salir(page, 'admin');

  // --- Client: the notice at sign-in, the list, answering ---
  const pendientes = await pendientesDe(baseDeDatos, 'cliente1');
  expect(pendientes).toBeGreaterThanOrEqual(1);
  await ingresar(page, 'cliente1');
  const aviso = page.getByText(`Tenés ${pendientes} encuesta(s) pendiente(s) para responder.`);
  await expect(aviso).toBeVisible();
  await expect(page.locator('.Toastify__toast-container--bottom-right')).toContainText(
    'pendiente(s)',
  );
  await capturas(page, 'encuestas-aviso-pendientes', { conAvisos: true });

  // A reload is not a sign-in: no check, no notice.
  const consultas = registrarLlamadas(page, 'GET', /^\/api\/encuestas\/pendientes\//);
  await page.reload();
  await expect(page.getByRole('button', { name: 'cliente1' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(consultas).toHaveLength(0);
  await expect(aviso).toHaveCount(0);

  await page.getByRole('navigation').getByRole('link', { name: 'Encuesta', exact: true }).click();
  await expect(page).toHaveURL('/encuestas/listar');
  await expect(page.getByRole('heading', { name: 'Encuestas disponibles' })).toBeVisible();
  const miFila = page.getByRole('row').filter({ hasText: titulo });
  await expect(miFila.getByRole('cell').nth(3)).toHaveText('No');
  await expect(miFila.getByRole('cell').nth(2)).toHaveText(FECHA);
  await capturas(page, 'encuestas-listar');
  await miFila.getByRole('button', { name: 'Responder' }).click();
  await expect(page).toHaveURL(/\/encuestas\/responder\/\d+$/);

  await expect(page.getByRole('heading', { name: titulo })).toBeVisible();
  await expect(page.getByText('Queremos saber cómo lo atienden en balanza')).toBeVisible();
  const primera = page.getByRole('group', { name: /^1\. ¿Cómo califica la atención en balanza\?/ });
  await expect(primera).toContainText('* (Obligatoria)');
  for (const opcion of ['1 Malo', '2 Regular', '3 Bueno', '4 Muy Bueno', '5 Excelente']) {
    await expect(primera.getByRole('radio', { name: opcion })).not.toBeChecked();
  }
  const segunda = page.getByRole('group', { name: /^2\. ¿Qué deberíamos mejorar\?/ });
  await expect(segunda).not.toContainText('Obligatoria');
  await expect(segunda.getByRole('textbox')).toHaveAttribute('maxlength', '255');
  await expect(primera.getByLabel('Observaciones (opcional)')).toHaveAttribute('maxlength', '250');

  const envios = registrarLlamadas(page, 'POST', /^\/api\/encuestas\/responder$/);
  await page.getByRole('button', { name: 'Enviar Respuestas' }).click();
  await expect(page.getByText('Debes responder todas las preguntas obligatorias.')).toBeVisible();
  expect(envios).toHaveLength(0);
  await capturas(page, 'encuestas-responder', { conAvisos: true });

  await primera.getByRole('radio', { name: '4 Muy Bueno' }).check();
  await primera.getByLabel('Observaciones (opcional)').fill('Muy rápidos');
  await segunda.getByRole('textbox').fill('Más balanzas en horario pico');
  await page.getByRole('button', { name: 'Enviar Respuestas' }).click();
  await expect(page.getByText('¡Gracias por responder!')).toBeVisible();
  await expect(page).toHaveURL('/encuestas/listar');
  expect(envios).toHaveLength(1);
  await expect(miFila.getByRole('cell').nth(3)).toHaveText('Sí');
  await expect(miFila.getByRole('button', { name: 'Respondida' })).toBeDisabled();
  // Coming back to the answered survey's address shows no form to send twice.
  await page.goBack();
  await expect(page.getByText('Ya respondiste esta encuesta')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar Respuestas' })).toHaveCount(0);
  await salir(page, 'cliente1');

  // --- Administrator: the answers and the file ---
  await ingresar(page, 'admin');
  await page.goto('/encuestas');
  await page
    .getByRole('row')
    .filter({ hasText: titulo })
    .getByRole('link', { name: 'Ver Respuestas' })
    .click();
  await expect(page).toHaveURL(/\/encuestas\/respuestas\/\d+$/);
  await expect(page.getByRole('heading', { name: titulo })).toBeVisible();
  const grupo = page.getByRole('article').filter({
    has: page.getByRole('heading', {
      name: 'Usuario: cliente1 - Empresa : Agroexportadora del Litoral S.A.',
    }),
  });
  await expect(grupo.getByRole('columnheader')).toHaveText(COLUMNAS_RESPUESTAS);
  const filas = grupo.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(filas).toHaveCount(2);
  const enPantalla = await Promise.all(
    // The question heads its row (th): the row's texts in order, its header among them.
    (await filas.all()).map((f) => f.locator('th, td').allTextContents()),
  );
  expect(enPantalla[0]!.slice(0, 6)).toEqual([
    '1',
    '¿Cómo califica la atención en balanza?',
    'Sí',
    '4',
    '',
    'Muy rápidos',
  ]);
  expect(enPantalla[1]!.slice(0, 6)).toEqual([
    '2',
    '¿Qué deberíamos mejorar?',
    'No',
    '',
    'Más balanzas en horario pico',
    '',
  ]);
  expect(enPantalla[0]![6]).toMatch(FECHA);
  // The results above the answers (issue 16): one answer set, a 4 on the scored question.
  const resultados = page.getByRole('region', { name: 'Resultados' });
  await expect(resultados).toContainText('Respondieron 1 de');
  const puntuada = resultados.getByRole('article', { name: /^Pregunta 1: / });
  await expect(puntuada).toContainText('Respondidas: 1 · Omitidas: 0 · Promedio: 4,00');
  await expect(puntuada).toContainText('CSAT 100 % (bueno)');
  await expect(puntuada.getByRole('row', { name: /^4 Muy Bueno/ })).toContainText('1100 %');
  await expect(resultados.getByRole('article', { name: /^Pregunta 2: / })).toContainText(
    'Más balanzas en horario pico',
  );
  await capturas(page, 'encuestas-respuestas');

  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe(`${titulo.replaceAll(' ', '_')}.xlsx`);
  const hojas = await readXlsxFile(await archivo.path());
  expect(hojas.map((h) => h.sheet)).toEqual(['Respuestas']);
  const [cabecera, ...datos] = hojas[0]!.data;
  expect(cabecera).toEqual(['Usuario', 'Empresa', ...COLUMNAS_RESPUESTAS]);
  // The file holds exactly the rows on screen, with real numbers and dates.
  const ddmmaaaa = (d: Date) =>
    `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/` +
    `${d.getUTCFullYear()} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  expect(
    datos.map((r) => {
      const [usuario, empresa, numero, ...resto] = r;
      const fecha = resto[5];
      if (!(fecha instanceof Date))
        throw new Error(`Fecha de Respuesta no es una fecha: ${String(fecha)}`);
      return [
        usuario,
        empresa,
        String(numero),
        ...resto.slice(0, 5).map((v) => (v === null ? '' : String(v))),
        ddmmaaaa(fecha),
      ];
    }),
  ).toEqual(
    enPantalla.map((celdas) => ['cliente1', 'Agroexportadora del Litoral S.A.', ...celdas]),
  );
  expect(datos[0]![5]).toBe(4);
});

test('estados vacíos, permisos y una encuesta inexistente', async ({ page, api }) => {
  const titulo = tituloNuevo('Sin preguntas todavía');
  const { Id: id } = await api.post('/api/encuestas', { titulo });

  await ingresar(page, 'admin');
  await page.goto(`/encuestas/respuestas/${id}`);
  await expect(page.getByRole('heading', { name: titulo })).toBeVisible();
  await expect(page.getByText('Sin descripción')).toBeVisible();
  await expect(
    page.getByText(
      'Ningún usuario ha respondido esta encuesta aún o no tienes acceso para ver las respuestas.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  await expect(page.getByText('No hay respuestas para exportar')).toBeVisible();
  await capturas(page, 'encuestas-respuestas-vacia', { conAvisos: true });
  await page.getByRole('link', { name: '← Volver' }).click();
  await expect(page).toHaveURL('/encuestas');
  await expect(
    page.getByRole('row').filter({ hasText: titulo }).getByRole('cell').nth(1),
  ).toHaveText('N/A');

  // The demo survey answered by two users of other companies: one group each.
  await page
    .getByRole('row')
    .filter({ hasText: 'Encuesta de satisfacción — Campaña 2026' })
    .getByRole('link', { name: 'Ver Respuestas' })
    .click();
  await expect(page.getByRole('heading', { name: /^Usuario: .+ - Empresa : .+$/ })).toHaveCount(2);
  const deLaDemo = page.getByRole('region', { name: 'Resultados' });
  await expect(deLaDemo).toContainText('Respondieron 2 de');
  // One company: only its answer set.
  const empresa = deLaDemo.getByLabel('Empresa');
  const opciones = await empresa.locator('option').allTextContents();
  const respondio = await page
    .getByRole('heading', { name: /^Usuario: .+ - Empresa : .+$/ })
    .first()
    .textContent();
  const suEmpresa = opciones.find((o) => respondio!.endsWith(o))!;
  await empresa.selectOption({ label: suEmpresa });
  await expect(deLaDemo).toContainText('Respondieron 1 de');
  await capturas(page, 'encuestas-respuestas-demo');

  await page.goto('/encuestas/respuestas/999999');
  await expect(page.getByRole('heading', { name: 'Sin título' })).toBeVisible();
  await expect(page.getByText('Error al obtener encuesta')).toBeVisible();

  // The administrator does not answer surveys.
  await page.goto('/encuestas/listar');
  await expect(
    page.getByRole('row').filter({ hasText: titulo }).getByRole('button', { name: 'Responder' }),
  ).toBeDisabled();
  await page.goto(`/encuestas/responder/${id}`);
  await expect(
    page.getByText('Encuesta no encontrada o no tienes permiso para responderla'),
  ).toBeVisible();
  await salir(page, 'admin');

  await ingresar(page, 'cliente2');
  for (const ruta of ['/encuestas', `/encuestas/respuestas/${id}`]) {
    await page.goto(ruta);
    await expect(
      page.getByText(
        'No tienes permiso para acceder a esta página. Por favor, contacta al administrador.',
      ),
    ).toBeVisible();
  }
  await capturas(page, 'encuestas-sin-permiso');
  await page.goto(`/encuestas/responder/${id}`);
  await expect(page.getByText('No hay preguntas disponibles para esta encuesta.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar Respuestas' })).toHaveCount(0);
  await page.goto('/encuestas/responder/999999');
  await expect(
    page.getByText('Encuesta no encontrada o no tienes permiso para responderla'),
  ).toBeVisible();
});

test('recordatorio: el administrador lo envía y el cliente lo ve una vez, al ingresar', async ({
  page,
  browser,
  api,
  baseDeDatos,
}) => {
  test.slow();
  const titulo = tituloNuevo('Tiempos de descarga');
  const { Id: id } = await api.post('/api/encuestas', { titulo });
  const texto = '¿Cómo califica los tiempos de descarga?';
  const pregunta = await api.post('/api/encuestas/pregunta', { EncuestaId: id, Texto: texto });
  await api.post('/api/encuestas/pregunta/editar', {
    id: pregunta.Id,
    texto,
    obligatoria: true,
    esTexto: false,
  });
  // Whom it is pending for: the active client users (nobody answered a survey just made).
  const n = (await api.get('/api/administracion/usuarios')).filter(
    (u) => u.activo && u.codempre !== 0,
  ).length;
  expect(n).toBeGreaterThanOrEqual(2);

  // --- Administrator: the reminder from the survey's answers screen ---
  await ingresar(page, 'admin');
  await page.goto(`/encuestas/respuestas/${id}`);
  await expect(page.getByRole('heading', { name: titulo })).toBeVisible();
  await expect(page.getByText('Todavía no se envió ningún recordatorio.')).toContainText(
    `Llegaría a ${n} usuario(s) de ${n} con la encuesta pendiente.`,
  );
  await page.getByRole('button', { name: 'Enviar recordatorio' }).click();
  const dialogo = await modalAbierto(page, 'Confirmación');
  await expect(dialogo).toContainText(
    `¿Enviar un recordatorio a ${n} usuario(s) que todavía no respondieron esta encuesta?`,
  );
  await sinViolacionesGraves(page, 'confirmación del recordatorio');
  await capturasRevisadas(page, 'encuestas-recordatorio-confirmar');
  const envios = registrarLlamadas(page, 'POST', /^\/api\/encuestas\/recordatorio$/);
  await dialogo.getByRole('button', { name: 'Enviar recordatorio', exact: true }).click();
  await expect(page.getByText(`Recordatorio enviado a ${n} usuario(s).`)).toBeVisible();
  expect(envios).toHaveLength(1);
  await expect(page.getByText(/^Último recordatorio: /)).toContainText(
    new RegExp(
      `^Último recordatorio: \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}, a ${n} usuario\\(s\\)\\.`,
    ),
  );
  // Inside the 7 days nobody is left to remind: the button says so by being off.
  await expect(page.getByRole('button', { name: 'Enviar recordatorio' })).toBeDisabled();
  await expect(page.getByText(/recibieron un recordatorio en los últimos 7 días/)).toBeVisible();
  await sinViolacionesGraves(page, 'respuestas con el recordatorio enviado');
  await capturasRevisadas(page, 'encuestas-recordatorio-enviado');
  const { filas: auditoria } = await api.post('/api/administracion/auditoria', {
    accion: 'enviar_recordatorio_encuesta',
    filaId: String(id),
  });
  expect(auditoria).toHaveLength(1);

  // --- Client, in a fresh browser: the reminder at its next sign-in, once ---
  const contexto = await browser.newContext({ baseURL: process.env.E2E_URL });
  try {
    const cliente = await contexto.newPage();
    await ingresar(cliente, 'cliente1');
    const recordatorios = cliente.getByRole('region', { name: 'Recordatorios de encuestas' });
    const suyo = recordatorios.getByRole('status').filter({ hasText: titulo });
    await expect(suyo).toHaveText(
      `Recordatorio: la encuesta «${titulo}» espera tu respuesta. Responder ahora`,
    );
    // Seen once it was on screen (a POST; reading it marked nothing): when, the database keeps
    // and no route shows.
    await expect
      .poll(async () => {
        const { rows: vistos } = await baseDeDatos.query<{ visto: boolean }>(
          `select x.visto_en is not null as visto from encuesta_recordatorios x
           join usuarios u on u.id = x.usuario_id
           where x.encuesta_id = $1 and u.usuario = 'cliente1'`,
          [id],
        );
        return vistos.map((v) => v.visto);
      })
      .toEqual([true]);
    await sinViolacionesGraves(cliente, 'recordatorio al ingresar');
    // The pending-survey toast shows too; the picture keeps the reminder.
    await capturasRevisadas(cliente, 'encuestas-recordatorio-cliente');
    await expect(suyo).toBeVisible();

    await suyo.getByRole('link', { name: 'Responder ahora' }).click();
    await expect(cliente).toHaveURL(`/encuestas/responder/${id}`);
    await expect(cliente.getByRole('heading', { name: titulo })).toBeVisible();
    await expect(suyo).toHaveCount(0);
    await salir(cliente, 'cliente1');

    // The next sign-in asks again and finds nothing unseen.
    const consulta = cliente.waitForResponse((r) =>
      new URL(r.url()).pathname.startsWith('/api/encuestas/recordatorios/'),
    );
    await ingresar(cliente, 'cliente1');
    expect(await (await consulta).json()).not.toContainEqual(
      expect.objectContaining({ EncuestaId: id }),
    );
    await expect(cliente.getByText(titulo)).toHaveCount(0);
  } finally {
    await contexto.close();
  }
});
