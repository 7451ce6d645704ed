/**
 * `npm run bench [-- nombre…]`: a harvest-peak data set (TAMANOS_COSECHA; BENCH_ESCALA=chica for a
 * quick look) on its own embedded PostgreSQL, the real app over real HTTP, and autocannon against
 * each scenario, next to a bare Fastify route answering the same bytes from memory (the cost of
 * the stack itself) and, where the scenario gives its SQL, Fastify + pg running that SQL (plain
 * and as a named prepared statement). Results: bench/results/<fecha>.json and
 * bench/results/ultimo.md. `-- --humo`: the smoke run of bench/modo.ts. BENCH_DATABASE_URL: an
 * empty, migrated database to use instead of an embedded PostgreSQL of its own (the smoke test).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { conectar } from '../src/server/db/client';
import { abrirPostgresEmbebido, postgresAndando } from '../src/server/db/embedded';
import { migrar } from '../src/server/db/migrate';
import { cargarDemo } from '../src/server/demo/datos';
import { generarVolumen, TAMANOS_COSECHA, type TamanosVolumen } from '../src/server/demo/volumen';
import { emitirTarjeta } from '../src/server/features/auth/servicio';
import type { ValoresTarjeta } from '../src/server/features/auth/tarjetas';
import { ingresarHttp } from '../src/server/test/http';
import { ESCENARIOS_CUPOS } from './escenarios/cupos';
import { ESCENARIOS_ENCUESTAS } from './escenarios/encuestas';
import { ESCENARIOS_PLATAFORMA } from './escenarios/plataforma';
import { ESCENARIOS_CAMIONES } from './escenarios/camiones';
import { ESCENARIOS_STOCK } from './escenarios/stock';
import { ESCENARIOS_AUDITORIA } from './escenarios/auditoria';
import { ESCENARIOS_HISTORIAL_STOCK } from './escenarios/historial-stock';
import { ESCENARIOS_TABLERO } from './escenarios/tablero';
import { ESCENARIOS_TURNOS } from './escenarios/turnos';
import { MEDICIONES_EXTRA } from './extras';
import { abrirBuzon } from './buzon';
import { compilarWebSiHaceFalta } from '../scripts/web-compilada';
import type { ContextoBench, Escenario, Peticion } from './tipos';
import {
  conexionesDeCarga,
  exigirRespuestasBuenas,
  HUMO,
  segunEscala,
  segundosDeCarga,
} from './modo';
import { detenerProceso, iniciarProceso, puertoLibre, type Proceso } from '../scripts/procesos';

/** Every scenario of every feature: each feature adds its list here. */
const ESCENARIOS: Escenario[] = [
  ...ESCENARIOS_PLATAFORMA,
  ...ESCENARIOS_CAMIONES,
  ...ESCENARIOS_CUPOS,
  ...ESCENARIOS_ENCUESTAS,
  ...ESCENARIOS_STOCK,
  ...ESCENARIOS_AUDITORIA,
  ...ESCENARIOS_HISTORIAL_STOCK,
  ...ESCENARIOS_TABLERO,
  ...ESCENARIOS_TURNOS,
];

const ESCALA_CHICA: TamanosVolumen = {
  empresas: 20,
  camionesEnPlaya: 500,
  cupos: 5_000,
  movimientos: 20_000,
  usuarios: 50,
  encuestas: 5,
};
/**
 * The smoke run's data set: the fewest rows every scenario still finds what it reads (companies
 * 1001-1010 for the live yard, a 'Walter Sosa' in the yard for the browser's search, free quotas
 * of company 1001).
 */
const ESCALA_HUMO: TamanosVolumen = {
  // 13, not 12: with 12 every quota of company 1001 falls on a deleted one (i % 3).
  empresas: 13,
  camionesEnPlaya: 60,
  cupos: 400,
  movimientos: 2_000,
  usuarios: 30,
  encuestas: 2,
};
const SECRETO = 'bench-'.padEnd(64, 'x');
const carpetaResultados = fileURLToPath(new URL('./results', import.meta.url));

async function ingresar(url: string, usuario: string, valores: ValoresTarjeta): Promise<string> {
  const { status, cookie } = await ingresarHttp(url, usuario, valores);
  if (status !== 200) throw new Error(`No se pudo ingresar como ${usuario}: ${status}`);
  return cookie;
}

/** Throughput and latency of one floor, and the portal's throughput over it. */
interface Piso {
  rps: number;
  p50ms: number;
  p99ms: number;
  razon: number;
}

