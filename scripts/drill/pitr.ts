/**
 * `npm run drill -- pitr [--veces N] [--cosecha]`: point-in-time recovery with pgBackRest, end to end, on
 * clusters of its own (docs/operations.md, "Recuperación a un instante").
 *
 * It creates a source cluster (initdb, a port in 55432–55439, a temporary folder), configures
 * pgBackRest and WAL archiving on it with scripts/pgbackrest/configurar.sh (the script an operator
 * runs), loads the demo data through the CLI (migrations included) — with --cosecha also the
 * benchmarks' harvest-peak volume (a million stock movements) —, takes a full backup, writes a
 * marker through the portal's service (a business unit, audited), photographs every table (row
 * count and a hash of its rows), waits for the next whole second — the target — and writes more
 * (units and a service token) after it. Then it restores a scratch cluster to the target with
 * `pgbackrest restore --type=time --target-action=promote`, starts it, and checks that the marker
 * is there, that the later writes are not and that every table is identical to the photo.
 * Prints the times (backup, restore, replay) and PASA/FALLA; exits non-zero on failure. Its
 * clusters are stopped (pg_ctl -m fast) and its folder removed on the way out, also on failure or
 * Ctrl-C (PITR_CONSERVAR=1 keeps the folder to look at).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Actor } from '../../src/server/db/auditoria';
import { conectar } from '../../src/server/db/client';
import * as tokens from '../../src/server/features/tokens/servicio';
import * as unidades from '../../src/server/features/unidades/servicio';
import { generarVolumen, TAMANOS_COSECHA } from '../../src/server/demo/volumen';
import {
  diferencias,
  mediana,
  objetivoPgBackRest,
  segundoSiguiente,
  type Foto,
} from './pitr-logica';

const RAIZ = fileURLToPath(new URL('../..', import.meta.url));
const CONFIGURAR = path.join(RAIZ, 'scripts/pgbackrest/configurar.sh');
const STANZA = 'acopio';
const BASE = 'acopio';
const PUERTOS = [55432, 55433, 55434, 55435, 55436, 55437, 55438, 55439];
const ACTOR: Actor = { usuarioId: null, actor: 'simulacro-pitr', ip: null };

const esRoot = process.getuid?.() === 0;
/** The OS user that owns the clusters: initdb refuses root. */
const USUARIO = esRoot ? 'postgres' : os.userInfo().username;

class Falla extends Error {}

