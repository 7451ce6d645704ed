/**
 * `npm run drill -- failover` (issue 26, part 6): the portal on a real HA PostgreSQL loses its
 * primary under load, and nobody restarts it.
 *
 * Sets up etcd, two Patroni nodes (PostgreSQL 15, synchronous replication) and HAProxy (ha.ts),
 * migrates and loads the demo through HAProxy's primary port, starts two portal processes on it,
 * opens 100 live streams (20 client users, 5 each, the most a user may hold) and sends 25 gate
 * changes a second through the operations API (trucks with a quota: ingreso, tara, bruto, egreso),
 * each with its idempotency key, retried with the same key on a 503 or a dropped connection, as a
 * gate's software does. Then it kills the primary's PostgreSQL with SIGKILL (`--nodo`: its Patroni
 * first, as when the whole machine dies) and measures:
 *
 * - the longest time without a successful write (the gate's acknowledged answers);
 * - acknowledged writes lost: every 2xx answer's key and the truck's state, read from the new
 *   primary afterwards (must be 0: the commit waited for the synchronous standby);
 * - duplicates: a truck entered twice, or a retry answered 409/422 instead of its first answer;
 * - what the gate saw meanwhile: 503 `{ msj }` in Spanish, and anything else (must be nothing);
 * - sessions still valid afterwards (an authenticated GET with each of the 100);
 * - streams resynchronised: each got, after the failover, the last event of every truck that
 *   changed since the kill, or a `recargar`;
 * - portal restarts needed: a process that died or is not ready again (must be 0).
 *
 * Prints the figures, PASS or FAIL (exit 1), and removes everything it started on any exit.
 * Options: `--nodo`, `--antes <s>` (load before the kill, 10), `--despues <s>` (after, 30),
 * `--conservar` (keep the temporary folder and its logs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as esperar } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashToken } from '../../src/server/acceso';
import { conectar, type BaseDeDatos } from '../../src/server/db/client';
import { nombreCookieSesion } from '../../src/server/features/auth/cookies';
import * as cupos from '../../src/server/features/cupos/servicio';
import { crearToken } from '../../src/server/features/tokens/servicio';
import { MENSAJES_API } from '../../src/shared/textos';
import { asegurarProgramas, CLAVE_PORTAL, ClusterHa, esperarA, PATRONI, puertoLibre } from './ha';

const { values: opciones } = parseArgs({
  args: process.argv.slice(3),
  options: {
    nodo: { type: 'boolean', default: false },
    antes: { type: 'string', default: '10' },
    despues: { type: 'string', default: '30' },
    conservar: { type: 'boolean', default: false },
  },
});

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PUERTOS_PORTAL = [
  Number(process.env.DRILL_PORTAL_PORT_1 ?? 38080),
  Number(process.env.DRILL_PORTAL_PORT_2 ?? 38081),
];
const CAMBIOS_POR_SEGUNDO = 25;
const PASOS = ['ingreso', 'tara', 'bruto', 'egreso'] as const;
const USUARIOS = 20;
const FLUJOS_POR_USUARIO = 5;
const CODEMPRE = 1;
const UNINEG = 1;
/** A gate gives an operation up after this long (it would ask a person). */
const PLAZO_OPERACION_MS = 60_000;
const REINTENTO_MS = 250;
const META_SEGUNDOS_SIN_ESCRIBIR = 15;

const t0 = performance.now();
const ahora = () => performance.now() - t0;
const seg = (ms: number) => (ms / 1000).toFixed(1);
const log = (m: string) => console.log(`[${seg(ahora()).padStart(6)} s] ${m}`);

// ---------------------------------------------------------------------------------------------
// Portal processes

interface Portal {
  puerto: number;
  hijo: ChildProcess;
  url: string;
  salidas: number;
}

