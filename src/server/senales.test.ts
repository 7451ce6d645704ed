/**
 * `npm start` under a process manager (issue 20, point 8): SIGTERM or SIGINT to the process that
 * `npm start` started — npm itself, as systemd or a container runtime send it, or the portal's
 * node — closes the portal within 10 s and leaves nothing running: no portal, no PostgreSQL of
 * its DATA_DIR, the port closed. A terminal's Ctrl-C (the whole process group gets it, and npm
 * passes it on once more) is one request; a second signal, or a close that does not end, forces.
 * Real `npm start`, real processes; the checks read /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { puertoLibre } from './red';
import { VENTANA_SENAL_REPETIDA_MS } from './detencion';

const raiz = fileURLToPath(new URL('../..', import.meta.url));
/** The bound: from the signal to nothing left. */
const LIMITE_MS = 10_000;

let dataDir: string;
let puerto: number;
/** The metrics' own port: how the tests see a request in flight, as an operator would. */
let puertoMetricas: number;

interface NpmStart {
  npm: ChildProcess;
  salida: () => string;
  termino: Promise<number | null>;
  /** The portal's node, from its own log line ("pid" of pino). */
  pidPortal: number;
}
const vivos = new Set<NpmStart>();

/** `npm start` as the test's child, leader of its own process group (as in a terminal). */
async function npmStart(): Promise<NpmStart> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(puerto),
    HOST: '127.0.0.1',
    DEMO: '0',
    METRICS_PORT: String(puertoMetricas),
  };
  delete env.DATABASE_URL;
  const npm = spawn('npm', ['start'], {
    cwd: raiz,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  npm.stdout.on('data', (d: Buffer) => (salida += d.toString()));
  npm.stderr.on('data', (d: Buffer) => (salida += d.toString()));
  // 'close': npm has exited and everything it wrote has been read.
  const termino = new Promise<number | null>((resolve) => npm.once('close', resolve));
  const inicio: NpmStart = { npm, salida: () => salida, termino, pidPortal: 0 };
  vivos.add(inicio);
  // The first start on a fresh checkout builds the web client first.
  await vi.waitFor(
    () => {
      if (npm.exitCode !== null) throw new Error(`npm start terminó:\n${salida}`);
      if (!salida.includes('Portal listo en') || !/Server listening/.test(salida))
        throw new Error(`npm start no arrancó:\n${salida}`);
    },
    { timeout: 120_000, interval: 50 },
  );
  inicio.pidPortal = Number(/"pid":(\d+)[^\n]*Server listening/.exec(salida)![1]);
  return inicio;
}

/** Processes that belong to this DATA_DIR: in their command line or their environment. */
function procesosDelDataDir(): string[] {
  const quedan: string[] = [];
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let linea: string;
    let entorno: string;
    try {
      linea = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      entorno = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue; // gone meanwhile, or not ours to read
    }
    if (linea.includes(dataDir) || entorno.split('\0').includes(`DATA_DIR=${dataDir}`)) {
      quedan.push(`${pid} ${linea.replaceAll('\0', ' ').slice(0, 120)}`);
    }
  }
  return quedan;
}

