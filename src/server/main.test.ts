/**
 * The run contract (design section 10) on a real process, real HTTP and the embedded
 * PostgreSQL: first start loads the demo, a second start reuses the data, Ctrl-C stops the
 * portal and its PostgreSQL, and a portal killed with -9 leaves nothing that blocks the next start.
 */
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { iniciarProceso, puertoLibre, type Proceso } from '../../scripts/procesos';
import { leerTarjetasDeTexto } from './features/auth/tarjetas';
import { ingresarHttp, pedirDesafioHttp } from './test/http';
import { ejecutarCli } from './test/cli';

let dataDir: string;
let puerto: number;
const vivos = new Set<Proceso>();

async function iniciarPortal(): Promise<Proceso> {
  // The embedded database's contract: no DATABASE_URL, DEMO by default.
  const portal = await iniciarProceso('src/server/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(puerto),
    HOST: '127.0.0.1',
    DATABASE_URL: undefined,
    DEMO: undefined,
  });
  vivos.add(portal);
  void portal.termino.then(() => vivos.delete(portal));
  return portal;
}

function pidPostgres(): number | undefined {
  const archivo = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(archivo)) return undefined;
  return Number(readFileSync(archivo, 'utf8').split('\n')[0]);
}

function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const base = () => `http://127.0.0.1:${puerto}`;

async function tarjeta(usuario: string) {
  const tarjetas = leerTarjetasDeTexto(
    await fs.readFile(path.join(dataDir, 'tarjetas-demo.txt'), 'utf8'),
  );
  return tarjetas.get(usuario)!.valores;
}

const ingresarConCookie = async (usuario: string) =>
  ingresarHttp(base(), usuario, await tarjeta(usuario));
const ingresarPorHttp = async (usuario: string) => (await ingresarConCookie(usuario)).status;
const desafio = (usuario: string) => pedirDesafioHttp(base(), usuario);

/** State that must outlive a restart: a session, a pending challenge, a lockout. */
let antesDeReiniciar: { cookie: string; desafioAdmin: unknown };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-arranque-'));
  puerto = await puertoLibre();
});

afterAll(async () => {
  // A test that failed half-way leaves a portal and its PostgreSQL running: stop both and wait
  // until they are gone before removing their folder.
  const portales = [...vivos];
  for (const p of portales) p.hijo.kill('SIGKILL');
  await Promise.all(portales.map((p) => p.termino));
  const pid = pidPostgres();
  if (pid && vivo(pid)) {
    process.kill(pid, 'SIGINT');
    await vi.waitFor(
      () => {
        if (vivo(pid)) throw new Error(`PostgreSQL (pid ${pid}) sigue vivo 30 s después de SIGINT`);
      },
      { timeout: 30_000, interval: 50 },
    );
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

// Real processes on a shared machine: seconds each, whatever the load.
describe('npm start: el contrato de ejecución', { timeout: 120_000 }, () => {
  it('primer inicio: migra, carga la demostración, anuncia URL, usuarios y tarjetas; Ctrl-C detiene todo', async () => {
    const portal = await iniciarPortal();
    const salida = portal.salida();
    expect(salida).toContain(`Portal listo en http://127.0.0.1:${puerto}`);
    expect(salida).toContain('Datos de demostración cargados');
    for (const u of ['admin', 'cliente1', 'cliente2']) expect(salida).toContain(u);
    expect(salida).toContain(path.join(dataDir, 'tarjetas-demo.txt'));

    const salud = await fetch(`${base()}/api/health`);
    expect(await salud.json()).toEqual({ estado: 'ok' });
    expect(await ingresarPorHttp('cliente1')).toBe(200);

    const { cookie } = await ingresarConCookie('cliente2');
    const desafioAdmin = (await desafio('admin')).cuerpo;
    for (let i = 0; i < 5; i++) {
      const d = await fetch(`${base()}/api/auth/request-coordenadas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'intruso' }),
      });
      const [[{ ctrltarjeta }], solicitadas] = (await d.json()) as [
        [{ ctrltarjeta: number }],
        unknown,
      ];
      await fetch(`${base()}/api/auth/comparar-coordenadas`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: d.headers.getSetCookie()[0]!.split(';')[0]!,
        },
        body: JSON.stringify({
          solicitadas,
          ingresadas: { coordenada1: 1, coordenada2: 1 },
          tarjeta: ctrltarjeta,
        }),
      });
    }
    expect((await desafio('intruso')).status).toBe(429);
    antesDeReiniciar = { cookie, desafioAdmin };

    const pg = pidPostgres();
    expect(pg && vivo(pg)).toBe(true);
    portal.hijo.kill('SIGINT');
    expect(await portal.termino).toBe(0);
    expect(portal.salida()).toContain('Portal detenido.');
    expect(vivo(pg!)).toBe(false);
  });

  it('segundo inicio: reutiliza los datos; sesiones, desafíos y bloqueos siguen en pie', async () => {
    const portal = await iniciarPortal();
    expect(portal.salida()).not.toContain('Datos de demostración cargados');
    const sesion = await fetch(`${base()}/api/auth/verifyuser`, {
      headers: { cookie: antesDeReiniciar.cookie },
    });
    expect(await sesion.json()).toMatchObject({ loggedIn: true, usuario: 'cliente2' });
    expect((await desafio('admin')).cuerpo).toEqual(antesDeReiniciar.desafioAdmin);
    expect((await desafio('intruso')).status).toBe(429);
    expect(portal.salida()).toContain('tarjetas-demo.txt');
    expect(await ingresarPorHttp('admin')).toBe(200);
    portal.hijo.kill('SIGTERM');
    expect(await portal.termino).toBe(0);
  });

  it('un portal matado con -9 no impide el siguiente inicio; la CLI comparte su PostgreSQL', async () => {
    const primero = await iniciarPortal();
    primero.hijo.kill('SIGKILL');
    await primero.termino;
    const huerfano = pidPostgres();
    expect(huerfano && vivo(huerfano)).toBe(true);

    const segundo = await iniciarPortal();
    expect(await ingresarPorHttp('cliente2')).toBe(200);

    const cli = await ejecutarCli('', ['usuarios', 'listar'], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    expect(cli.codigo, cli.salida).toBe(0);
    expect(cli.stdout).toContain('cliente2');
    // The CLI found the portal's PostgreSQL running and left it so.
    expect((await fetch(`${base()}/api/health/ready`)).status).toBe(200);

    segundo.hijo.kill('SIGINT');
    expect(await segundo.termino).toBe(0);
    expect(vivo(huerfano!)).toBe(false);
  });
});
