/**
 * Faults (issue 7): the database stops under a running portal and comes back. The portal answers
 * 503 `{ msj }` in Spanish meanwhile, its health says so, it does not crash, and it recovers
 * without a restart — sessions included, since they live in PostgreSQL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detenerProceso, iniciarProceso, puertoLibre, type Proceso } from '../../scripts/procesos';
import { MENSAJES_API } from '../shared/textos';
import { abrirPostgresEmbebido, type PostgresEmbebido } from './db/embedded';
import { leerTarjetasDeTexto } from './features/auth/tarjetas';
import { ingresarHttp } from './test/http';

let carpetaBase: string;
let carpetaPortal: string;
let puertoBase: number;
let base: PostgresEmbebido;
let portal: Proceso;
let url: string;

async function ingresar(usuario: string): Promise<string> {
  const tarjetas = leerTarjetasDeTexto(
    await fs.readFile(path.join(carpetaPortal, 'tarjetas-demo.txt'), 'utf8'),
  );
  const { status, cookie } = await ingresarHttp(url, usuario, tarjetas.get(usuario)!.valores);
  expect(status).toBe(200);
  return cookie;
}

beforeAll(async () => {
  carpetaBase = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-fallas-base-'));
  carpetaPortal = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-fallas-portal-'));
  puertoBase = await puertoLibre();
  base = await abrirPostgresEmbebido(carpetaBase, { puerto: puertoBase });
  const puerto = await puertoLibre();
  url = `http://127.0.0.1:${puerto}`;
  portal = await iniciarProceso('src/server/main.ts', {
    DATABASE_URL: base.url,
    DEMO: '1',
    DATA_DIR: carpetaPortal,
    PORT: String(puerto),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'fatal',
  });
});

afterAll(async () => {
  await detenerProceso(portal);
  await base.detener();
  await fs.rm(carpetaBase, { recursive: true, force: true });
  await fs.rm(carpetaPortal, { recursive: true, force: true });
});

describe('base de datos caída bajo el portal', { timeout: 120_000 }, () => {
  it('responde 503 en castellano mientras no está, y se recupera sola al volver', async () => {
    const cookie = await ingresar('cliente1');
    await base.detener();

    // Alive (a supervisor must not restart it for this), not ready (a balancer stops sending).
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const salud = await fetch(`${url}/api/health/ready`);
    expect(salud.status).toBe(503);
    expect(await salud.json()).toEqual({ msj: MENSAJES_API.baseNoDisponible });
    for (const [ruta, cuerpo] of [
      ['/api/clientes/clientes-empresas', { codempre: 1 }],
      ['/api/auth/request-coordenadas', { userName: 'admin' }],
    ] as const) {
      const res = await fetch(`${url}${ruta}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(cuerpo),
      });
      expect(res.status, ruta).toBe(503);
      expect(await res.json()).toEqual({ msj: MENSAJES_API.baseNoDisponible });
    }
    expect(portal.hijo.exitCode).toBeNull();

    base = await abrirPostgresEmbebido(carpetaBase, { puerto: puertoBase });
    // Ready again once its listening connection is back (it retries within 10 s).
    await expect
      .poll(async () => (await fetch(`${url}/api/health/ready`)).status, { timeout: 30_000 })
      .toBe(200);
    const sesion = await fetch(`${url}/api/auth/verifyuser`, { headers: { cookie } });
    expect(await sesion.json()).toMatchObject({ loggedIn: true, usuario: 'cliente1' });
    expect(await ingresar('admin')).toMatch(/^acopio_sesion=/);
  });
});