function puertoAbierto(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(puerto, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Waits until the port is closed and no process of DATA_DIR remains; the time it took. */
async function esperarQueNoQuedeNada(desde: number): Promise<number> {
  await vi.waitFor(
    async () => {
      if (await puertoAbierto()) throw new Error(`el puerto ${puerto} sigue abierto`);
      const quedan = procesosDelDataDir();
      if (quedan.length) throw new Error(`quedan procesos de DATA_DIR:\n${quedan.join('\n')}`);
    },
    { timeout: LIMITE_MS, interval: 50 },
  );
  const ms = Date.now() - desde;
  console.log(`sin procesos ni puerto ${ms} ms después de la señal`);
  return ms;
}

/** What PostgreSQL logged from `desde` (a byte offset) on. */
async function logPostgresDesde(desde: number): Promise<string> {
  return (await fs.readFile(path.join(dataDir, 'postgres.log'))).subarray(desde).toString();
}
const largoLogPostgres = async () => (await fs.stat(path.join(dataDir, 'postgres.log'))).size;

/** A request whose body never finishes: the graceful close waits for it. */
async function pedidoColgado(inicio: NpmStart): Promise<net.Socket> {
  const s = net.connect(puerto, '127.0.0.1');
  s.on('error', () => undefined); // the forced exit resets it
  s.write(
    'POST /api/auth/request-coordenadas HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"userName"',
  );
  // Until the portal has read its head, the connection is idle and the close just drops it. Once
  // read, the request is in flight (the portal writes its log line only when it ends).
  await vi.waitFor(
    async () => {
      const metricas = await fetch(`http://127.0.0.1:${puertoMetricas}/metrics`);
      if (!/^acopio_http_requests_in_flight [1-9]/m.test(await metricas.text()))
        throw new Error(`el portal no recibió el pedido:\n${inicio.salida()}`);
    },
    { timeout: LIMITE_MS, interval: 50 },
  );
  return s;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-senales-'));
  puerto = await puertoLibre();
  puertoMetricas = await puertoLibre();
});

afterEach(async () => {
  // A test that failed half-way leaves its npm, portal and PostgreSQL: kill them all.
  for (const p of vivos) {
    try {
      process.kill(-p.npm.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    for (const linea of procesosDelDataDir()) {
      try {
        process.kill(Number(linea.split(' ')[0]), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await p.termino;
  }
  vivos.clear();
});

afterAll(async () => {
  await vi.waitFor(
    () => {
      if (procesosDelDataDir().length) throw new Error('quedan procesos de DATA_DIR');
    },
    { timeout: 30_000, interval: 50 },
  );
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('npm start ante SIGTERM y SIGINT', { timeout: 180_000 }, () => {
  it('SIGTERM al pid de npm start: cierra el portal y su PostgreSQL en menos de 10 s, sin dejar nada', async () => {
    const inicio = await npmStart();
    const log = await largoLogPostgres();
    const t0 = Date.now();
    inicio.npm.kill('SIGTERM');
    expect(await esperarQueNoQuedeNada(t0)).toBeLessThan(LIMITE_MS);
    expect(await inicio.termino, inicio.salida()).toBe(0);
    expect(inicio.salida()).toContain('Portal detenido.');
    // A clean stop of PostgreSQL (fast shutdown, its checkpoint written), not a crash.
    expect(await logPostgresDesde(log)).toContain('received fast shutdown request');
  });

  it('SIGINT al node del portal: el mismo cierre ordenado', async () => {
    const inicio = await npmStart();
    const log = await largoLogPostgres();
    const t0 = Date.now();
    process.kill(inicio.pidPortal, 'SIGINT');
    expect(await esperarQueNoQuedeNada(t0)).toBeLessThan(LIMITE_MS);
    expect(await inicio.termino, inicio.salida()).toBe(0);
    expect(inicio.salida()).toContain('Portal detenido.');
    expect(await logPostgresDesde(log)).toContain('received fast shutdown request');
  });

  it('Ctrl-C en la terminal (SIGINT a todo el grupo, y npm lo reenvía): un solo cierre ordenado', async () => {
    const inicio = await npmStart();
    const t0 = Date.now();
    process.kill(-inicio.npm.pid!, 'SIGINT');
    expect(await esperarQueNoQuedeNada(t0)).toBeLessThan(LIMITE_MS);
    expect(await inicio.termino, inicio.salida()).toBe(0);
    expect(inicio.salida()).toContain('Portal detenido.');
    expect(inicio.salida()).not.toContain('Segunda señal');
  });

  it('un pedido que no termina no retiene el cierre: al plazo se fuerza, sin dejar nada', async () => {
    const inicio = await npmStart();
    const colgado = await pedidoColgado(inicio);
    const log = await largoLogPostgres();
    try {
      const t0 = Date.now();
      inicio.npm.kill('SIGTERM');
      expect(await esperarQueNoQuedeNada(t0)).toBeLessThan(LIMITE_MS);
      expect(await inicio.termino).not.toBe(0);
      expect(inicio.salida()).toContain('no terminó a tiempo');
      expect(await logPostgresDesde(log)).toContain('received immediate shutdown request');
    } finally {
      colgado.destroy();
    }
  });

  it('una segunda señal fuerza la salida sin esperar el plazo', async () => {
    const inicio = await npmStart();
    const colgado = await pedidoColgado(inicio);
    try {
      inicio.npm.kill('SIGTERM');
      await vi.waitFor(
        () => {
          if (!inicio.salida().includes('deteniendo el portal'))
            throw new Error('no tomó la primera señal');
        },
        { timeout: LIMITE_MS, interval: 20 },
      );
      // The portal took the first signal before we saw it said so: from here on, a signal can
      // no longer be mistaken for a copy of the first.
      const tomada = Date.now();
      await vi.waitFor(
        () => {
          if (Date.now() - tomada <= VENTANA_SENAL_REPETIDA_MS)
            throw new Error('todavía sería la misma señal');
        },
        { timeout: LIMITE_MS, interval: 20 },
      );
      const t1 = Date.now();
      inicio.npm.kill('SIGTERM');
      expect(await esperarQueNoQuedeNada(t1)).toBeLessThan(LIMITE_MS);
      expect(await inicio.termino).not.toBe(0);
      expect(inicio.salida()).toContain('Segunda señal');
      expect(inicio.salida()).not.toContain('no terminó a tiempo');
    } finally {
      colgado.destroy();
    }
  });
});
