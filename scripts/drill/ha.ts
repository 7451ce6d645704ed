/**
 * A real HA PostgreSQL on this machine for the failover drill: etcd, two Patroni nodes
 * (PostgreSQL 15, synchronous replication) and HAProxy sending the primary port to whichever node
 * Patroni's REST API says is the primary. Everything lives in one temporary folder and stops with
 * `detener()`. Run as root, the servers run as the `postgres` user (PostgreSQL refuses root).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';

export const PUERTOS = {
  etcdCliente: Number(process.env.DRILL_ETCD_PORT ?? 23790),
  etcdPar: Number(process.env.DRILL_ETCD_PEER_PORT ?? 23800),
  rest: [
    Number(process.env.DRILL_PATRONI_PORT_1 ?? 28008),
    Number(process.env.DRILL_PATRONI_PORT_2 ?? 28009),
  ],
  pg: [Number(process.env.DRILL_PG_PORT_1 ?? 56432), Number(process.env.DRILL_PG_PORT_2 ?? 56433)],
  primario: Number(process.env.DRILL_HAPROXY_PORT ?? 56000),
  estadisticas: Number(process.env.DRILL_HAPROXY_STATS_PORT ?? 56001),
};

const CLAVE_SUPERUSUARIO = 'simulacro-superusuario';
const CLAVE_REPLICA = 'simulacro-replica';
export const CLAVE_PORTAL = 'simulacro-portal';

/** Patroni's timings, small for a quick failover (loop_wait + 2 × retry_timeout ≤ ttl). */
export const PATRONI = { ttl: 10, loopWait: 2, retryTimeout: 3 };

function binarioPg(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versiones = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versiones.length === 0) {
    throw new Error(
      'Falta PostgreSQL (binarios en /usr/lib/postgresql/<versión>/bin): apt-get install postgresql-15, o PG_BIN=<carpeta bin>.',
    );
  }
  return path.join(base, versiones[0]!, 'bin');
}

const enPath = (programa: string) =>
  spawnSync('sh', ['-c', `command -v ${programa}`], { stdio: 'ignore' }).status === 0;

/** patroni, etcd and haproxy; installed with apt-get when run as root, else named as missing. */
export function asegurarProgramas() {
  const paquetes: Record<string, string> = {
    patroni: 'patroni',
    etcd: 'etcd-server',
    haproxy: 'haproxy',
  };
  const faltan = Object.keys(paquetes).filter((p) => !enPath(p));
  if (faltan.length === 0) return;
  const comando = `apt-get install -y ${faltan.map((p) => paquetes[p]).join(' ')}`;
  if (process.getuid?.() === 0 && enPath('apt-get')) {
    console.log(`simulacro: instalando ${faltan.join(', ')} (${comando})`);
    const r = spawnSync(
      'sh',
      ['-c', `apt-get update -q && DEBIAN_FRONTEND=noninteractive ${comando}`],
      {
        stdio: 'inherit',
      },
    );
    if (r.status === 0 && faltan.every(enPath)) return;
  }
  throw new Error(`Faltan ${faltan.join(', ')}. Instálelos con: sudo ${comando}`);
}

/** uid and gid of `postgres` when running as root; undefined otherwise (the current user). */
function usuarioServidores(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const linea = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!linea)
    throw new Error("Como root, los servidores corren como el usuario 'postgres', y no existe.");
  const [, , uid, gid] = linea.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export function puertoLibre(puerto: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port: puerto });
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });
}

/** Waits for `condicion` (polling), or throws `mensaje` after `ms`. */
export async function esperarA(condicion: () => Promise<boolean>, ms: number, mensaje: string) {
  const limite = Date.now() + ms;
  for (;;) {
    if (await condicion().catch(() => false)) return;
    if (Date.now() > limite) throw new Error(mensaje);
    await esperar(200);
  }
}

export interface Miembro {
  name: string;
  role: string;
  state: string;
  port: number;
  lag?: number;
}

export class ClusterHa {
  readonly carpeta: string;
  private readonly procesos: { nombre: string; hijo: ChildProcess }[] = [];
  private readonly usuario = usuarioServidores();
  private readonly bin = binarioPg();
  /** The patroni process of each node (0, 1). */
  readonly patroni: ChildProcess[] = [];

  constructor() {
    this.carpeta = mkdtempSync(path.join(os.tmpdir(), 'acopio-simulacro-ha-'));
    this.propio(this.carpeta);
  }