interface Medicion {
  escenario: string;
  descripcion: string;
  conexiones: number;
  segundos: number;
  solicitudesPorSegundo: number;
  p50ms: number;
  p99ms: number;
  errores: number;
  no2xx: number;
  /** Throughput relative to the bare Fastify route answering the same bytes. */
  razonContraFastifyDesnudo: number;
  /** The same query in PostgreSQL alone (EXPLAIN ANALYZE median), where the scenario has one. */
  sqlPlanoMs?: number;
  /** Each round of the portal (BENCH_RONDAS), with the machine's 1-minute load after it. */
  rondas: {
    rps: number;
    p50ms: number;
    p99ms: number;
    cpuUs?: number;
    cpuPgUs?: number;
    carga: number;
  }[];
  /** The median of the rounds' p99, and of the portal's CPU per request (µs). */
  p99MedianoMs: number;
  cpuPortalPorPedidoUs: number;
  /** Latency of the bare Fastify answering the same bytes: the floor under the stack. */
  desnudoP50ms: number;
  desnudoP99ms: number;
  /** The second floor: Fastify + pg running the route's SQL, JSON.stringify, nothing else. */
  pisoPg?: Piso;
  /** The same floor running the SQL as a named prepared statement (planned once a connection). */
  pisoPgPreparado?: Piso;
  /** The same floor running the session's query before the route's (two round trips). */
  pisoPgConSesion?: Piso;
  /** Portal / prepared floor of each alternated round (BENCH_RONDAS), in order. */
  razonesPreparadoPorRonda?: number[];
  /** CPU of the portal's process and of the prepared floor's per request, each round (µs). */
  cpuPorPedidoUs?: { portal?: number; pisoPreparado?: number }[];
}

const cabeceras = (p: Peticion): Record<string, string> => ({
  ...(p.cookie ? { cookie: p.cookie } : {}),
  ...(p.method === 'POST' ? { 'content-type': 'application/json' } : {}),
});
const cuerpo = (p: Peticion) => (p.method === 'POST' ? JSON.stringify(p.body ?? {}) : undefined);

/**
 * CPU seconds (user + system) a process has used so far, from /proc: what a server spends per
 * request does not depend on how busy the rest of a shared machine is, its throughput does.
 */
/** A process's /proc stat fields after the command's ')': field N of the line is [N - 3]. */
const camposDeStat = (pid: number) =>
  readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');

function cpuDe(pid: number): number {
  const campos = camposDeStat(pid);
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's ')'.
  return (Number(campos[11]) + Number(campos[12])) / 100;
}

/**
 * The embedded PostgreSQL's postmaster (read from its postmaster.pid once it runs), for its CPU
 * per request; undefined with BENCH_DATABASE_URL (another machine's or another user's server).
 */
let pidPostmaster: number | undefined;

/**
 * CPU seconds the embedded PostgreSQL has used so far: the postmaster's own, its finished
 * backends' (cutime and cstime, fields 16 and 17, added when it waits for them) and its live
 * backends' (every process whose parent is the postmaster). The pool's connections are live
 * backends, so a request's SQL is counted whichever connection ran it.
 */
