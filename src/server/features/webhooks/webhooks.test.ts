/**
 * Webhooks (issue 25) against a real HTTP receiver on 127.0.0.1 and the injected clock (no real
 * waiting): registration with a secret shown once, the address checks (registration and
 * delivery), fan-out by company, Standard Webhooks signatures verified with the
 * `standardwebhooks` library, a receiver down for a stretch (everything delivered once it is
 * back, duplicates with the same webhook-id, in order per truck and quota), 410 disables, a
 * receiver that never answers times out, the delivery log and re-sending.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENTOS_WEBHOOK } from '../../../shared/contracts/webhooks';
import { crearCupo } from '../camiones/datos-prueba';
import { ACTOR_PRUEBA, camionHasta, ingresoDePrueba } from '../operaciones/datos-prueba';
import { registrarIngreso } from '../operaciones/servicio';
import { TrabajadorAvisos } from '../avisos/trabajador';
import { leerConfig } from '../../config';
import { usarAppDePrueba } from '../../test/app';
import { cerrarServidor, escucharEnLocal } from '../../test/http';
import { ingresar, post } from '../../test/sesion';
import { crearCanalWebhook, REINTENTOS_WEBHOOK } from './canal';
import { direccionInterna } from './red';

let ahora = '2026-03-10T10:00:00';
function avanzar(segundos: number) {
  const d = new Date(`${ahora}Z`);
  d.setUTCSeconds(d.getUTCSeconds() + segundos);
  ahora = d.toISOString().slice(0, 19);
}

const t = usarAppDePrueba({
  reloj: () => ahora,
  avisos: { arrancar: false },
  entorno: { WEBHOOKS_ALLOW_HOSTS: '127.0.0.1' },
});

// ---- The receiver -----------------------------------------------------------------------------

interface Recibido {
  ruta: string;
  headers: Record<string, string>;
  cuerpo: string;
}
/** 'ok': 200; 'caido': the connection is cut before reading; 'pierde': read, then cut (the
 * portal cannot know it arrived); a number: that status. Per path. */
type Modo = 'ok' | 'caido' | 'pierde' | 'mudo' | number;
const recibidos: Recibido[] = [];
const modos = new Map<string, Modo>();
let base = '';
const servidor = http.createServer((req, res) => {
  const modo = modos.get(req.url ?? '') ?? 'ok';
  if (modo === 'caido') {
    req.socket.destroy();
    return;
  }
  let cuerpo = '';
  req.setEncoding('utf8');
  req.on('data', (p: string) => (cuerpo += p));
  req.on('end', () => {
    if (modo === 'mudo') return; // never answers
    recibidos.push({
      ruta: req.url ?? '',
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      cuerpo,
    });
    if (modo === 'pierde') {
      req.socket.destroy();
      return;
    }
    res.writeHead(modo === 'ok' ? 200 : modo).end('{}');
  });
});

beforeAll(async () => {
  base = await escucharEnLocal(servidor);
});
afterAll(async () => {
  await cerrarServidor(servidor);
});

beforeEach(async () => {
  recibidos.length = 0;
  modos.clear();
  await t.db.execute(sql`delete from avisos`);
  await t.db.execute(sql`delete from webhook_endpoints`);
});

// ---- Helpers ----------------------------------------------------------------------------------

let admin = '';
async function comoAdmin() {
  admin ||= await ingresar(t.app, 'admin');
  return admin;
}

async function crear(ruta: string, eventos: string[], codempre?: number | null) {
  const res = await post(
    t.app,
    '/api/administracion/webhooks/crear',
    { url: `${base}${ruta}`, eventos, codempre },
    await comoAdmin(),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; secreto: string }>();
}

const TODOS = [
  'camion.ingresado',
  'camion.estado',
  'camion.finalizado',
  'cupo.vinculado',
  'stock.movimiento',
];

async function filas() {
  const { rows } = await t.db.execute<{
    id: number;
    destino: number;
    grupo: string;
    estado: string;
    evento: string;
  }>(sql`select id::int, destino, grupo, estado, evento from avisos order by id`);
  return rows;
}