function binariosPostgres(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const raiz = '/usr/lib/postgresql';
  const versiones = existsSync(raiz)
    ? readdirSync(raiz)
        .filter((v) => existsSync(path.join(raiz, v, 'bin/pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versiones.length) {
    throw new Falla(
      'Faltan los programas de PostgreSQL (initdb, pg_ctl): instale postgresql (Debian: apt-get install ' +
        'postgresql-15) o indique su carpeta con PG_BIN=/ruta/bin.',
    );
  }
  return path.join(raiz, versiones[0]!, 'bin');
}

/** Runs a command (as the clusters' owner when `comoDueno`); its output, or an error with it. */
function correr(
  comando: string,
  args: string[],
  opciones: { comoDueno?: boolean; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<string> {
  const [cmd, argv] =
    opciones.comoDueno && esRoot
      ? ['runuser', ['-u', USUARIO, '--', comando, ...args]]
      : [comando, args];
  return new Promise((resolve, reject) => {
    const hijo = spawn(cmd, argv, {
      cwd: opciones.cwd ?? RAIZ,
      env: opciones.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let salida = '';
    hijo.stdout.on('data', (d: Buffer) => (salida += d.toString()));
    hijo.stderr.on('data', (d: Buffer) => (salida += d.toString()));
    hijo.on('error', (e) => reject(new Falla(`${comando}: ${e.message}`)));
    hijo.on('exit', (codigo) =>
      codigo === 0
        ? resolve(salida)
        : reject(new Falla(`${comando} ${args.join(' ')} salió con ${codigo}:\n${salida}`)),
    );
  });
}

function puertoLibre(puerto: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(puerto, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function dosPuertos(): Promise<[number, number]> {
  const libres: number[] = [];
  for (const p of PUERTOS) if (libres.length < 2 && (await puertoLibre(p))) libres.push(p);
  if (libres.length < 2) throw new Falla(`No hay dos puertos libres entre 55432 y 55439.`);
  return [libres[0]!, libres[1]!];
}

const segundos = (ms: number) => (ms / 1000).toFixed(1);
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function medir<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const inicio = performance.now();
  const valor = await fn();
  return [valor, performance.now() - inicio];
}

/** Waits for `condicion` (polled) up to `limite` ms; `que` says what it waited for. */
async function esperarQue(que: string, condicion: () => Promise<boolean>, limite = 120_000) {
  const fin = Date.now() + limite;
  while (!(await condicion())) {
    if (Date.now() > fin) throw new Falla(`No se cumplió a tiempo: ${que}.`);
    await esperar(20);
  }
}

interface Cluster {
  nombre: string;
  datos: string;
  puerto: number;
  log: string;
}

/**
 * Row count and hash of every table of the portal's database. With `enCurso`, in the snapshot of
 * the repeatable-read transaction the client already has open (and leaves open).
 */
async function fotografiar(cliente: pg.Client, enCurso = false): Promise<Foto> {
  if (!enCurso) await cliente.query('begin isolation level repeatable read read only');
  try {
    const { rows: tablas } = await cliente.query<{ nombre: string }>(
      `select format('%I.%I', schemaname, tablename) as nombre from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    const foto: Foto = {};
    for (const { nombre } of tablas) {
      const { rows } = await cliente.query<{ filas: number; md5: string }>(
        `select count(*)::int as filas,
                md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
           from ${nombre} t`,
      );
      foto[nombre] = rows[0]!;
    }
    return foto;
  } finally {
    if (!enCurso) await cliente.query('commit');
  }
}

interface Resultado {
  pasa: boolean;
  respaldoMs: number;
  restauracionMs: number;
  repasoMs: number;
}

async function unaVez(
  pgBin: string,
  cosecha: boolean,
  limpiezas: (() => Promise<void>)[],
): Promise<Resultado> {
  const bin = (p: string) => path.join(pgBin, p);
  const carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-pitr-'));
  limpiezas.push(async () => {
    if (process.env.PITR_CONSERVAR === '1') console.log(`  Carpeta conservada: ${carpeta}`);
    else await fs.rm(carpeta, { recursive: true, force: true });
  });
  await fs.chmod(carpeta, 0o700);
  if (esRoot) await correr('chown', [USUARIO, carpeta]);
  const socket = carpeta;
  const [puertoOrigen, puertoCopia] = await dosPuertos();
  const clave = randomBytes(18).toString('hex');
  const url = (puerto: number) =>
    `postgres://${encodeURIComponent(USUARIO)}:${clave}@127.0.0.1:${puerto}/${BASE}`;
  const dueno = { comoDueno: true, cwd: carpeta };

  const iniciar = async (c: Cluster) => {
    const opciones =
      `-p ${c.puerto} -k ${socket} -c listen_addresses=127.0.0.1 ` +
      '-c track_commit_timestamp=on -c max_connections=40';
    // Registered first: a start that times out may still leave a postmaster running.
    limpiezas.push(async () => {
      if (!existsSync(path.join(c.datos, 'postmaster.pid'))) return;
      await correr(
        bin('pg_ctl'),
        ['stop', '-D', c.datos, '-m', 'fast', '-w', '-t', '60'],
        dueno,
      ).catch((e: Error) => console.error(e.message));
    });
    await correr(
      bin('pg_ctl'),
      ['start', '-D', c.datos, '-l', c.log, '-o', opciones, '-w', '-t', '600'],
      dueno,
    );
  };

  // The source cluster, with a password for TCP (the portal's connection) and trust on the socket
  // of the private folder (pgBackRest, psql).
  const origen: Cluster = {
    nombre: 'origen',
    datos: path.join(carpeta, 'origen'),
    puerto: puertoOrigen,
    log: path.join(carpeta, 'origen.log'),
  };
  const archivoClave = path.join(carpeta, 'clave');
  await fs.writeFile(archivoClave, clave, { mode: 0o600 });
  if (esRoot) await correr('chown', [USUARIO, archivoClave]);
  await correr(
    bin('initdb'),
    [
      '-D',
      origen.datos,
      '-U',
      USUARIO,
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      `--pwfile=${archivoClave}`,
    ],
    dueno,
  );
  await fs.rm(archivoClave);
  await iniciar(origen);
  await correr(
    bin('psql'),
    [
      '-X',
      '-q',
      '-h',
      socket,
      '-p',
      String(origen.puerto),
      '-d',
      'postgres',
      '-c',
      `create database ${BASE}`,
    ],
    dueno,
  );
  console.log(`  Cluster de origen en el puerto ${origen.puerto} (${carpeta}).`);

  // pgBackRest and WAL archiving, with the operators' script; archive_mode needs the restart.
  const conf = path.join(carpeta, 'pgbackrest.conf');
  const [, configurarMs] = await medir(() =>
    correr(CONFIGURAR, [
      '--pgdata',
      origen.datos,
      '--puerto',
      String(origen.puerto),
      '--socket',
      socket,
      '--usuario',
      USUARIO,
      '--stanza',
      STANZA,
      '--repo',
      path.join(carpeta, 'repo'),
      '--conf',
      conf,
      '--log',
      path.join(carpeta, 'pgbackrest-log'),
      '--lock',
      path.join(carpeta, 'pgbackrest-lock'),
      '--reiniciar',
      '--sin-respaldo',
    ]),
  );
  const pgbackrest = (...args: string[]) =>
    correr('pgbackrest', [`--config=${conf}`, `--stanza=${STANZA}`, ...args], dueno);
  console.log(
    `  pgBackRest configurado (scripts/pgbackrest/configurar.sh, con reinicio): ${segundos(configurarMs)} s.`,
  );

  // The portal's migrations and the demo data, through the CLI as an operator would.
  const dataDir = path.join(carpeta, 'portal');
  await fs.mkdir(dataDir);
  const entornoCli: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url(origen.puerto),
    DATA_DIR: dataDir,
  };
  delete entornoCli.DEMO;
  delete entornoCli.DATABASE_DIRECT_URL;
  const [, demoMs] = await medir(() =>
    correr(process.execPath, ['--import', 'tsx', 'src/server/cli/main.ts', 'demo'], {
      env: entornoCli,
    }),
  );
  console.log(
    `  Migraciones y datos de demostración (npm run cli -- demo): ${segundos(demoMs)} s.`,
  );
  if (cosecha) {
    const [, volumenMs] = await medir(async () => {
      const b = conectar(url(origen.puerto), { max: 2, timeZone: 'UTC' });
      try {
        await generarVolumen(b.db, TAMANOS_COSECHA);
      } finally {
        await b.cerrar();
      }
    });
    console.log(`  Volumen de cosecha (el de npm run bench): ${segundos(volumenMs)} s.`);
  }

  const [, respaldoMs] = await medir(() => pgbackrest('--type=full', 'backup'));
  const info = JSON.parse(await pgbackrest('--output=json', 'info')) as {
    backup: { info: { size: number; repository: { delta: number } } }[];
  }[];
  const ultimo = info[0]!.backup.at(-1)!.info;
  console.log(
    `  Respaldo completo: ${segundos(respaldoMs)} s (base de ${(ultimo.size / 1e6).toFixed(1)} MB, ` +
      `${(ultimo.repository.delta / 1e6).toFixed(1)} MB en el repositorio).`,
  );

  // The marker, the photo, the target second, the later writes.
  const base = conectar(url(origen.puerto), { max: 2, timeZone: 'UTC' });
  const directo = new pg.Client({
    connectionString: url(origen.puerto),
    options: '-c timezone=UTC',
  });
  await directo.connect();
  const marca = `Marca PITR ${randomBytes(4).toString('hex')}`;
  const posteriores = [1, 2, 3].map((i) => `Posterior PITR ${i} ${marca.slice(-8)}`);
  const tokenPosterior = `posterior-pitr-${marca.slice(-8)}`;
  const commitDe = async (unineg: string) => {
    const { rows } = await directo.query<{ t: Date }>(
      'select pg_xact_commit_timestamp(xmin) as t from unidades_negocio where unineg = $1',
      [unineg],
    );
    return rows[0]!.t;
  };
  let foto: Foto;
  let fotoFinal: Foto;
  let objetivo: Date;
  let commitMarca: Date;
  let commitPosterior: Date;
  try {
    await unidades.crearUnidad(base.db, ACTOR, { unineg: marca });
    // Nothing else writes to this cluster: a snapshot taken now is the database at the marker's
    // commit. The photo is read in it later, while the later writes go on other connections.
    await directo.query('begin isolation level repeatable read read only');
    commitMarca = await commitDe(marca);
    const { rows } = await directo.query<{ ahora: Date }>('select clock_timestamp() as ahora');
    objetivo = segundoSiguiente(rows[0]!.ahora);
    await esperarQue('el reloj de PostgreSQL pasa el segundo objetivo', async () => {
      const r = await directo.query<{ listo: boolean }>('select clock_timestamp() >= $1 as listo', [
        objetivo,
      ]);
      return r.rows[0]!.listo;
    });
    for (const unineg of posteriores) await unidades.crearUnidad(base.db, ACTOR, { unineg });
    await tokens.crearToken(base.db, 'terminal', tokenPosterior, ACTOR, undefined);
    foto = await fotografiar(directo, true);
    await directo.query('commit');
    commitPosterior = await commitDe(posteriores[0]!);
    fotoFinal = await fotografiar(directo);
    // The later writes reach the archive: recovery stops at the first commit after the target.
    const { rows: wal } = await directo.query<{ archivo: string }>(
      'select pg_walfile_name(pg_switch_wal()) as archivo',
    );
    await esperarQue('el WAL con las escrituras posteriores llega al repositorio', async () => {
      const r = await directo.query<{ ultimo: string | null; fallas: number }>(
        'select last_archived_wal as ultimo, failed_count::int as fallas from pg_stat_archiver',
      );
      return (r.rows[0]!.ultimo ?? '') >= wal[0]!.archivo;
    });
  } finally {
    await directo.end();
    await base.cerrar();
  }
  const cambiadas = diferencias(foto, fotoFinal).length;
  console.log(
    `  Marca '${marca}' confirmada a las ${commitMarca.toISOString()}; objetivo ${objetivoPgBackRest(objetivo)}; ` +
      `la primera escritura posterior del simulacro, a las ${commitPosterior.toISOString()} (${cambiadas} tablas cambian después).`,
  );
  if (!(commitMarca < objetivo && commitPosterior >= objetivo) || cambiadas === 0) {
    throw new Falla(
      'El simulacro no quedó armado: la marca y las escrituras posteriores no rodean al objetivo.',
    );
  }

  // The scratch cluster, restored to the target second.
  const copia: Cluster = {
    nombre: 'copia',
    datos: path.join(carpeta, 'copia'),
    puerto: puertoCopia,
    log: path.join(carpeta, 'copia.log'),
  };
  const [, restauracionMs] = await medir(() =>
    pgbackrest(
      `--pg1-path=${copia.datos}`,
      '--type=time',
      `--target=${objetivoPgBackRest(objetivo)}`,
      '--target-action=promote',
      '--archive-mode=off',
      'restore',
    ),
  );
  const [, repasoMs] = await medir(async () => {
    await iniciar(copia);
    const c = new pg.Client({ connectionString: url(copia.puerto) });
    await c.connect();
    try {
      await esperarQue(
        'la copia termina de repasar el WAL y se promueve',
        async () => {
          const r = await c.query<{ recuperando: boolean }>(
            'select pg_is_in_recovery() as recuperando',
          );
          return !r.rows[0]!.recuperando;
        },
        600_000,
      );
    } finally {
      await c.end();
    }
  });
  console.log(
    `  Restauración: pgbackrest restore ${segundos(restauracionMs)} s, repaso del WAL hasta el objetivo y ` +
      `promoción ${segundos(repasoMs)} s (total ${segundos(restauracionMs + repasoMs)} s).`,
  );
  const parada = (await fs.readFile(copia.log, 'utf8'))
    .split('\n')
    .find((l) => l.includes('recovery stopping'));
  if (parada) console.log(`  PostgreSQL: ${parada.replace(/^.*?LOG:\s*/, '')}`);

  // The checks.
  const fallas: string[] = [];
  const c = new pg.Client({ connectionString: url(copia.puerto), options: '-c timezone=UTC' });
  await c.connect();
  try {
    const contar = async (sql: string, valores: unknown[]) =>
      (await c.query<{ n: number }>(sql, valores)).rows[0]!.n;
    const hayMarca = await contar(
      'select count(*)::int as n from unidades_negocio where unineg = $1',
      [marca],
    );
    if (hayMarca !== 1) fallas.push(`la marca '${marca}' no está en la copia`);
    const hayPosteriores = await contar(
      'select count(*)::int as n from unidades_negocio where unineg = any($1)',
      [posteriores],
    );
    if (hayPosteriores)
      fallas.push(`${hayPosteriores} unidades escritas después del objetivo están en la copia`);
    const hayToken = await contar(
      'select count(*)::int as n from tokens_servicio where nombre = $1',
      [tokenPosterior],
    );
    if (hayToken) fallas.push('el token creado después del objetivo está en la copia');
    const restaurada = await fotografiar(c);
    fallas.push(...diferencias(foto, restaurada));
    const filas = Object.values(restaurada).reduce((s, t) => s + t.filas, 0);
    console.log(
      `  Copia: ${Object.keys(restaurada).length} tablas, ${filas} filas` +
        (fallas.length ? '.' : ', iguales fila por fila a las del origen en la marca.'),
    );
  } finally {
    await c.end();
  }
  for (const f of fallas) console.log(`  FALLA: ${f}`);
  return { pasa: fallas.length === 0, respaldoMs, restauracionMs, repasoMs };
}

async function limpiar(limpiezas: (() => Promise<void>)[]) {
  while (limpiezas.length) await limpiezas.pop()!().catch((e) => console.error(e));
}

async function simulacro(): Promise<number> {
  const args = process.argv.slice(3);
  const i = args.indexOf('--veces');
  const veces = i >= 0 ? Number(args[i + 1]) : 1;
  const cosecha = args.includes('--cosecha');
  const conocidos = new Set(['--veces', '--cosecha', i >= 0 ? args[i + 1] : '--veces']);
  if (!Number.isInteger(veces) || veces < 1 || args.some((a) => !conocidos.has(a))) {
    console.error('Uso: npm run drill -- pitr [--veces N] [--cosecha]');
    return 2;
  }
  const limpiezas: (() => Promise<void>)[] = [];
  let interrumpido = false;
  const alInterrumpir = (senal: NodeJS.Signals) => {
    if (interrumpido) return;
    interrumpido = true;
    console.error(`\n${senal}: deteniendo los clusters del simulacro…`);
    void limpiar(limpiezas).finally(() => process.exit(130));
  };
  process.on('SIGINT', alInterrumpir);
  process.on('SIGTERM', alInterrumpir);

  const resultados: Resultado[] = [];
  try {
    const pgBin = binariosPostgres();
    for (let n = 1; n <= veces; n++) {
      console.log(`Simulacro PITR ${n}/${veces} (PostgreSQL de ${pgBin}):`);
      try {
        const [r, ms] = await medir(() => unaVez(pgBin, cosecha, limpiezas));
        resultados.push(r);
        console.log(`  ${r.pasa ? 'PASA' : 'FALLA'} (${segundos(ms)} s en total)`);
      } finally {
        await limpiar(limpiezas);
      }
      if (resultados.at(-1)?.pasa === false) break;
    }
  } catch (e) {
    console.error(e instanceof Falla ? e.message : e);
    console.log('FALLA');
    return 1;
  } finally {
    process.off('SIGINT', alInterrumpir);
    process.off('SIGTERM', alInterrumpir);
  }
  const pasa = resultados.length === veces && resultados.every((r) => r.pasa);
  if (veces > 1) {
    const med = (f: (r: Resultado) => number) => segundos(mediana(resultados.map(f)));
    console.log(
      `Medianas de ${resultados.length}: respaldo ${med((r) => r.respaldoMs)} s, restauración ` +
        `${med((r) => r.restauracionMs)} s, repaso ${med((r) => r.repasoMs)} s, restauración total ` +
        `${med((r) => r.restauracionMs + r.repasoMs)} s.`,
    );
  }
  console.log(pasa ? 'PASA' : 'FALLA');
  return pasa ? 0 : 1;
}

process.exitCode = await simulacro();