  /** URL of the primary port (HAProxy) for `usuario`. */
  url(base = 'acopio', usuario = 'acopio', clave = CLAVE_PORTAL) {
    return `postgres://${usuario}:${clave}@127.0.0.1:${PUERTOS.primario}/${base}`;
  }

  urlSuperusuario(base = 'postgres') {
    return this.url(base, 'postgres', CLAVE_SUPERUSUARIO);
  }

  private propio(ruta: string) {
    if (this.usuario) chownSync(ruta, this.usuario.uid, this.usuario.gid);
  }

  private escribir(nombre: string, texto: string) {
    const ruta = path.join(this.carpeta, nombre);
    writeFileSync(ruta, texto, { mode: 0o600 });
    this.propio(ruta);
    return ruta;
  }

  private lanzar(nombre: string, programa: string, args: string[]) {
    const salida = openSync(path.join(this.carpeta, `${nombre}.log`), 'a');
    const hijo = spawn(programa, args, {
      cwd: this.carpeta,
      stdio: ['ignore', salida, salida],
      detached: true,
      ...(this.usuario ?? {}),
      env: { ...process.env, HOME: this.carpeta },
    });
    this.procesos.push({ nombre, hijo });
    return hijo;
  }

  registro(nombre: string, lineas = 30): string {
    const ruta = path.join(this.carpeta, `${nombre}.log`);
    if (!existsSync(ruta)) return '';
    return readFileSync(ruta, 'utf8').split('\n').slice(-lineas).join('\n');
  }

  async iniciar() {
    const todos = [
      PUERTOS.etcdCliente,
      PUERTOS.etcdPar,
      ...PUERTOS.rest,
      ...PUERTOS.pg,
      PUERTOS.primario,
      PUERTOS.estadisticas,
    ];
    for (const p of todos) {
      if (!(await puertoLibre(p)))
        throw new Error(`El puerto ${p} está ocupado: el simulacro lo necesita libre.`);
    }
    const etcdUrl = `http://127.0.0.1:${PUERTOS.etcdCliente}`;
    this.lanzar('etcd', 'etcd', [
      '--name=simulacro',
      `--data-dir=${path.join(this.carpeta, 'etcd')}`,
      `--listen-client-urls=${etcdUrl}`,
      `--advertise-client-urls=${etcdUrl}`,
      `--listen-peer-urls=http://127.0.0.1:${PUERTOS.etcdPar}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${PUERTOS.etcdPar}`,
      `--initial-cluster=simulacro=http://127.0.0.1:${PUERTOS.etcdPar}`,
    ]);
    await esperarA(async () => (await fetch(`${etcdUrl}/health`)).ok, 20_000, 'etcd no arrancó');

    for (const i of [0, 1]) {
      const config = this.escribir(`patroni${i + 1}.yml`, this.configPatroni(i));
      this.patroni.push(this.lanzar(`patroni${i + 1}`, 'patroni', [config]));
      if (i === 0) {
        await esperarA(
          async () => (await fetch(`http://127.0.0.1:${PUERTOS.rest[0]}/primary`)).ok,
          60_000,
          'el primer nodo de Patroni no llegó a primario',
        );
      }
    }
    await esperarA(
      async () =>
        (await this.miembros()).some(
          (m) => m.role === 'sync_standby' && ['streaming', 'running'].includes(m.state),
        ),
      90_000,
      'el segundo nodo no llegó a réplica sincrónica',
    );
    this.lanzar('haproxy', 'haproxy', [
      '-db',
      '-f',
      this.escribir('haproxy.cfg', this.configHaproxy()),
    ]);
    // HAProxy starts with every server up until its checks say otherwise: wait for them.
    const lider = await this.indiceLider();
    await esperarA(
      async () => {
        const estados = await this.estadosHaproxy();
        return estados[lider] === 'UP' && estados[1 - lider] === 'DOWN';
      },
      15_000,
      'HAProxy no dejó el puerto primario solo en el primario',
    );
  }

  /** The state of each node's server in HAProxy ('UP', 'DOWN'…), from its stats CSV. */
  async estadosHaproxy(): Promise<string[]> {
    const csv = await (await fetch(`http://127.0.0.1:${PUERTOS.estadisticas}/;csv`)).text();
    return [0, 1].map((i) => {
      const fila = csv.split('\n').find((l) => l.startsWith(`primario,nodo${i + 1},`));
      return fila?.split(',')[17] ?? '';
    });
  }