function cpuDePostgres(postmaster: number): number {
  const propio = camposDeStat(postmaster);
  let total = Number(propio[11]) + Number(propio[12]) + Number(propio[13]) + Number(propio[14]);
  for (const nombre of readdirSync('/proc')) {
    if (!/^\d+$/.test(nombre)) continue;
    try {
      const c = camposDeStat(Number(nombre));
      // ppid is field 4 of the line, 2 after the command's ')'.
      if (Number(c[1]) === postmaster) total += Number(c[11]) + Number(c[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total / 100;
}

async function medir(
  que: string,
  url: string,
  p: Peticion,
  conexiones: number,
  duracion: number,
  pid?: number,
) {
  const cpuAntes = pid === undefined ? 0 : cpuDe(pid);
  const cpuPgAntes = pid === undefined || !pidPostmaster ? 0 : cpuDePostgres(pidPostmaster);
  const resultado = await autocannon({
    url: `${url}${p.path}`,
    method: p.method,
    connections: conexionesDeCarga(conexiones),
    // A smoke run asks a handful of requests, not a time: each scenario costs milliseconds.
    ...(HUMO ? { amount: 6, sampleInt: 50 } : { duration: duracion }),
    headers: cabeceras(p),
    body: cuerpo(p),
  });
  exigirRespuestasBuenas(que, resultado);
  const pedidos = resultado['2xx'] + resultado.non2xx;
  const cpuS = pid === undefined ? undefined : cpuDe(pid) - cpuAntes;
  const cpuPgS =
    pid === undefined || !pidPostmaster ? undefined : cpuDePostgres(pidPostmaster) - cpuPgAntes;
  return {
    /** The server's CPU per answered request, in µs (with its pid). */
    cpuUs: cpuS === undefined || !pedidos ? undefined : Math.round((cpuS * 1e6) / pedidos),
    /** The embedded PostgreSQL's CPU per answered request, in µs (measured with the portal's). */
    cpuPgUs: cpuPgS === undefined || !pedidos ? undefined : Math.round((cpuPgS * 1e6) / pedidos),
    rps: resultado.requests.average,
    p50: resultado.latency.p50,
    p99: resultado.latency.p99,
    errores: resultado.errors + resultado.timeouts,
    no2xx: resultado.non2xx,
    // What `juntar` adds up when one measurement is made of several loads.
    pedidos,
    segundos: resultado.duration,
    cpuS,
    cpuPgS,
  };
}
type Resultado = Awaited<ReturnType<typeof medir>>;

/**
 * Several loads of one server as one measurement: requests, seconds and CPU added up, so the
 * throughput is all the requests over all the seconds; p50 the median of the loads' p50 and p99
 * the worst of their p99 (autocannon gives percentiles, not what they were computed from).
 */
function juntar(partes: Resultado[]): Resultado {
  if (partes.length === 1) return partes[0]!;
  const suma = (f: (r: Resultado) => number | undefined) =>
    partes.some((r) => f(r) === undefined) ? undefined : partes.reduce((s, r) => s + f(r)!, 0);
  const pedidos = suma((r) => r.pedidos)!;
  const segundos = suma((r) => r.segundos)!;
  const cpuS = suma((r) => r.cpuS);
  const cpuPgS = suma((r) => r.cpuPgS);
  const p50s = partes.map((r) => r.p50).sort((a, b) => a - b);
  return {
    cpuUs: cpuS === undefined || !pedidos ? undefined : Math.round((cpuS * 1e6) / pedidos),
    cpuPgUs: cpuPgS === undefined || !pedidos ? undefined : Math.round((cpuPgS * 1e6) / pedidos),
    rps: segundos ? pedidos / segundos : 0,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...partes.map((r) => r.p99)),
    errores: suma((r) => r.errores)!,
    no2xx: suma((r) => r.no2xx)!,
    pedidos,
    segundos,
    cpuS,
    cpuPgS,
  };
}

const piso = (portal: Resultado, r: Resultado): Piso => ({
  rps: Math.round(r.rps),
  p50ms: r.p50,
  p99ms: r.p99,
  razon: Number((portal.rps / r.rps).toFixed(3)),
});

/** Resident memory of a process, in MB. */
function rssMb(pid: number): number {
  const linea = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(linea?.replace(/\D/g, '') ?? 0) / 1024);
}

/** A helper process for the whole run (a floor), started the first time it is needed. */
function procesoDeApoyo(archivo: string, entorno: Record<string, string>) {
  let iniciado: Promise<{ proceso: Proceso; url: string }> | undefined;
  const iniciar = async () => {
    const puerto = await puertoLibre();
    const proceso = await iniciarProceso(
      archivo,
      { ...entorno, BENCH_PUERTO: String(puerto) },
      'listo',
    );
    return { proceso, url: `http://127.0.0.1:${puerto}` };
  };
  return {
    url: async () => (await (iniciado ??= iniciar())).url,
    pid: async () => (await (iniciado ??= iniciar())).proceso.hijo.pid!,
    detener: async () => {
      if (iniciado) await detenerProceso((await iniciado).proceso);
    },
  };
}
type ProcesoDeApoyo = ReturnType<typeof procesoDeApoyo>;

/** Hands a floor what to answer next (its `PUT /__bench/…` route); returns the floor's URL. */
async function entregar(
  apoyo: ProcesoDeApoyo,
  ruta: string,
  cuerpo: string,
  tipo: string,
): Promise<string> {
  const url = await apoyo.url();
  const r = await fetch(`${url}${ruta}`, {
    method: 'PUT',
    headers: { 'content-type': tipo },
    body: cuerpo,
  });
  if (!r.ok) throw new Error(`${ruta}: ${r.status} ${await r.text()}`);
  return url;
}

/** One scenario: the portal, the bare Fastify with its bytes, and its Fastify + pg floors. */
async function medirEscenario(
  e: Escenario,
  ctx: ContextoBench,
  pisos: { desnudo: ProcesoDeApoyo; pg: ProcesoDeApoyo },
): Promise<Medicion> {
  const { url } = ctx;
  const peticion = await e.preparar(ctx);
  // The same bytes the portal answers, served from memory by a bare Fastify.
  const muestra = await fetch(`${url}${peticion.path}`, {
    method: peticion.method,
    headers: cabeceras(peticion),
    body: cuerpo(peticion),
  });
  const bytesMuestra = await muestra.text();
  if (!muestra.ok) {
    throw new Error(`${e.nombre}: el portal respondió ${muestra.status}: ${bytesMuestra}`);
  }
  const referencia = await medir(
    `${e.nombre}, Fastify desnudo`,
    await entregar(pisos.desnudo, '/__bench/cuerpo', bytesMuestra, 'text/plain'),
    peticion,
    e.conexiones,
    Math.min(e.duracion, 5),
  );
  // The second floor: the same SQL on the same PostgreSQL through Fastify + pg, nothing else.
  let pisoPg: Resultado | undefined;
  let pisoPgConSesion: Resultado | undefined;
  /** Hands the floor the scenario's SQL (plain or prepared); returns the floor's URL. */
  let entregarPiso: ((variante: { preparada?: boolean }) => Promise<string>) | undefined;
  if (e.consultaPiso) {
    const { sql: consulta, jsonDeLaBase, previas } = e.consultaPiso(ctx);
    const dialecto = new PgDialect();
    const entregarConsulta = (variante: { previas?: SQL[]; preparada?: boolean }) => {
      const q = dialecto.sqlToQuery(consulta);
      return entregar(
        pisos.pg,
        '/__bench/consulta',
        JSON.stringify({
          text: q.sql,
          params: q.params,
          jsonDeLaBase,
          preparada: variante.preparada ?? false,
          previas: (variante.previas ?? []).map((p) => {
            const qp = dialecto.sqlToQuery(p);
            return { text: qp.sql, params: qp.params };
          }),
        }),
        'application/json',
      );
    };
    entregarPiso = entregarConsulta;
    const medirPiso = async (que: string, variante: { previas?: SQL[]; preparada?: boolean }) =>
      medir(
        `${e.nombre}, ${que}`,
        await entregarConsulta(variante),
        peticion,
        e.conexiones,
        e.duracion,
        await pisos.pg.pid(),
      );
    pisoPg = await medirPiso('Fastify + pg', {});
    // With the session's query first, as the portal made it on every call before its session
    // cache: what that cache can save at most.
    if (previas) pisoPgConSesion = await medirPiso('Fastify + pg con sesión', { previas });
  }
  // The light calls' goal is set against the prepared floor (issue 23): the same SQL as a named
  // prepared statement, parsed and planned once per pool connection, as the portal runs them.
  // On a shared machine the load of others changes between two measurements, so the floor and
  // the portal alternate, BENCH_RONDAS times (default 1), and the round with the median ratio is
  // the one reported (every round's ratio is printed). Within a round the two take turns in
  // BENCH_TRAMOS slices (default 5: 2 s each of a 10-s load), floor first in one slice and portal
  // first in the next: a burst of someone else's work of a few seconds then falls on both, not
  // on whichever had the whole 10 s at that moment (docs/rendimiento.md, "El banco, parejo").
  const conPreparado = Boolean(e.consultaPiso?.(ctx).preparada);
  const rondas = HUMO ? 1 : Math.max(1, Number(process.env.BENCH_RONDAS ?? 1));
  const tramos = conPreparado && !HUMO ? Math.max(1, Number(process.env.BENCH_TRAMOS ?? 5)) : 1;
  const segundosTramo = e.duracion / tramos;
  // The statement is handed once, with one name: each floor connection prepares it once for the
  // whole run, as each of the portal's does (a new name each round re-prepared it every round).
  const urlPiso = conPreparado ? await entregarPiso!({ preparada: true }) : undefined;
  const pidPiso = conPreparado ? await pisos.pg.pid() : undefined;
  // Both warm up first (JIT, pool connections, prepared statements): a cold first round measured
  // the warm-up.
  if (!HUMO) {
    await medir(`${e.nombre}, calentamiento`, url, peticion, e.conexiones, 2);
    if (urlPiso)
      await medir(`${e.nombre}, calentamiento del piso`, urlPiso, peticion, e.conexiones, 2);
  }
  const pares: { portal: Resultado; piso?: Resultado; carga: number }[] = [];
  for (let i = 0; i < rondas; i++) {
    const dePortal: Resultado[] = [];
    const dePiso: Resultado[] = [];
    const portal = async (segundos: number) =>
      dePortal.push(await medir(e.nombre, url, peticion, e.conexiones, segundos, ctx.pidPortal));
    const piso = async () =>
      dePiso.push(
        await medir(
          `${e.nombre}, Fastify + pg, preparada`,
          urlPiso!,
          peticion,
          e.conexiones,
          segundosTramo,
          pidPiso,
        ),
      );
    if (!conPreparado) await portal(e.duracion);
    for (let t = 0; conPreparado && t < tramos; t++) {
      if (t % 2 === 0) {
        await piso();
        await portal(segundosTramo);
      } else {
        await portal(segundosTramo);
        await piso();
      }
    }
    pares.push({
      piso: dePiso.length ? juntar(dePiso) : undefined,
      portal: juntar(dePortal),
      // The machine's load (1 minute, as `uptime` shows it) right after the round.
      carga: Number(os.loadavg()[0]!.toFixed(1)),
    });
  }
  const rondasPortal = pares.map((p) => ({
    rps: Math.round(p.portal.rps),
    p50ms: p.portal.p50,
    p99ms: p.portal.p99,
    cpuUs: p.portal.cpuUs,
    cpuPgUs: p.portal.cpuPgUs,
    carga: p.carga,
  }));
  const medianaDe = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `${e.nombre}: por ronda p99 ms (p50 ms; sol/s; CPU por pedido µs del portal y de PostgreSQL; carga 1 min): ${rondasPortal.map((r) => `${r.p99ms} (${r.p50ms}; ${r.rps}; ${r.cpuUs} + ${r.cpuPgUs ?? '?'}; ${r.carga})`).join(', ')}; mediana del p99 ${medianaDe(rondasPortal.map((r) => r.p99ms))} ms`,
  );
  const razonDe = (p: (typeof pares)[number]) => (p.piso ? p.portal.rps / p.piso.rps : 0);
  if (conPreparado && rondas > 1) {
    console.log(
      `${e.nombre}: razones portal/piso preparado por ronda, alternados: ${pares.map((p) => razonDe(p).toFixed(3)).join(', ')}`,
    );
  }
  if (conPreparado) {
    console.log(
      `${e.nombre}: CPU del proceso por pedido, portal / piso preparado, por ronda (µs): ${pares.map((p) => `${p.portal.cpuUs} / ${p.piso?.cpuUs}`).join(', ')}`,
    );
  }
  const mediana = [...pares].sort((a, b) => razonDe(a) - razonDe(b))[Math.floor(rondas / 2)]!;
  const m = mediana.portal;
  const pisoPgPreparado = mediana.piso;
  const sqlPlanoMs = e.sqlPlano ? await e.sqlPlano(ctx) : undefined;
  await e.limpiar?.(ctx);
  console.log(
    `${e.nombre}: ${Math.round(m.rps)} sol/s, p50 ${m.p50} ms, p99 ${m.p99} ms, errores ${m.errores}, no-2xx ${m.no2xx}`,
  );
  console.log(
    `${e.nombre}: Fastify desnudo con los mismos bytes ${Math.round(referencia.rps)} sol/s, p50 ${referencia.p50} ms, p99 ${referencia.p99} ms`,
  );
  if (pisoPg) {
    console.log(
      `${e.nombre}: Fastify + pg con la misma consulta ${Math.round(pisoPg.rps)} sol/s, p50 ${pisoPg.p50} ms, p99 ${pisoPg.p99} ms (errores ${pisoPg.errores}, no-2xx ${pisoPg.no2xx}); razón portal/piso ${(m.rps / pisoPg.rps).toFixed(3)}`,
    );
  }
  if (pisoPgPreparado) {
    console.log(
      `${e.nombre}: Fastify + pg con la misma consulta preparada ${Math.round(pisoPgPreparado.rps)} sol/s, p50 ${pisoPgPreparado.p50} ms, p99 ${pisoPgPreparado.p99} ms; razón portal/piso preparado ${(m.rps / pisoPgPreparado.rps).toFixed(3)}`,
    );
  }
  if (pisoPgConSesion) {
    console.log(
      `${e.nombre}: Fastify + pg con la consulta de sesión y la misma consulta ${Math.round(pisoPgConSesion.rps)} sol/s, p50 ${pisoPgConSesion.p50} ms, p99 ${pisoPgConSesion.p99} ms; razón portal/piso ${(m.rps / pisoPgConSesion.rps).toFixed(3)}`,
    );
  }
  if (sqlPlanoMs !== undefined) {
    console.log(`${e.nombre}: la misma consulta en SQL plano (EXPLAIN ANALYZE) ${sqlPlanoMs} ms`);
  }
  return {
    escenario: e.nombre,
    descripcion: e.descripcion,
    conexiones: conexionesDeCarga(e.conexiones),
    segundos: segundosDeCarga(e.duracion),
    solicitudesPorSegundo: Math.round(m.rps),
    p50ms: m.p50,
    p99ms: m.p99,
    errores: m.errores,
    no2xx: m.no2xx,
    razonContraFastifyDesnudo: Number((m.rps / referencia.rps).toFixed(3)),
    ...(sqlPlanoMs === undefined ? {} : { sqlPlanoMs }),
    rondas: rondasPortal,
    p99MedianoMs: medianaDe(rondasPortal.map((r) => r.p99ms)),
    cpuPortalPorPedidoUs: medianaDe(rondasPortal.map((r) => r.cpuUs ?? 0)),
    desnudoP50ms: referencia.p50,
    desnudoP99ms: referencia.p99,
    ...(pisoPg ? { pisoPg: piso(m, pisoPg) } : {}),
    ...(pisoPgPreparado ? { pisoPgPreparado: piso(m, pisoPgPreparado) } : {}),
    ...(pisoPgConSesion ? { pisoPgConSesion: piso(m, pisoPgConSesion) } : {}),
    ...(conPreparado && rondas > 1
      ? { razonesPreparadoPorRonda: pares.map((p) => Number(razonDe(p).toFixed(3))) }
      : {}),
    ...(conPreparado
      ? {
          cpuPorPedidoUs: pares.map((p) => ({
            portal: p.portal.cpuUs,
            pisoPreparado: p.piso?.cpuUs,
          })),
        }
      : {}),
  };
}

/** The report's tables of the scenarios (ultimo.md). */
function tablasDeEscenarios(mediciones: Medicion[]): string[] {
  const conPiso = mediciones.filter((m) => m.pisoPg);
  const fila = (nombre: string, m: Medicion, p: Piso) =>
    `| ${nombre} | ${m.solicitudesPorSegundo} | ${p.rps} | ${p.p50ms} | ${p.p99ms} | ${p.razon} |`;
  return [
    '| escenario | conexiones | sol/s | p50 ms | p99 ms | errores | no-2xx | razón vs Fastify desnudo |',
    '|---|---|---|---|---|---|---|---|',
    ...mediciones.map(
      (m) =>
        `| ${m.escenario} | ${m.conexiones} | ${m.solicitudesPorSegundo} | ${m.p50ms} | ${m.p99ms} | ${m.errores} | ${m.no2xx} | ${m.razonContraFastifyDesnudo} |`,
    ),
    '',
    '| escenario | p99 ms, mediana de las rondas | CPU del portal por pedido µs | por ronda: p99 ms (carga 1 min) |',
    '|---|---|---|---|',
    ...mediciones.map(
      (m) =>
        `| ${m.escenario} | ${m.p99MedianoMs} | ${m.cpuPortalPorPedidoUs} | ${m.rondas.map((r) => `${r.p99ms} (${r.carga})`).join(', ')} |`,
    ),
    '',
    ...mediciones
      .filter((m) => m.sqlPlanoMs !== undefined)
      .map(
        (m) => `SQL plano de ${m.escenario} (EXPLAIN ANALYZE, mediana de 20): ${m.sqlPlanoMs} ms.`,
      ),
    ...(conPiso.length
      ? [
          '',
          '| escenario | portal sol/s | Fastify + pg, misma consulta: sol/s | p50 ms | p99 ms | razón portal/piso |',
          '|---|---|---|---|---|---|',
          ...conPiso.map((m) => fila(m.escenario, m, m.pisoPg!)),
          ...conPiso
            .filter((m) => m.pisoPgPreparado)
            .map((m) =>
              fila(`${m.escenario}, piso con la consulta preparada`, m, m.pisoPgPreparado!),
            ),
          ...conPiso
            .filter((m) => m.pisoPgConSesion)
            .map((m) =>
              fila(`${m.escenario}, piso con la consulta de sesión antes`, m, m.pisoPgConSesion!),
            ),
          '',
          ...conPiso
            .filter((m) => m.pisoPgPreparado)
            .map(
              (m) =>
                `**${m.escenario}: razón portal/piso preparado ${m.pisoPgPreparado!.razon}** (meta del issue 23: 0,8 o más)${m.razonesPreparadoPorRonda ? `; por ronda, alternados: ${m.razonesPreparadoPorRonda.join(', ')}` : ''}${m.cpuPorPedidoUs ? `; CPU por pedido, portal / piso (µs): ${m.cpuPorPedidoUs.map((c) => `${c.portal} / ${c.pisoPreparado}`).join(', ')}` : ''}.`,
            ),
        ]
      : []),
    '',
  ];
}

async function principal() {
  // Names to run (all when none); flags such as --humo are not names.
  const filtro = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const elegido = (nombre: string) => !filtro.length || filtro.some((f) => nombre.includes(f));
  const escala = segunEscala({ cosecha: TAMANOS_COSECHA, chica: ESCALA_CHICA, humo: ESCALA_HUMO });
  const carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-bench-'));
  const urlExterna = process.env.BENCH_DATABASE_URL;
  console.log(
    `${urlExterna ? 'Base dada (BENCH_DATABASE_URL)' : `Base embebida en ${carpeta}`}; datos: ${JSON.stringify(escala)}${HUMO ? '; prueba de humo: nada de lo medido vale' : ''}`,
  );
  const pg = urlExterna ? undefined : await abrirPostgresEmbebido(carpeta);
  const urlBase = urlExterna ?? pg!.url;
  if (!urlExterna) pidPostmaster = await postgresAndando(carpeta);
  const fallas: { nombre: string; error: string }[] = [];
  let corridas = 0;
  try {
    if (!urlExterna) await migrar(urlBase, { zonaHoraria: 'America/Argentina/Buenos_Aires' });
    const base = conectar(urlBase, { max: 4, timeZone: 'America/Argentina/Buenos_Aires' });
    const inicio = Date.now();
    const tarjetas = await cargarDemo(base.db, SECRETO);
    await generarVolumen(base.db, escala);
    const cosecha = (
      await emitirTarjeta(base.db, SECRETO, 'terminal', 'usuario00001', { actor: 'bench' })
    ).celdas;
    console.log(`Datos generados en ${((Date.now() - inicio) / 1000).toFixed(1)} s`);

    // The browser measurements drive the built web client, which the portal serves from dist/web.
    // (Only when a browser measurement is in the run: `npm run bench -- en-vivo` does not need it.)
    const conNavegador = ['tamanos-web', 'navegador-camiones', 'lighthouse'];
    if (!filtro.length || conNavegador.some((n) => filtro.some((f) => n.includes(f)))) {
      await compilarWebSiHaceFalta();
    }
    // Every portal of the run sends e-mail to the bench's SMTP server and may post webhooks to
    // receivers on 127.0.0.1 (bench/avisos.ts); with no user opted in and no endpoint, neither
    // sends anything.
    const buzon = await abrirBuzon();
    // The portal exactly as `npm start` runs it, on the benchmark's database.
    const iniciarPortal = async () => {
      const puerto = await puertoLibre();
      const puertoMetricas = await puertoLibre();
      const proceso = await iniciarProceso('src/server/main.ts', {
        METRICS_PORT: String(puertoMetricas),
        DATABASE_URL: urlBase,
        DEMO: '0',
        PORT: String(puerto),
        HOST: '127.0.0.1',
        CARD_SECRET: SECRETO,
        AUTH_RATE_LIMIT: '1000000',
        LOG_LEVEL: 'warn',
        DATA_DIR: carpeta,
        SMTP_URL: buzon.url,
        SMTP_REMITENTE: 'avisos@bench.example',
        WEBHOOKS_ALLOW_HOSTS: '127.0.0.1',
      });
      return {
        proceso,
        url: `http://127.0.0.1:${puerto}`,
        urlMetricas: `http://127.0.0.1:${puertoMetricas}`,
      };
    };
    const { proceso: portal, url, urlMetricas } = await iniciarPortal();
    const valor = (u: string) => tarjetas.find((t) => t.usuario === u)!.valores;
    const ctx: ContextoBench = {
      url,
      urlMetricas,
      db: base.db,
      pidPortal: portal.hijo.pid!,
      rssPortalMb: () => rssMb(portal.hijo.pid!),
      async otroPortal() {
        const otro = await iniciarPortal();
        return { url: otro.url, detener: () => detenerProceso(otro.proceso).then(() => undefined) };
      },
      correo: buzon,
      cookies: {
        admin: await ingresar(url, 'admin', valor('admin')),
        cliente1: await ingresar(url, 'cliente1', valor('cliente1')),
        cosecha: await ingresar(url, 'usuario00001', cosecha),
      },
    };
    /** Runs one scenario or measurement; a failure is noted and the run goes on with the next. */
    const correr = async <T>(nombre: string, hacer: () => Promise<T>): Promise<T | undefined> => {
      corridas++;
      const desde = Date.now();
      try {
        const r = await hacer();
        if (HUMO)
          console.log(`humo: ${nombre} bien (${((Date.now() - desde) / 1000).toFixed(1)} s)`);
        return r;
      } catch (error) {
        const texto = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.error(`FALLÓ ${nombre}: ${texto}`);
        fallas.push({ nombre, error: texto });
        return undefined;
      }
    };
    const rssInicio = rssMb(portal.hijo.pid!);
    // The floors: one process each for the whole run, handed each scenario's bytes or SQL.
    const pisos = {
      desnudo: procesoDeApoyo('bench/fastify-desnudo.ts', {}),
      pg: procesoDeApoyo('bench/fastify-pg.ts', {
        DATABASE_URL: urlBase,
        BENCH_POOL_MAX: process.env.DB_POOL_MAX ?? '20',
      }),
    };
    const mediciones: Medicion[] = [];
    try {
      for (const e of ESCENARIOS.filter((x) => elegido(x.nombre))) {
        const m = await correr(e.nombre, () => medirEscenario(e, ctx, pisos));
        if (m) mediciones.push(m);
      }
    } finally {
      await pisos.desnudo.detener();
      await pisos.pg.detener();
    }
    const extras: Record<string, unknown> = {};
    const lineasExtra: string[] = [];
    for (const extra of MEDICIONES_EXTRA.filter((x) => elegido(x.nombre))) {
      console.log(`${extra.nombre}…`);
      const r = await correr(extra.nombre, () => extra.medir(ctx));
      if (!r) continue;
      extras[extra.nombre] = r.datos;
      lineasExtra.push(...r.lineas, '');
      console.log(r.lineas.join('\n'));
    }
    const informe = {
      fecha: new Date().toISOString(),
      maquina: {
        nucleos: os.cpus().length,
        memoriaGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        cargaAlTerminar: os.loadavg().map((x) => Number(x.toFixed(1))),
      },
      escala,
      rssPortalMb: { inicio: rssInicio, fin: rssMb(portal.hijo.pid!) },
      mediciones,
      extras,
      fallas,
    };
    // A smoke run's figures mean nothing: its report is written (the code runs) and dropped.
    const destino = HUMO ? carpeta : carpetaResultados;
    await fs.mkdir(destino, { recursive: true });
    const nombre = informe.fecha.replace(/[:.]/g, '-');
    await fs.writeFile(
      path.join(destino, `${nombre}.json`),
      `${JSON.stringify(informe, null, 2)}\n`,
    );
    const tabla = [
      `# Benchmark ${informe.fecha}`,
      '',
      `Máquina: ${informe.maquina.nucleos} núcleos, ${informe.maquina.memoriaGb} GB, Node ${informe.maquina.node}; carga al terminar ${informe.maquina.cargaAlTerminar.join(' / ')} (1, 5 y 15 min). Escala: ${JSON.stringify(escala)}.`,
      `RSS del proceso del portal: ${informe.rssPortalMb.inicio} MB al empezar → ${informe.rssPortalMb.fin} MB al terminar.`,
      '',
      ...tablasDeEscenarios(mediciones),
      ...lineasExtra,
      ...(fallas.length
        ? ['## Fallaron', '', ...fallas.map((f) => `- ${f.nombre}: ${f.error.split('\n')[0]}`), '']
        : []),
      '',
    ].join('\n');
    await fs.writeFile(path.join(destino, 'ultimo.md'), tabla);
    console.log(`\n${tabla}`);
    await detenerProceso(portal);
    await buzon.cerrar();
    await base.cerrar();
  } finally {
    await pg?.detener();
    await fs.rm(carpeta, { recursive: true, force: true });
  }
  console.log(
    `${HUMO ? 'Prueba de humo' : 'Benchmark'}: ${corridas - fallas.length} de ${corridas} escenarios y mediciones corrieron bien${fallas.length ? `; fallaron: ${fallas.map((f) => f.nombre).join(', ')}` : ''}.`,
  );
  if (fallas.length) process.exitCode = 1;
}

await principal();
