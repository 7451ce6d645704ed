/**
 * `npm run pgbouncer [-- --todas | archivo.test.ts …]`: the server suites through a real PgBouncer in transaction
 * mode (issue 26, part 4). Installs pgbouncer with apt-get when it is missing (as root), writes
 * its configuration in a temporary folder, starts it on the first free port of 6432–6439 in
 * front of the PostgreSQL of DATABASE_DIRECT_URL (default postgres://postgres@127.0.0.1:5432/test)
 * and runs the suites with DATABASE_URL through it and DATABASE_DIRECT_URL straight. Without
 * `--todas` it runs the named subset below (sign-in, the yard, live events, the gate API, the
 * session cache, the prepared statements, the pooling checks). Ends with `N passed, N failed`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chownSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const raiz = fileURLToPath(new URL('..', import.meta.url));

/**
 * The subset, by what it covers (docs/operations.md lists it too). Not the two concurrency files
 * (camiones/, operaciones/concurrencia.test.ts): they wait until 20–50 sessions wait on one lock
 * in PostgreSQL, and behind a pooler with 5 server connections per database the rest wait in
 * PgBouncer's queue instead, so that moment never comes.
 */
export const SUBCONJUNTO = [
  // The pooler is really in between; time zone; named statements off; LISTEN straight.
  'src/server/db/agrupacion.test.ts',
  // Sign-in.
  'src/server/features/auth/auth.test.ts',
  'src/server/features/auth/ingreso-atomico.test.ts',
  'src/server/features/auth/bloqueo.test.ts',
  // The yard.
  'src/server/features/camiones/camiones.test.ts',
  'src/server/features/camiones/estados.test.ts',
  // Live events (two portal processes, LISTEN on the direct URL).
  'src/server/features/en-vivo/en-vivo.test.ts',
  // The gate API.
  'src/server/features/operaciones/operaciones.test.ts',
  // The session cache (its invalidation by LISTEN, across processes).
  'src/server/features/auth/cache-sesiones.test.ts',
  'src/server/features/auth/sesion-en-cache.test.ts',
  // The other prepared statements (stock, companies) and readiness.
  'src/server/features/stock/stock.test.ts',
  'src/server/features/empresas/empresas.test.ts',
  'src/server/features/salud/salud.test.ts',
];

const PUERTOS = [6432, 6433, 6434, 6435, 6436, 6437, 6438, 6439];

/** What stops the run before the suites: said, and counted as one failure (see the end). */
class Falla extends Error {}

function fallar(mensaje: string): never {
  throw new Falla(mensaje);
}

/** pgbouncer's path, installing the Debian package when missing and allowed. */
function binario(): string {
  const buscar = () =>
    ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'].find((b) =>
      existsSync(b),
    );
  let bin = buscar();
  if (bin) return bin;
  const esRoot = process.getuid?.() === 0;
  const hayApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (esRoot && hayApt) {
    console.log('== pgbouncer no está instalado: apt-get install -y pgbouncer');
    const instalar = () =>
      spawnSync('apt-get', ['install', '-y', 'pgbouncer'], { stdio: 'inherit' }).status === 0;
    if (!instalar()) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit' });
      instalar();
    }
    bin = buscar();
    if (bin) return bin;
  }
  fallar(
    'Falta pgbouncer: ' +
      (esRoot && hayApt
        ? "'apt-get install -y pgbouncer' no lo instaló (¿sin acceso a los repositorios de Debian?)."
        : "instálelo con 'sudo apt-get install pgbouncer' (o el paquete de su sistema) y vuelva a correr."),
  );
}