// ---- Tests ------------------------------------------------------------------------------------

describe('direcciones internas', () => {
  it('loopback, privadas, link-local, sin especificar y CGNAT se rechazan; públicas no', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(direccionInterna(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888']) {
      expect(direccionInterna(ip), ip).toBe(false);
    }
  });
});

describe('registro', () => {
  it('el secreto whsec_ se muestra una vez; la lista no lo trae; queda auditado sin el secreto', async () => {
    const { id, secreto } = await crear('/a', ['camion.finalizado']);
    expect(secreto).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/administracion/webhooks',
      headers: { cookie: await comoAdmin() },
    });
    expect(lista.statusCode).toBe(200);
    expect(lista.body).not.toContain(secreto.slice(6));
    expect(lista.json()).toEqual([
      expect.objectContaining({ id, url: `${base}/a`, codempre: null, activo: true }),
    ]);
    const { rows } = await t.db.execute<{ despues: string }>(sql`
      select despues::text from auditoria where accion = 'crear_webhook' and fila_id = ${String(id)}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.despues).not.toContain(secreto.slice(6));
  });

  it('rechaza direcciones internas no permitidas por WEBHOOKS_ALLOW_HOSTS, y URLs que no son http(s)', async () => {
    const cookie = await comoAdmin();
    for (const url of [
      'http://127.0.0.2/x',
      'http://10.0.0.5/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://0.0.0.0/x',
      'http://100.64.1.1/x',
      'ftp://example.com/x',
      'http://usuario:clave@example.com/x',
    ]) {
      const res = await post(
        t.app,
        '/api/administracion/webhooks/crear',
        { url, eventos: ['camion.finalizado'] },
        cookie,
      );
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ msj: string }>().msj).toMatch(/^url: /);
    }
    expect((await filas()).length).toBe(0);
  });
});

describe('entrega', () => {
  it('firma Standard Webhooks verificable; una empresa recibe solo lo suyo, la terminal todo', async () => {
    const terminal = await crear('/t', TODOS);
    const empresa1 = await crear('/e1', TODOS, 1);
    await crear('/e2', TODOS, 2);
    await camionHasta(t.db, 4);
    expect(await t.app.avisos.procesar()).toBeGreaterThan(0);

    const porRuta = (r: string) => recibidos.filter((x) => x.ruta === r);
    const tipos = (r: string) =>
      porRuta(r).map((x) => (JSON.parse(x.cuerpo) as { type: string }).type);
    // Company 2's endpoint: nothing of company 1's truck.
    expect(porRuta('/e2')).toHaveLength(0);
    expect(porRuta('/t').length).toBeGreaterThanOrEqual(5);
    expect(tipos('/e1')).toEqual(tipos('/t'));
    for (const [ruta, secreto] of [
      ['/t', terminal.secreto],
      ['/e1', empresa1.secreto],
    ] as const) {
      for (const r of porRuta(ruta)) {
        const evento = new Webhook(secreto).verify(r.cuerpo, r.headers) as {
          type: string;
          data: { codempre: number };
        };
        expect(evento.data.codempre).toBe(1);
        expect(r.headers['webhook-id']).toMatch(/^msg_\d+$/);
      }
      // Another endpoint's secret does not verify.
      expect(() =>
        new Webhook(ruta === '/t' ? empresa1.secreto : terminal.secreto).verify(
          porRuta(ruta)[0]!.cuerpo,
          porRuta(ruta)[0]!.headers,
        ),
      ).toThrow();
    }
    const finalizado = porRuta('/t')
      .map((x) => JSON.parse(x.cuerpo) as { type: string; data: Record<string, unknown[]> })
      .find((x) => x.type === 'camion.finalizado')!;
    expect(finalizado.data.ticket).toMatchObject({ tara: 14000, bruto: 44000 });
    expect(finalizado.data.movimientos).toHaveLength(1);
  });

  it('receptor caído un tramo: al volver, 100 % entregado, 0 perdidos, duplicados con el mismo webhook-id, en orden por camión y cupo', async () => {
    const { secreto } = await crear('/r', TODOS);
    modos.set('/r', 'caido');
    for (let i = 0; i < 4; i++) await camionHasta(t.db, 4);
    const total = (await filas()).length;
    expect(total).toBeGreaterThanOrEqual(4 * 5);

    // Down: the first try of each group's head and two retries fail, on the terminal's clock.
    await t.app.avisos.procesar();
    avanzar(REINTENTOS_WEBHOOK[0]);
    await t.app.avisos.procesar();
    // Flaky: it reads the request and cuts the connection, so the portal must send it again.
    modos.set('/r', 'pierde');
    avanzar(REINTENTOS_WEBHOOK[1]);
    await t.app.avisos.procesar();
    expect(recibidos.length).toBeGreaterThan(0);
    // Back.
    modos.set('/r', 'ok');
    for (let vuelta = 0; vuelta < 5; vuelta++) {
      avanzar(REINTENTOS_WEBHOOK[2]);
      await t.app.avisos.procesar();
    }
    const estado = await filas();
    expect(estado.filter((f) => f.estado !== 'enviado')).toEqual([]);

    const ids = new Set(recibidos.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(total);
    expect([...ids].sort()).toEqual(estado.map((f) => `msg_${f.id}`).sort());
    // Duplicates: same id, same body, and each verifies.
    const porId = new Map<string, string>();
    let duplicados = 0;
    for (const r of recibidos) {
      new Webhook(secreto).verify(r.cuerpo, r.headers);
      const id = r.headers['webhook-id']!;
      if (porId.has(id)) {
        duplicados++;
        expect(r.cuerpo).toBe(porId.get(id));
      } else porId.set(id, r.cuerpo);
    }
    expect(duplicados).toBeGreaterThan(0);
    // In order per group (truck, quota): the first arrival of each id, by the outbox's order.
    const grupoDe = new Map(estado.map((f) => [`msg_${f.id}`, f.grupo]));
    const vistos = new Set<string>();
    const porGrupo = new Map<string, number[]>();
    for (const r of recibidos) {
      const id = r.headers['webhook-id']!;
      if (vistos.has(id)) continue;
      vistos.add(id);
      const g = grupoDe.get(id)!;
      porGrupo.set(g, [...(porGrupo.get(g) ?? []), Number(id.slice(4))]);
    }
    expect(porGrupo.size).toBeGreaterThanOrEqual(8);
    for (const [g, lista] of porGrupo) {
      expect(lista, g).toEqual([...lista].sort((a, b) => a - b));
    }
  });

  it('el timestamp del cuerpo es la hora del reloj de la terminal (el inyectado), en UTC', async () => {
    await crear('/reloj', ['camion.ingresado']);
    ahora = '2026-03-10T10:00:00';
    await camionHasta(t.db, 1);
    await t.app.avisos.procesar();
    const [r] = recibidos.filter((x) => x.ruta === '/reloj');
    // Buenos Aires is UTC-3 all year: 10:00 on the terminal's wall is 13:00 UTC.
    expect((JSON.parse(r!.cuerpo) as { timestamp: string }).timestamp).toBe(
      '2026-03-10T13:00:00.000Z',
    );
  });

  it('camion.ingresado trae el camión como la portería lo responde al ingresar, también en minúsculas y con su cupo', async () => {
    await crear('/ing', ['camion.ingresado', 'cupo.vinculado']);
    const sinCupo = await t.db.transaction((tx) =>
      registrarIngreso(tx, ACTOR_PRUEBA, ingresoDePrueba({ patcha: 'ab 123 cd' })),
    );
    const cupo = await crearCupo(t.db, {});
    const conCupo = await t.db.transaction((tx) =>
      registrarIngreso(tx, ACTOR_PRUEBA, ingresoDePrueba({ cupo })),
    );
    await t.app.avisos.procesar();
    const datos = recibidos
      .filter((x) => x.ruta === '/ing')
      .map((x) => JSON.parse(x.cuerpo) as { type: string; data: { camion: number } });
    const ingresos = datos.filter((d) => d.type === 'camion.ingresado').map((d) => d.data);
    expect(ingresos).toHaveLength(2);
    // The first: what the gate answered. The second: as it entered, before its quota's link.
    expect(ingresos[0]).toEqual(sinCupo);
    expect(ingresos[1]).toEqual({
      ...conCupo,
      codestado: 1,
      nomestado: 'Playa sin orden',
      cupos: [],
    });
    expect(datos.map((d) => d.type)).toEqual([
      'camion.ingresado',
      'camion.ingresado',
      'cupo.vinculado',
    ]);
  });

  it('un 410 desactiva el endpoint: la entrega falla sin reintentos y no se encolan más', async () => {
    const { id } = await crear('/ido', ['camion.ingresado']);
    modos.set('/ido', 410);
    await camionHasta(t.db, 1);
    await t.app.avisos.procesar();
    expect((await filas()).map((f) => f.estado)).toEqual(['fallido']);
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/administracion/webhooks',
      headers: { cookie: await comoAdmin() },
    });
    expect(lista.json()[0]).toMatchObject({
      id,
      activo: false,
      fallidas: 1,
      ultimoIntento: ahora,
      ultimoHttp: 410,
    });
    expect(lista.json()[0].motivoInactivo).toMatch(/410/);
    // The outbox's screen names the endpoint by its URL.
    const avisos = await post(t.app, '/api/administracion/avisos', {}, await comoAdmin());
    expect(avisos.json().filas[0]).toMatchObject({
      canal: 'webhook',
      destino: id,
      destinoNombre: `${base}/ido`,
      estado: 'fallido',
    });
    await camionHasta(t.db, 1);
    expect(await filas()).toHaveLength(1);

    // The log shows it; a re-send waits for the endpoint to be enabled again.
    const cookie = await comoAdmin();
    const log = await post(t.app, '/api/administracion/webhooks/entregas', { id }, cookie);
    expect(log.statusCode).toBe(200);
    const [entrega] = log.json().filas;
    expect(entrega).toMatchObject({ estado: 'fallido', http: 410, evento: 'camion.ingresado' });
    expect(entrega.ultimoIntento).toBe(ahora);
    const cuerpo = { id, entrega: entrega.entrega };
    expect(
      (await post(t.app, '/api/administracion/webhooks/reenviar', cuerpo, cookie)).statusCode,
    ).toBe(409);
    modos.set('/ido', 'ok');
    const activar = { id, activo: true };
    expect(
      (await post(t.app, '/api/administracion/webhooks/activar', activar, cookie)).statusCode,
    ).toBe(200);
    expect(
      (await post(t.app, '/api/administracion/webhooks/reenviar', cuerpo, cookie)).statusCode,
    ).toBe(200);
    await t.app.avisos.procesar();
    const despues = await post(t.app, '/api/administracion/webhooks/entregas', { id }, cookie);
    expect(despues.json().filas[0]).toMatchObject({ estado: 'enviado', http: 200 });
    const ids = recibidos.filter((r) => r.ruta === '/ido').map((r) => r.headers['webhook-id']);
    expect(ids).toEqual([`msg_${entrega.entrega}`, `msg_${entrega.entrega}`]);
    // Delivered: nothing to re-send.
    expect(
      (await post(t.app, '/api/administracion/webhooks/reenviar', cuerpo, cookie)).statusCode,
    ).toBe(409);
  });

  it('un receptor que no responde corta a tiempo y se reintenta', async () => {
    await crear('/mudo', ['camion.ingresado']);
    modos.set('/mudo', 'mudo');
    await camionHasta(t.db, 1);
    const canal = crearCanalWebhook({
      db: t.db,
      reloj: () => ahora,
      permitidos: ['127.0.0.1'],
      timeoutMs: 300,
    });
    const trabajador = new TrabajadorAvisos(t.db, () => ahora, [canal]);
    expect(await trabajador.procesar()).toBe(1);
    const { rows } = await t.db.execute<{ estado: string; ultimo_error: string }>(
      sql`select estado, ultimo_error from avisos`,
    );
    expect(rows[0]).toMatchObject({
      estado: 'pendiente',
      ultimo_error: expect.stringMatching(/0.3 s/),
    });
  });

  it('WEBHOOKS_RETRY_SECONDS cambia los reintentos: sin más, la entrega queda fallida', async () => {
    expect(leerConfig({ DATA_DIR: '/tmp' }).webhooksReintentos).toBeUndefined();
    expect(
      leerConfig({ DATA_DIR: '/tmp', WEBHOOKS_RETRY_SECONDS: '1, 30' }).webhooksReintentos,
    ).toEqual([1, 30]);
    for (const malo of ['uno', '5,,6', '-1', String(8 * 86_400)]) {
      expect(() => leerConfig({ DATA_DIR: '/tmp', WEBHOOKS_RETRY_SECONDS: malo }), malo).toThrow(
        /WEBHOOKS_RETRY_SECONDS/,
      );
    }
    const { id } = await crear('/corto', ['camion.ingresado']);
    modos.set('/corto', 500);
    await camionHasta(t.db, 1);
    const canal = crearCanalWebhook({
      db: t.db,
      reloj: () => ahora,
      permitidos: ['127.0.0.1'],
      reintentos: [1],
    });
    const trabajador = new TrabajadorAvisos(t.db, () => ahora, [canal]);
    expect(await trabajador.procesar()).toBe(1);
    expect((await filas()).map((f) => f.estado)).toEqual(['pendiente']);
    avanzar(1);
    expect(await trabajador.procesar()).toBe(1);
    expect((await filas()).map((f) => f.estado)).toEqual(['fallido']);
    const log = await post(
      t.app,
      '/api/administracion/webhooks/entregas',
      { id },
      await comoAdmin(),
    );
    expect(log.json().filas[0]).toMatchObject({ estado: 'fallido', intentos: 2, http: 500 });
  });

  it('las entregas a un endpoint siguen por la conexión abierta; cerrar el canal la corta', async () => {
    await crear('/seguido', ['camion.ingresado']);
    await camionHasta(t.db, 1);
    await camionHasta(t.db, 1);
    const conexiones: Socket[] = [];
    const contar = (s: Socket) => conexiones.push(s);
    servidor.on('connection', contar);
    try {
      const canal = crearCanalWebhook({ db: t.db, reloj: () => ahora, permitidos: ['127.0.0.1'] });
      const trabajador = new TrabajadorAvisos(t.db, () => ahora, [canal]);
      expect(await trabajador.procesar()).toBe(2);
      expect(recibidos.map((r) => r.ruta)).toEqual(['/seguido', '/seguido']);
      // One handshake for both: the second went over the socket the first left open.
      expect(conexiones).toHaveLength(1);
      const cerrada = new Promise((r) => conexiones[0]!.once('close', r));
      await trabajador.detener();
      await cerrada;
    } finally {
      servidor.off('connection', contar);
    }
  });

  it('la dirección se vuelve a comprobar al entregar: sin permiso, no sale nada', async () => {
    await crear('/a', ['camion.ingresado']);
    await camionHasta(t.db, 1);
    const canal = crearCanalWebhook({ db: t.db, reloj: () => ahora, permitidos: [] });
    const trabajador = new TrabajadorAvisos(t.db, () => ahora, [canal]);
    expect(await trabajador.procesar()).toBe(1);
    expect(recibidos).toHaveLength(0);
    const { rows } = await t.db.execute<{ estado: string; ultimo_error: string }>(
      sql`select estado, ultimo_error from avisos`,
    );
    expect(rows[0]!.estado).toBe('fallido');
    expect(rows[0]!.ultimo_error).toMatch(/dirección interna/);
  });
});

describe('documento OpenAPI', () => {
  it('la sección webhooks trae cada evento con su cuerpo y las tres cabeceras de la firma', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{
      openapi: string;
      webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: unknown } }>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENTOS_WEBHOOK].sort());
    const fin = doc.webhooks['camion.finalizado']!.post;
    expect(fin.parameters.map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(JSON.stringify(fin.requestBody)).toContain('"ticket"');
  });
});
