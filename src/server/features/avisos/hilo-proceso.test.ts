/**
 * The deliveries' thread in the portal as `npm start` runs it (a real process, issue 25): an
 * e-mail reaches a real SMTP server and a webhook a receiver on 127.0.0.1, both sent by the
 * thread (its start is logged with its threadId); a SIGTERM while a webhook is under way waits
 * for it: the process ends cleanly and the row is recorded as sent.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { iniciarProceso, puertoLibre, type Proceso } from '../../../../scripts/procesos';
import { SECRETO_PRUEBAS } from '../../test/constantes';
import { usarAppDePrueba } from '../../test/app';
import { cerrarServidor, escucharEnLocal } from '../../test/http';
import { ingresar, post } from '../../test/sesion';
import { camionHasta } from '../operaciones/datos-prueba';
import { crearToken } from '../tokens/servicio';

const correos: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  hideSTARTTLS: true,
  disabledCommands: ['AUTH'],
  logger: false,
  closeTimeout: 100,
  onData(flujo, sesion, listo) {
    flujo.resume();
    flujo.on('end', () => {
      correos.push(sesion.envelope.rcptTo.map((r) => r.address).join(','));
      listo();
    });
  },
});
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
const urlSmtp = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

/** The receiver holds its answer until the test lets it go. */
const llegados: string[] = [];
let soltar: () => void = () => undefined;
const suelto = new Promise<void>((r) => (soltar = r));
const receptor = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    llegados.push(req.headers['webhook-id'] as string);
    void suelto.then(() => res.writeHead(200).end('{}'));
  });
});
const urlReceptor = `${await escucharEnLocal(receptor)}/lento`;

// The in-process app only prepares data (its worker does not run): the process delivers.
const t = usarAppDePrueba({
  avisos: { arrancar: false },
  entorno: { SMTP_URL: urlSmtp, WEBHOOKS_ALLOW_HOSTS: '127.0.0.1' },
});

let portal: Proceso | undefined;
let carpeta = '';

beforeAll(async () => {
  carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-hilo-'));
});

afterAll(async () => {
  soltar();
  if (portal && portal.hijo.exitCode === null) {
    portal.hijo.kill('SIGKILL');
    await portal.termino;
  }
  await cerrarServidor(receptor);
  await new Promise<void>((r) => smtp.close(() => r()));
  await fs.rm(carpeta, { recursive: true, force: true });
});

it('el portal entrega en su hilo; SIGTERM espera la entrega en curso y la anota', async () => {
  const admin = await ingresar(t.app, 'admin');
  let r = await post(
    t.app,
    '/api/administracion/usuarios/correo',
    { usuario: 'cliente1', correo: 'uno@cliente.example' },
    admin,
  );
  expect(r.statusCode, r.body).toBe(200);
  r = await post(
    t.app,
    '/api/cuenta/avisos',
    { avisos: ['camion.finalizado'] },
    await ingresar(t.app, 'cliente1'),
  );
  expect(r.statusCode, r.body).toBe(200);
  r = await post(
    t.app,
    '/api/administracion/webhooks/crear',
    { url: urlReceptor, eventos: ['camion.finalizado'] },
    admin,
  );
  expect(r.statusCode, r.body).toBe(201);

  portal = await iniciarProceso('src/server/main.ts', {
    DATABASE_URL: t.url,
    DATABASE_DIRECT_URL: t.urlDirecta,
    DEMO: '0',
    DATA_DIR: carpeta,
    PORT: String(await puertoLibre()),
    HOST: '127.0.0.1',
    CARD_SECRET: SECRETO_PRUEBAS,
    LOG_LEVEL: 'info',
    SMTP_URL: urlSmtp,
    WEBHOOKS_ALLOW_HOSTS: '127.0.0.1',
  });
  const p = portal;
  await vi.waitFor(() => expect(p.salida()).toContain('avisos: hilo de entregas en marcha'), {
    timeout: 20_000,
  });
  const inicio = p
    .salida()
    .split('\n')
    .find((l) => l.includes('avisos: hilo de entregas en marcha'))!;
  expect((JSON.parse(inicio) as { hilo: number }).hilo).toBeGreaterThan(0);

  // A truck finished through the gate API: one e-mail and one webhook in the outbox.
  const { camion } = await camionHasta(t.db, 3);
  const token = await crearToken(t.db, 'terminal', 'balanza-hilo', { actor: 'prueba' });
  r = await post(t.app, '/api/operaciones/bruto', { camion, kg: 44000, balanza: 'B2' }, undefined, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(r.statusCode, r.body).toBe(200);

  await vi.waitFor(
    () => {
      expect(correos).toEqual(['uno@cliente.example']);
      expect(llegados).toHaveLength(1);
    },
    { timeout: 20_000, interval: 50 },
  );
  // The webhook is under way (its receiver has not answered): stop the portal now.
  p.hijo.kill('SIGTERM');
  await vi.waitFor(() => expect(p.salida()).toContain('SIGTERM recibido'));
  // Still stopping: it waits for the delivery under way.
  expect(p.hijo.exitCode).toBeNull();
  soltar();
  expect(await p.termino).toBe(0);
  expect(p.salida()).toContain('Portal detenido.');

  const { rows } = await t.db.execute<{ canal: string; estado: string; intentos: number }>(
    sql`select canal, estado, intentos from avisos order by canal`,
  );
  expect(rows).toEqual([
    { canal: 'correo', estado: 'enviado', intentos: 1 },
    { canal: 'webhook', estado: 'enviado', intentos: 1 },
  ]);
  expect(llegados).toHaveLength(1);
});