function puertoLibre(puerto: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(puerto, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function esperarConexion(url: string, consulta: string, hasta: number): Promise<void> {
  for (;;) {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      await c.query(consulta);
      await c.end();
      return;
    } catch (e) {
      await c.end().catch(() => undefined);
      if (Date.now() > hasta) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const conBase = (url: string, base: string) => {
  const u = new URL(url);
  u.pathname = `/${base}`;
  return u.toString();
};

async function main() {
  const todas = process.argv.includes('--todas');
  const directa = process.env.DATABASE_DIRECT_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const d = new URL(directa);
  const usuario = decodeURIComponent(d.username) || 'postgres';

  const bin = binario();
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
  console.log(`== ${version} (${bin})`);

  // The server answers straight, or there is nothing to put a pooler in front of.
  try {
    await esperarConexion(directa, 'select 1', Date.now());
  } catch (e) {
    fallar(`PostgreSQL no responde en ${d.host}${d.pathname} (DATABASE_DIRECT_URL): ${String(e)}`);
  }

  let puerto: number | undefined;
  for (const p of PUERTOS) {
    if (await puertoLibre(p)) {
      puerto = p;
      break;
    }
  }
  if (puerto === undefined) fallar(`Los puertos ${PUERTOS[0]}–${PUERTOS.at(-1)} están ocupados.`);

  const carpeta = mkdtempSync(path.join(os.tmpdir(), 'acopio-pgbouncer-'));
  const ini = path.join(carpeta, 'pgbouncer.ini');
  // Every database of the server, by name (the tests' databases are created as they run), in
  // transaction mode: each transaction may run on another server connection. auth_type trust
  // because the server behind it trusts 127.0.0.1 (test only); the auth file names the users.
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${d.hostname} port=${d.port || '5432'}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${puerto}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(carpeta, 'usuarios.txt')}`,
      `admin_users = ${usuario}`,
      `stats_users = ${usuario}`,
      'pool_mode = transaction',
      // Fewer server connections than the clients the tests open (each app: DB_POOL_MAX 5):
      // clients really share them. The server is shared with other runs (max_connections 100).
      'default_pool_size = 5',
      'max_client_conn = 1000',
      // A dropped test database's pool goes away soon.
      'autodb_idle_timeout = 30',
      `logfile = ${path.join(carpeta, 'pgbouncer.log')}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(carpeta, 'usuarios.txt'), `"${usuario}" ""\n`);

  // pgbouncer refuses to run as root: as root it runs as the postgres user (or nobody).
  let hijo: ChildProcess;
  if (process.getuid?.() === 0) {
    const comoQuien =
      spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status === 0 ? 'postgres' : 'nobody';
    const uid = Number(spawnSync('id', ['-u', comoQuien], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', comoQuien], { encoding: 'utf8' }).stdout.trim());
    chownSync(carpeta, uid, gid);
    for (const f of ['pgbouncer.ini', 'usuarios.txt']) chownSync(path.join(carpeta, f), uid, gid);
    hijo = spawn(
      'setpriv',
      ['--reuid', String(uid), '--regid', String(gid), '--clear-groups', bin, ini],
      { stdio: 'ignore' },
    );
  } else {
    hijo = spawn(bin, [ini], { stdio: 'ignore' });
  }
  const agrupada = `postgres://${encodeURIComponent(usuario)}@127.0.0.1:${puerto}${d.pathname}`;
  const consola = conBase(agrupada, 'pgbouncer');
  let codigo: number;
  let cuenta = { pasaron: 0, fallaron: 1 };
  try {
    await esperarConexion(consola, 'show version', Date.now() + 15_000).catch((e: unknown) => {
      const log = readFileSync(path.join(carpeta, 'pgbouncer.log'), 'utf8');
      fallar(`PgBouncer no arrancó en el puerto ${puerto}: ${String(e)}\n${log}`);
    });
    console.log(
      `== PgBouncer en modo transacción en 127.0.0.1:${puerto} frente a ${d.host} (config ${ini})`,
    );
    console.log(`   DATABASE_URL=${agrupada}  DATABASE_DIRECT_URL=${directa}`);
    const pedidos = process.argv.slice(2).filter((a) => !a.startsWith('--'));
    const archivos = todas ? [] : pedidos.length ? pedidos : SUBCONJUNTO;
    console.log(todas ? '== Todas las suites del servidor' : `== ${archivos.join(' ')}`);
    const salida = path.join(carpeta, 'vitest.json');
    codigo = await new Promise<number>((resolve) => {
      const v = spawn(
        path.join(raiz, 'node_modules', '.bin', 'vitest'),
        [
          'run',
          '--project',
          'server',
          ...archivos,
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${salida}`,
        ],
        {
          cwd: raiz,
          stdio: 'inherit',
          env: { ...process.env, DATABASE_URL: agrupada, DATABASE_DIRECT_URL: directa },
        },
      );
      v.on('close', (c) => resolve(c ?? 1));
    });
    if (existsSync(salida)) {
      const r = JSON.parse(readFileSync(salida, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      };
      // A skipped test counts against the run, as in `npm test`.
      cuenta = {
        pasaron: r.numPassedTests,
        fallaron: r.numFailedTests + r.numPendingTests + r.numTodoTests,
      };
      if (codigo !== 0 && cuenta.fallaron === 0) cuenta.fallaron = 1;
    }
    if (cuenta.fallaron > 0) {
      // The pooler's own complaints, for whoever reads why.
      const log = readFileSync(path.join(carpeta, 'pgbouncer.log'), 'utf8').split('\n');
      const quejas = log.filter((l) => / (WARNING|ERROR|FATAL) /.test(l)).slice(-30);
      if (quejas.length) console.log(`== Avisos de PgBouncer:\n${quejas.join('\n')}`);
    }
  } finally {
    // The child is pgbouncer itself (setpriv execs it): SIGTERM stops it at once.
    if (hijo.exitCode === null) hijo.kill('SIGTERM');
    await new Promise((r) => (hijo.exitCode !== null ? r(undefined) : hijo.once('exit', r)));
    rmSync(carpeta, { recursive: true, force: true });
  }
  console.log(`${cuenta.pasaron} passed, ${cuenta.fallaron} failed`);
  process.exit(cuenta.fallaron === 0 && codigo === 0 ? 0 : 1);
}

await main().catch((e: unknown) => {
  console.error(e instanceof Falla ? e.message : e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