function iniciarPortal(cluster: ClusterHa, i: number, secreto: string, demo: boolean): Portal {
  const puerto = PUERTOS_PORTAL[i]!;
  const datos = path.join(cluster.carpeta, `portal${i + 1}`);
  mkdirSync(datos, { recursive: true });
  const salida = openSync(path.join(cluster.carpeta, `portal${i + 1}.log`), 'a');
  const hijo = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: RAIZ,
    stdio: ['ignore', salida, salida],
    detached: true,
    env: {
      ...process.env,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: datos,
      DATABASE_URL: cluster.url(),
      DEMO: demo ? '1' : '0',
      CARD_SECRET: secreto,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      METRICS_PORT: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
    },
  });
  const portal: Portal = { puerto, hijo, url: `http://127.0.0.1:${puerto}`, salidas: 0 };
  hijo.on('exit', () => portal.salidas++);
  return portal;
}

const listo = async (p: Portal, ms = 2000) =>
  (await fetch(`${p.url}/api/health/ready`, { signal: AbortSignal.timeout(ms) })).status === 200;

async function detenerPortal(p: Portal) {
  if (p.hijo.exitCode !== null || p.hijo.signalCode !== null) return;
  p.hijo.kill('SIGTERM');
  const limite = Date.now() + 12_000;
  while (p.hijo.exitCode === null && p.hijo.signalCode === null && Date.now() < limite)
    await esperar(100);
  try {
    process.kill(-p.hijo.pid!, 'SIGKILL');
  } catch {
    // gone
  }
}

// ---------------------------------------------------------------------------------------------
// The gate's client: every operation with its key, retried with it until an answer that is not
// a 503 or a dropped connection.

interface Operacion {
  paso: (typeof PASOS)[number];
  clave: string;
  camion?: number;
  patcha: string;
  intentos: number;
  /** When its 2xx arrived (ms since start); undefined if it never did. */
  confirmada?: number;
  repetida: boolean;
  status503: number;
  /** 503 whose body is not the Spanish `{ msj }` of a database that is down. */
  status503Otros: number;
  caidasConexion: number;
  /** How long each 503 took to arrive (ms). */
  demoras503: number[];
  /** Any other answer: a 5xx that is not 503, a 4xx (a 409 here is a duplicate). */
  otros: { status: number; msj: string }[];
}

const operaciones: Operacion[] = [];
let agenteGate: http.Agent;