  async miembros(): Promise<Miembro[]> {
    for (const p of PUERTOS.rest) {
      try {
        const r = await fetch(`http://127.0.0.1:${p}/cluster`, {
          signal: AbortSignal.timeout(1000),
        });
        if (r.ok) return ((await r.json()) as { members: Miembro[] }).members;
      } catch {
        // the other node answers
      }
    }
    return [];
  }

  /** Index (0, 1) of the node Patroni has as leader. */
  async indiceLider(): Promise<number> {
    const lider = (await this.miembros()).find((m) => m.role === 'leader');
    if (!lider) throw new Error('Patroni no tiene líder');
    return PUERTOS.pg.indexOf(lider.port);
  }

  pidPostgres(i: number): number {
    return Number(
      readFileSync(path.join(this.carpeta, `nodo${i + 1}`, 'postmaster.pid'), 'utf8').split(
        '\n',
      )[0],
    );
  }

  private configPatroni(i: number): string {
    const datos = path.join(this.carpeta, `nodo${i + 1}`);
    return `scope: acopio-simulacro
name: nodo${i + 1}
log:
  level: INFO
restapi:
  listen: 127.0.0.1:${PUERTOS.rest[i]}
  connect_address: 127.0.0.1:${PUERTOS.rest[i]}
etcd3:
  hosts: 127.0.0.1:${PUERTOS.etcdCliente}
bootstrap:
  dcs:
    ttl: ${PATRONI.ttl}
    loop_wait: ${PATRONI.loopWait}
    retry_timeout: ${PATRONI.retryTimeout}
    # A primary whose PostgreSQL crashes fails over at once instead of restarting in place.
    primary_start_timeout: 0
    maximum_lag_on_failover: 1048576
    # Commits wait for the standby's flush; only a synchronous standby may be promoted.
    synchronous_mode: true
    # Off: alone (the other node down) the primary goes on accepting writes, unreplicated.
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      parameters:
        wal_log_hints: 'on'
        max_wal_senders: 5
        max_replication_slots: 5
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
postgresql:
  listen: 127.0.0.1:${PUERTOS.pg[i]}
  connect_address: 127.0.0.1:${PUERTOS.pg[i]}
  data_dir: ${datos}
  bin_dir: ${this.bin}
  pgpass: ${path.join(this.carpeta, `pgpass${i + 1}`)}
  pg_hba:
    - local all all trust
    - host replication replicador 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
  authentication:
    superuser: {username: postgres, password: ${CLAVE_SUPERUSUARIO}}
    replication: {username: replicador, password: ${CLAVE_REPLICA}}
    rewind: {username: postgres, password: ${CLAVE_SUPERUSUARIO}}
  parameters:
    unix_socket_directories: ${this.carpeta}
    password_encryption: scram-sha-256
`;
  }

  private configHaproxy(): string {
    return `global
  maxconn 2000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
listen primario
  bind 127.0.0.1:${PUERTOS.primario}
  option httpchk GET /primary
  http-check expect status 200
  # The old primary's connections are cut as soon as it stops being the primary.
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${PUERTOS.pg.map((p, i) => `  server nodo${i + 1} 127.0.0.1:${p} maxconn 500 check port ${PUERTOS.rest[i]}`).join('\n')}
listen estadisticas
  mode http
  bind 127.0.0.1:${PUERTOS.estadisticas}
  stats enable
  stats uri /
`;
  }

  /** Stops everything it started (Patroni stops its PostgreSQL) and removes the folder. */
  async detener(conservar = false) {
    const vivos = () =>
      this.procesos.filter((p) => p.hijo.exitCode === null && p.hijo.signalCode === null);
    // HAProxy first, then the Patroni nodes (each stops its PostgreSQL), etcd last.
    for (const orden of [['haproxy'], ['patroni1', 'patroni2'], ['etcd']]) {
      const grupo = vivos().filter((p) => orden.includes(p.nombre));
      for (const p of grupo) p.hijo.kill('SIGTERM');
      const limite = Date.now() + 20_000;
      while (
        grupo.some((p) => p.hijo.exitCode === null && p.hijo.signalCode === null) &&
        Date.now() < limite
      ) {
        await esperar(100);
      }
      for (const p of grupo) {
        try {
          process.kill(-p.hijo.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    // A PostgreSQL left behind (its Patroni killed first): by its own postmaster.pid, if that
    // pid is still a postgres of this folder.
    for (const i of [0, 1]) {
      try {
        const pid = this.pidPostgres(i);
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(this.carpeta)) {
          process.kill(pid, 'SIGKILL');
        }
      } catch {
        // not running
      }
    }
    if (!conservar) rmSync(this.carpeta, { recursive: true, force: true });
  }
}