function pedir(
  url: string,
  cuerpo: unknown,
  token: string,
  clave: string,
): Promise<{ status: number; json: Record<string, unknown>; repetida: boolean }> {
  return new Promise((resolve, reject) => {
    const datos = JSON.stringify(cuerpo);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: agenteGate,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(datos),
          authorization: `Bearer ${token}`,
          'idempotency-key': clave,
        },
      },
      (res) => {
        let texto = '';
        res.setEncoding('utf8');
        res.on('data', (t: string) => (texto += t));
        res.on('end', () => {
          let json: Record<string, unknown>;
          try {
            json = JSON.parse(texto) as Record<string, unknown>;
          } catch {
            json = { msj: texto.slice(0, 200) };
          }
          resolve({
            status: res.statusCode!,
            json,
            repetida: res.headers['idempotent-replayed'] === 'true',
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(datos);
  });
}

async function operar(
  portal: Portal,
  token: string,
  op: Operacion,
  cuerpo: unknown,
): Promise<boolean> {
  const inicio = ahora();
  for (;;) {
    op.intentos++;
    const envio = ahora();
    try {
      const r = await pedir(`${portal.url}/api/operaciones/${op.paso}`, cuerpo, token, op.clave);
      if (r.status >= 200 && r.status < 300) {
        op.confirmada = ahora();
        op.repetida ||= r.repetida;
        if (op.paso === 'ingreso') op.camion = Number(r.json.camion);
        return true;
      }
      if (r.status === 503) {
        op.status503++;
        op.demoras503.push(ahora() - envio);
        if (r.json.msj !== MENSAJES_API.baseNoDisponible) op.status503Otros++;
      } else {
        op.otros.push({ status: r.status, msj: typeof r.json.msj === 'string' ? r.json.msj : '' });
        // A 4xx is an answer: retrying it cannot change it.
        if (r.status < 500) return false;
      }
    } catch (e) {
      op.caidasConexion++;
      op.otros.push({ status: 0, msj: (e as Error).message });
    }
    if (ahora() - inicio > PLAZO_OPERACION_MS) return false;
    await esperar(REINTENTO_MS);
  }
}

// ---------------------------------------------------------------------------------------------
// Live streams, as the web's EventSource: on a dropped stream or an error answer, again after
// `retry` with the last id seen.

interface Flujo {
  n: number;
  cookie: string;
  portal: Portal;
  ultimoId: number | undefined;
  listo: boolean;
  /** truck ctrl → highest event id received, after the kill. */
  trasCaida: Map<number, number>;
  recargarTrasCaida: boolean;
  reconexiones: number;
  respuestasNo200: number;
  cerrado: boolean;
  req?: http.ClientRequest;
}

let instanteCaida: number | undefined;

function abrirFlujo(f: Flujo, alListo?: () => void) {
  if (f.cerrado) return;
  const desde = f.ultimoId === undefined ? '' : `?desde=${f.ultimoId}`;
  const reabrir = () => {
    if (f.cerrado) return;
    f.reconexiones++;
    setTimeout(() => abrirFlujo(f), 3000);
  };
  const req = http.get(
    `${f.portal.url}/api/camiones/eventos${desde}`,
    { headers: { cookie: f.cookie, accept: 'text/event-stream' }, agent: false },
    (res) => {
      if (res.statusCode !== 200) {
        f.respuestasNo200++;
        res.resume();
        res.on('end', reabrir);
        return;
      }
      res.setEncoding('utf8');
      let resto = '';
      res.on('data', (trozo: string) => {
        resto += trozo;
        let fin: number;
        while ((fin = resto.indexOf('\n\n')) >= 0) {
          const msg = resto.slice(0, fin);
          resto = resto.slice(fin + 2);
          const id = /^id: (\d+)$/m.exec(msg);
          const tipo = /^event: (\w+)$/m.exec(msg)?.[1];
          if (id) f.ultimoId = Math.max(f.ultimoId ?? 0, Number(id[1]));
          const tras = instanteCaida !== undefined;
          if (tipo === 'listo') {
            f.listo = true;
            alListo?.();
          } else if (tipo === 'recargar' && tras) {
            f.recargarTrasCaida = true;
          } else if (tipo === 'camion' && tras && id) {
            const ctrl = /"ctrl":(\d+)/.exec(msg);
            if (ctrl)
              f.trasCaida.set(
                Number(ctrl[1]),
                Math.max(f.trasCaida.get(Number(ctrl[1])) ?? 0, Number(id[1])),
              );
          }
        }
      });
      res.on('end', reabrir);
      res.on('error', () => undefined);
    },
  );
  req.on('error', reabrir);
  f.req = req;
}

const mediana = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  return o.length ? o[Math.floor((o.length - 1) / 2)]! : 0;
};

// ---------------------------------------------------------------------------------------------

async function simulacro(cluster: ClusterHa, portales: Portal[]) {
  log(`carpeta ${cluster.carpeta}`);
  await cluster.iniciar();
  log(
    `etcd, dos nodos de Patroni (réplica sincrónica) y HAProxy en :56000 andando (${JSON.stringify(await cluster.miembros())})`,
  );

  // The portal's role and database, through the primary port.
  const admin = new pg.Client({ connectionString: cluster.urlSuperusuario() });
  await admin.connect();
  await admin.query(`create role acopio login password '${CLAVE_PORTAL}'`);
  await admin.query('create database acopio owner acopio');
  await admin.end();

  const secreto = randomBytes(32).toString('hex');
  portales.push(iniciarPortal(cluster, 0, secreto, true));
  await esperarA(() => listo(portales[0]!), 240_000, 'el primer portal no quedó listo');
  portales.push(iniciarPortal(cluster, 1, secreto, false));
  await esperarA(() => listo(portales[1]!), 120_000, 'el segundo portal no quedó listo');
  log(`dos portales listos (:${PUERTOS_PORTAL.join(', :')}), migrados y con la demostración`);

  // Drill data: a service token, 20 client users with 5 sessions each, quotas for the trucks.
  const base: BaseDeDatos = conectar(cluster.url(), {
    max: 4,
    timeZone: 'America/Argentina/Buenos_Aires',
  });
  const db = base.db;
  const token = await crearToken(db, 'terminal', 'simulacro-failover', { actor: 'simulacro' });
  const cookies: string[] = [];
  for (let u = 0; u < USUARIOS; u++) {
    const { rows } = await db.execute<{ id: number }>(sql`
      insert into usuarios (usuario, codempre) values (${`simulacro${String(u).padStart(2, '0')}`}, ${CODEMPRE}) returning id`);
    await db.execute(
      sql`insert into usuario_unidades (usuario_id, unineg) values (${rows[0]!.id}, ${UNINEG})`,
    );
    for (let k = 0; k < FLUJOS_POR_USUARIO; k++) {
      const t = randomBytes(32).toString('base64url');
      await db.execute(sql`
        insert into sesiones (token_hash, usuario_id, expira_en, user_agent)
        values (${hashToken(t)}, ${rows[0]!.id}, now() + interval '12 hours', 'simulacro failover')`);
      cookies.push(`${nombreCookieSesion(false)}=${t}`);
    }
  }
  const { rows: par } = await db.execute<{ codpro: number; coddespacho: number }>(sql`
    select min(pc.codpro) as codpro,
           (select min(d.coddespacho) from tipos_despacho d where d.unineg = ${UNINEG} and d.envase = 'N') as coddespacho
    from productos_clientes pc where pc.codempre = ${CODEMPRE} and pc.unineg = ${UNINEG}`);
  const segundosCarga = Number(opciones.antes) + Number(opciones.despues);
  const camionesNecesarios = Math.ceil(((segundosCarga + 5) * CAMBIOS_POR_SEGUNDO) / PASOS.length);
  const libres: number[] = [];
  while (libres.length < camionesNecesarios) {
    const r = await cupos.crear(
      db,
      'terminal',
      { actor: 'simulacro' },
      {
        cupo: {
          cliente: CODEMPRE,
          uniNeg: UNINEG,
          tipoOrden: 'R',
          tipoDespacho: par[0]!.coddespacho,
          envase: -1,
          cargaMaxima: 30000,
          conCoating: false,
          observaciones: 'Simulacro de failover',
          cantCuposIguales: 100,
        },
        productos: [{ producto: par[0]!.codpro, porcentaje: 100 }],
      },
    );
    if ('errores' in r) throw new Error(`cupos: ${r.errores.join('; ')}`);
    libres.push(...r.cupos);
  }
  await base.cerrar();
  log(
    `token, ${USUARIOS} usuarios con ${cookies.length} sesiones y ${libres.length} cupos creados`,
  );

  // 100 streams, alternating between the two processes.
  const flujos: Flujo[] = cookies.map((cookie, n) => ({
    n,
    cookie,
    portal: portales[n % 2]!,
    ultimoId: undefined,
    listo: false,
    trasCaida: new Map(),
    recargarTrasCaida: false,
    reconexiones: 0,
    respuestasNo200: 0,
    cerrado: false,
  }));
  await Promise.all(flujos.map((f) => new Promise<void>((resolve) => abrirFlujo(f, resolve))));
  log(`${flujos.length} flujos en vivo abiertos y al día`);

  // The load: a truck every PASOS/25 s, each walking ingreso → tara → bruto → egreso with a
  // second between steps, on alternating processes: 25 changes a second in steady state.
  agenteGate = new http.Agent({ keepAlive: true, maxSockets: 200 });
  let parar = false;
  const viajes: Promise<void>[] = [];
  let n = 0;
  const camionar = async (k: number) => {
    const portal = portales[k % 2]!;
    const cupo = libres[k]!;
    const patcha = `FO${String(k).padStart(5, '0')}`;
    const nueva = (paso: Operacion['paso']): Operacion => {
      const op: Operacion = {
        paso,
        clave: randomUUID(),
        patcha,
        intentos: 0,
        repetida: false,
        status503: 0,
        status503Otros: 0,
        caidasConexion: 0,
        demoras503: [],
        otros: [],
      };
      operaciones.push(op);
      return op;
    };
    const ingreso = nueva('ingreso');
    const ok = await operar(portal, token, ingreso, {
      codempre: CODEMPRE,
      unineg: UNINEG,
      patcha,
      cargateorica: 30000,
      nomchofer: 'Chofer Simulacro',
      dni: '30111222',
      cupo,
    });
    if (!ok) return;
    const camion = ingreso.camion!;
    const cuerpos = {
      tara: { camion, kg: 15000, balanza: 'Balanza 1' },
      bruto: { camion, kg: 44000, balanza: 'Balanza 2' },
      egreso: { camion },
    };
    for (const paso of ['tara', 'bruto', 'egreso'] as const) {
      await esperar(1000);
      const op = nueva(paso);
      op.camion = camion;
      if (!(await operar(portal, token, op, cuerpos[paso]))) return;
    }
  };
  const intervalo = (1000 * PASOS.length) / CAMBIOS_POR_SEGUNDO;
  const inicioCarga = performance.now();
  const generador = (async () => {
    while (!parar && n < libres.length) {
      const espera = inicioCarga + n * intervalo - performance.now();
      if (espera > 0) await esperar(espera);
      viajes.push(camionar(n++));
    }
  })();
  log(`carga: ${CAMBIOS_POR_SEGUNDO} cambios de portería por segundo`);
  await esperar(Number(opciones.antes) * 1000);

  // The events before the kill: a stream's resynchronisation is judged on what came after.
  const marca = new pg.Client({ connectionString: cluster.urlSuperusuario('acopio') });
  await marca.connect();
  const { rows: antes } = await marca.query<{ ultimo: string }>(
    'select coalesce(max(id), 0) as ultimo from eventos_playa',
  );
  await marca.end();
  const lider = await cluster.indiceLider();
  instanteCaida = ahora();
  if (opciones.nodo) cluster.patroni[lider]!.kill('SIGKILL');
  process.kill(cluster.pidPostgres(lider), 'SIGKILL');
  log(
    `kill -9 del PostgreSQL primario (nodo${lider + 1})${opciones.nodo ? ' y de su Patroni' : ''}`,
  );

  // Until the other node is the primary and both processes are ready again, by themselves.
  await esperarA(
    async () => (await cluster.indiceLider()) === 1 - lider,
    120_000,
    'Patroni no promovió la réplica',
  );
  const promovida = ahora();
  log(`nodo${2 - lider} es el primario (${seg(promovida - instanteCaida)} s tras la caída)`);
  const listosEn = await Promise.all(
    portales.map(async (p) => {
      await esperarA(() => listo(p, 5000), 90_000, '').catch(() => undefined);
      return ahora();
    }),
  );
  const listos = Math.max(...listosEn);
  log(`portales listos otra vez (${seg(listos - instanteCaida)} s tras la caída)`);

  const resto = Number(opciones.despues) * 1000 - (ahora() - instanteCaida);
  if (resto > 0) await esperar(resto);
  parar = true;
  await generador;
  await Promise.all(viajes);
  log(`carga detenida: ${operaciones.length} operaciones`);

  // Streams settle: wait until every stream has the newest event, or 20 s.
  const verificar = new pg.Client({ connectionString: cluster.urlSuperusuario('acopio') });
  await verificar.connect();
  const { rows: tras } = await verificar.query<{ camion_ctrl: number; ultimo: number }>(
    `select camion_ctrl, max(id)::int as ultimo from eventos_playa
     where id > $1 and codempre = $2 and unineg = $3 group by camion_ctrl`,
    [antes[0]!.ultimo, CODEMPRE, UNINEG],
  );
  const alDia = (f: Flujo) =>
    f.recargarTrasCaida || tras.every((e) => (f.trasCaida.get(e.camion_ctrl) ?? 0) >= e.ultimo);
  await esperarA(async () => flujos.every(alDia), 20_000, '').catch(() => undefined);

  // Acknowledged writes, on the new primary.
  const confirmadas = operaciones.filter((o) => o.confirmada !== undefined);
  const { rows: claves } = await verificar.query<{ clave: string }>(
    'select clave from operaciones_idempotencia where clave = any($1::text[])',
    [confirmadas.map((o) => o.clave)],
  );
  const guardadas = new Set(claves.map((c) => c.clave));
  const { rows: camiones } = await verificar.query<{
    ctrl: number;
    patcha: string;
    codestado: number;
    egreso: boolean;
  }>(
    `select c.ctrl, c.patcha, c.codestado, c.egreso_en is not null as egreso from camiones c where c.patcha like 'FO%'`,
  );
  const porCtrl = new Map(camiones.map((c) => [c.ctrl, c]));
  const estadoMinimo = { ingreso: 2, tara: 3, bruto: 4, egreso: 4 } as const;
  const perdidas = confirmadas.filter((o) => {
    if (!guardadas.has(o.clave)) return true;
    const c = porCtrl.get(o.camion!);
    return !c || c.codestado < estadoMinimo[o.paso] || (o.paso === 'egreso' && !c.egreso);
  });
  const porPatente = new Map<string, number>();
  for (const c of camiones) porPatente.set(c.patcha, (porPatente.get(c.patcha) ?? 0) + 1);
  const duplicadosCamion = [...porPatente.values()].filter((v) => v > 1).length;
  const respuestas409 = operaciones
    .flatMap((o) => o.otros)
    .filter((x) => x.status === 409 || x.status === 422);
  await verificar.end();

  // Sessions, on both processes.
  let sesiones = 0;
  for (const [i, cookie] of cookies.entries()) {
    const r = await fetch(`${portales[i % 2]!.url}/api/cuenta`, { headers: { cookie } });
    if (r.status === 200) sesiones++;
    await r.arrayBuffer();
  }
  const resincronizados = flujos.filter(alDia).length;
  const conRecargar = flujos.filter((f) => f.recargarTrasCaida).length;

  // The longest time without a successful write, over the whole load.
  const tiempos = confirmadas.map((o) => o.confirmada!).sort((a, b) => a - b);
  let hueco = 0;
  let huecoDesde = 0;
  for (let i = 1; i < tiempos.length; i++) {
    if (tiempos[i]! - tiempos[i - 1]! > hueco) {
      hueco = tiempos[i]! - tiempos[i - 1]!;
      huecoDesde = tiempos[i - 1]!;
    }
  }
  const primeraTras = tiempos.find((t) => t > instanteCaida!) ?? NaN;
  const reinicios = portales.filter((p) => p.salidas > 0).length;
  const listosAlFinal = (
    await Promise.all(portales.map((p) => listo(p).catch(() => false)))
  ).filter(Boolean).length;
  const total503 = operaciones.reduce((a, o) => a + o.status503, 0);
  const otros503 = operaciones.reduce((a, o) => a + o.status503Otros, 0);
  const caidas = operaciones.reduce((a, o) => a + o.caidasConexion, 0);
  const otros5xx = operaciones.flatMap((o) => o.otros).filter((x) => x.status >= 500);
  const fallidas = operaciones.filter((o) => o.confirmada === undefined);
  const demoras503 = operaciones.flatMap((o) => o.demoras503);
  for (const o of fallidas.slice(0, 5)) {
    const { demoras503: _d, ...resumen } = o;
    console.log(`sin confirmar: ${JSON.stringify(resumen)}`);
  }
  const reintentadas = operaciones.filter((o) => o.intentos > 1);
  const repetidas = operaciones.filter((o) => o.repetida);

  const figuras = {
    segundosSinEscrituras: Number(seg(hueco)),
    huecoDesdeLaCaida: Number(seg(huecoDesde - instanteCaida)),
    primeraEscrituraTrasLaCaida: Number(seg(primeraTras - instanteCaida)),
    promocion: Number(seg(promovida - instanteCaida)),
    portalesListos: Number(seg(listos - instanteCaida)),
    portalesListosCadaUno: listosEn.map((t) => Number(seg(t - instanteCaida!))),
    operaciones: operaciones.length,
    confirmadas: confirmadas.length,
    noConfirmadas: fallidas.length,
    escriturasConfirmadasPerdidas: perdidas.length,
    camionesDuplicados: duplicadosCamion,
    respuestas409o422: respuestas409.length,
    reintentadas: reintentadas.length,
    respondidasDeNuevoPorLaClave: repetidas.length,
    respuestas503: total503,
    respuestas503SinMensaje: otros503,
    segundosHastaEl503Mediana: Number(seg(mediana(demoras503))),
    segundosHastaEl503Maximo: Number(seg(Math.max(0, ...demoras503))),
    otros5xx: otros5xx.length,
    conexionesCaidasAlPortal: caidas,
    sesionesValidas: `${sesiones}/${cookies.length}`,
    flujosResincronizados: `${resincronizados}/${flujos.length}`,
    flujosConRecargar: conRecargar,
    reconexionesDeFlujos: flujos.reduce((a, f) => a + f.reconexiones, 0),
    camionesCambiadosTrasLaCaida: tras.length,
    reiniciosDelPortal: reinicios,
    portalesListosAlFinal: `${listosAlFinal}/${portales.length}`,
  };
  console.log(JSON.stringify(figuras, null, 2));
  const fallas = [
    hueco / 1000 >= META_SEGUNDOS_SIN_ESCRIBIR &&
      `${seg(hueco)} s sin escrituras (meta < ${META_SEGUNDOS_SIN_ESCRIBIR} s)`,
    perdidas.length > 0 && `${perdidas.length} escrituras confirmadas perdidas`,
    duplicadosCamion > 0 && `${duplicadosCamion} camiones ingresados dos veces`,
    respuestas409.length > 0 &&
      `${respuestas409.length} reintentos respondidos 409/422 (${respuestas409[0]!.msj})`,
    otros503 + otros5xx.length > 0 &&
      `${otros503 + otros5xx.length} respuestas 5xx que no son el 503 en castellano (${otros5xx[0]?.status ?? 503})`,
    fallidas.length > 0 && `${fallidas.length} operaciones nunca confirmadas`,
    sesiones < cookies.length && `${cookies.length - sesiones} sesiones dejaron de valer`,
    resincronizados < flujos.length &&
      `${flujos.length - resincronizados} flujos sin resincronizar`,
    reinicios > 0 && `${reinicios} portales se cayeron`,
    listosAlFinal < portales.length &&
      `${portales.length - listosAlFinal} portales no están listos al final`,
  ].filter(Boolean);
  for (const f of flujos) {
    f.cerrado = true;
    f.req?.destroy();
  }
  agenteGate.destroy();
  if (fallas.length) {
    console.log(`FAIL: ${fallas.join('; ')}`);
    return false;
  }
  console.log(
    `PASS: ${seg(hueco)} s sin escrituras, 0 escrituras confirmadas perdidas, 0 duplicados, ${sesiones}/${cookies.length} sesiones, ${resincronizados}/${flujos.length} flujos resincronizados, 0 reinicios (Patroni ttl ${PATRONI.ttl}, loop_wait ${PATRONI.loopWait})`,
  );
  return true;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  for (const p of PUERTOS_PORTAL) {
    if (!(await puertoLibre(p)))
      throw new Error(`El puerto ${p} está ocupado: el simulacro lo necesita libre.`);
  }
  asegurarProgramas();
  const cluster = new ClusterHa();
  const portales: Portal[] = [];
  let limpiando: Promise<void> | null = null;
  const limpiar = () =>
    (limpiando ??= (async () => {
      await Promise.all(portales.map(detenerPortal));
      await cluster.detener(opciones.conservar);
    })());
  const alSenal = () => {
    console.log('simulacro: interrumpido; deteniendo todo');
    void limpiar().then(() => process.exit(130));
  };
  process.on('SIGINT', alSenal);
  process.on('SIGTERM', alSenal);
  let bien = false;
  try {
    bien = await simulacro(cluster, portales);
  } catch (e) {
    console.error(`FAIL: ${(e as Error).message}`);
    for (const nombre of ['patroni1', 'patroni2', 'haproxy', 'portal1', 'portal2']) {
      const texto = cluster.registro(nombre, 15);
      if (texto) console.error(`--- ${nombre}.log\n${texto}`);
    }
  } finally {
    await limpiar();
  }
  if (opciones.conservar) console.log(`registros en ${cluster.carpeta}`);
  process.exit(bien ? 0 : 1);
}

await main();
