/**
 * `npm run bench [-- nombre…]`: a harvest-peak data set (TAMANOS_COSECHA; BENCH_ESCALA=chica for a
 * quick look) on its own embedded PostgreSQL, the real app over real HTTP, and autocannon against
 * each scenario, next to a bare Fastify route answering the same bytes from memory (the cost of
 * the stack itself). Results: bench/results/<fecha>.json and bench/results/ultimo.md.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { PgDialect } from 'drizzle-orm/pg-core';
import { conectar } from '../src/server/db/client';
import { abrirPostgresEmbebido } from '../src/server/db/embedded';
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
import { MEDICIONES_EXTRA } from './extras';
import { compilarWebSiHaceFalta } from '../scripts/web-compilada';
import type { ContextoBench, Escenario, Peticion } from './tipos';
import { detenerProceso, iniciarProceso, puertoLibre } from '../scripts/procesos';

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
];

const CHICA: TamanosVolumen = {
  empresas: 20,
  camionesEnPlaya: 500,
  cupos: 5_000,
  movimientos: 20_000,
  usuarios: 50,
  encuestas: 5,
};
const SECRETO = 'bench-'.padEnd(64, 'x');
const carpetaResultados = fileURLToPath(new URL('./results', import.meta.url));

async function ingresar(url: string, usuario: string, valores: ValoresTarjeta): Promise<string> {
  const { status, cookie } = await ingresarHttp(url, usuario, valores);
  if (status !== 200) throw new Error(`No se pudo ingresar como ${usuario}: ${status}`);
  return cookie;
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
  /** Latency of the bare Fastify answering the same bytes: the floor under the stack. */
  desnudoP50ms: number;
  desnudoP99ms: number;
  /** The second floor: Fastify + pg running the route's SQL, JSON.stringify, nothing else. */
  pisoPg?: { rps: number; p50ms: number; p99ms: number; razon: number };
  /** The same floor running the session's query before the route's (two round trips). */
  pisoPgConSesion?: { rps: number; p50ms: number; p99ms: number; razon: number };
}

const cabeceras = (p: Peticion): Record<string, string> => ({
  ...(p.cookie ? { cookie: p.cookie } : {}),
  ...(p.method === 'POST' ? { 'content-type': 'application/json' } : {}),
});
const cuerpo = (p: Peticion) => (p.method === 'POST' ? JSON.stringify(p.body ?? {}) : undefined);

async function medir(url: string, p: Peticion, conexiones: number, duracion: number) {
  const resultado = await autocannon({
    url: `${url}${p.path}`,
    method: p.method,
    connections: conexiones,
    duration: duracion,
    headers: cabeceras(p),
    body: cuerpo(p),
  });
  return {
    rps: resultado.requests.average,
    p50: resultado.latency.p50,
    p99: resultado.latency.p99,
    errores: resultado.errors + resultado.timeouts,
    no2xx: resultado.non2xx,
  };
}

/** Resident memory of a process, in MB. */
function rssMb(pid: number): number {
  const linea = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(linea?.replace(/\D/g, '') ?? 0) / 1024);
}

async function principal() {
  const filtro = process.argv.slice(2);
  const escala = process.env.BENCH_ESCALA === 'chica' ? CHICA : TAMANOS_COSECHA;
  const carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-bench-'));
  console.log(`Base embebida en ${carpeta}; datos: ${JSON.stringify(escala)}`);
  const pg = await abrirPostgresEmbebido(carpeta);
  try {
    await migrar(pg.url);
    const base = conectar(pg.url, { max: 4, timeZone: 'America/Argentina/Buenos_Aires' });
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
    // The portal exactly as `npm start` runs it, on the benchmark's database.
    const iniciarPortal = async () => {
      const puerto = await puertoLibre();
      const proceso = await iniciarProceso('src/server/main.ts', {
        DATABASE_URL: pg.url,
        DEMO: '0',
        PORT: String(puerto),
        HOST: '127.0.0.1',
        CARD_SECRET: SECRETO,
        AUTH_RATE_LIMIT: '1000000',
        LOG_LEVEL: 'warn',
        DATA_DIR: carpeta,
      });
      return { proceso, url: `http://127.0.0.1:${puerto}` };
    };
    const { proceso: portal, url } = await iniciarPortal();
    const valor = (u: string) => tarjetas.find((t) => t.usuario === u)!.valores;
    const ctx: ContextoBench = {
      url,
      db: base.db,
      pidPortal: portal.hijo.pid!,
      rssPortalMb: () => rssMb(portal.hijo.pid!),
      async otroPortal() {
        const otro = await iniciarPortal();
        return { url: otro.url, detener: () => detenerProceso(otro.proceso).then(() => undefined) };
      },
      cookies: {
        admin: await ingresar(url, 'admin', valor('admin')),
        cliente1: await ingresar(url, 'cliente1', valor('cliente1')),
        cosecha: await ingresar(url, 'usuario00001', cosecha),
      },
    };
    const rssInicio = rssMb(portal.hijo.pid!);
    const mediciones: Medicion[] = [];
    for (const e of ESCENARIOS.filter(
      (x) => !filtro.length || filtro.some((f) => x.nombre.includes(f)),
    )) {
      const peticion = await e.preparar(ctx);
      // The same bytes the portal answers, served from memory by a bare Fastify.
      const muestra = await fetch(`${url}${peticion.path}`, {
        method: peticion.method,
        headers: cabeceras(peticion),
        body: cuerpo(peticion),
      });
      const puertoDesnudo = await puertoLibre();
      const archivoCuerpo = path.join(carpeta, 'cuerpo-desnudo.json');
      await fs.writeFile(archivoCuerpo, await muestra.text());
      const desnudo = await iniciarProceso(
        'bench/fastify-desnudo.ts',
        { BENCH_CUERPO_ARCHIVO: archivoCuerpo, BENCH_PUERTO: String(puertoDesnudo) },
        'listo',
      );
      const referencia = await medir(
        `http://127.0.0.1:${puertoDesnudo}`,
        peticion,
        e.conexiones,
        Math.min(e.duracion, 5),
      );
      await detenerProceso(desnudo);
      // The second floor: the same SQL on the same PostgreSQL through Fastify + pg, nothing else.
      let pisoPg: Awaited<ReturnType<typeof medir>> | undefined;
      let pisoPgConSesion: Awaited<ReturnType<typeof medir>> | undefined;
      if (e.consultaPiso) {
        const { sql: consulta, jsonDeLaBase, previas } = e.consultaPiso(ctx);
        const dialecto = new PgDialect();
        const medirPiso = async (antes: typeof previas) => {
          const q = dialecto.sqlToQuery(consulta);
          const archivoConsulta = path.join(carpeta, 'consulta-piso.json');
          await fs.writeFile(
            archivoConsulta,
            JSON.stringify({
              text: q.sql,
              params: q.params,
              jsonDeLaBase,
              previas: (antes ?? []).map((p) => {
                const qp = dialecto.sqlToQuery(p);
                return { text: qp.sql, params: qp.params };
              }),
            }),
          );
          const puertoPg = await puertoLibre();
          const piso = await iniciarProceso(
            'bench/fastify-pg.ts',
            {
              BENCH_CONSULTA_ARCHIVO: archivoConsulta,
              BENCH_PUERTO: String(puertoPg),
              DATABASE_URL: pg.url,
              BENCH_POOL_MAX: process.env.DB_POOL_MAX ?? '20',
            },
            'listo',
          );
          const r = await medir(`http://127.0.0.1:${puertoPg}`, peticion, e.conexiones, e.duracion);
          await detenerProceso(piso);
          return r;
        };
        pisoPg = await medirPiso(undefined);
        // With the session's query first, as the portal makes it on every call: what a session
        // cache could save at most.
        if (previas) pisoPgConSesion = await medirPiso(previas);
      }
      const m = await medir(url, peticion, e.conexiones, e.duracion);
      const sqlPlanoMs = e.sqlPlano ? await e.sqlPlano(ctx) : undefined;
      await e.limpiar?.(ctx);
      mediciones.push({
        escenario: e.nombre,
        descripcion: e.descripcion,
        conexiones: e.conexiones,
        segundos: e.duracion,
        solicitudesPorSegundo: Math.round(m.rps),
        p50ms: m.p50,
        p99ms: m.p99,
        errores: m.errores,
        no2xx: m.no2xx,
        razonContraFastifyDesnudo: Number((m.rps / referencia.rps).toFixed(3)),
        ...(sqlPlanoMs === undefined ? {} : { sqlPlanoMs }),
        desnudoP50ms: referencia.p50,
        desnudoP99ms: referencia.p99,
        ...(pisoPg
          ? {
              pisoPg: {
                rps: Math.round(pisoPg.rps),
                p50ms: pisoPg.p50,
                p99ms: pisoPg.p99,
                razon: Number((m.rps / pisoPg.rps).toFixed(3)),
              },
            }
          : {}),
        ...(pisoPgConSesion
          ? {
              pisoPgConSesion: {
                rps: Math.round(pisoPgConSesion.rps),
                p50ms: pisoPgConSesion.p50,
                p99ms: pisoPgConSesion.p99,
                razon: Number((m.rps / pisoPgConSesion.rps).toFixed(3)),
              },
            }
          : {}),
      });
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
      if (pisoPgConSesion) {
        console.log(
          `${e.nombre}: Fastify + pg con la consulta de sesión y la misma consulta ${Math.round(pisoPgConSesion.rps)} sol/s, p50 ${pisoPgConSesion.p50} ms, p99 ${pisoPgConSesion.p99} ms; razón portal/piso ${(m.rps / pisoPgConSesion.rps).toFixed(3)}`,
        );
      }
      if (sqlPlanoMs !== undefined) {
        console.log(
          `${e.nombre}: la misma consulta en SQL plano (EXPLAIN ANALYZE) ${sqlPlanoMs} ms`,
        );
      }
    }
    const extras: Record<string, unknown> = {};
    const lineasExtra: string[] = [];
    for (const extra of MEDICIONES_EXTRA.filter(
      (x) => !filtro.length || filtro.some((f) => x.nombre.includes(f)),
    )) {
      console.log(`${extra.nombre}…`);
      const { datos, lineas } = await extra.medir(ctx);
      extras[extra.nombre] = datos;
      lineasExtra.push(...lineas, '');
      console.log(lineas.join('\n'));
    }
    const informe = {
      fecha: new Date().toISOString(),
      maquina: {
        nucleos: os.cpus().length,
        memoriaGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      escala,
      rssPortalMb: { inicio: rssInicio, fin: rssMb(portal.hijo.pid!) },
      mediciones,
      extras,
    };
    await fs.mkdir(carpetaResultados, { recursive: true });
    const nombre = informe.fecha.replace(/[:.]/g, '-');
    await fs.writeFile(
      path.join(carpetaResultados, `${nombre}.json`),
      `${JSON.stringify(informe, null, 2)}\n`,
    );
    const tabla = [
      `# Benchmark ${informe.fecha}`,
      '',
      `Máquina: ${informe.maquina.nucleos} núcleos, ${informe.maquina.memoriaGb} GB, Node ${informe.maquina.node}. Escala: ${JSON.stringify(escala)}.`,
      `RSS del proceso del portal: ${informe.rssPortalMb.inicio} MB al empezar → ${informe.rssPortalMb.fin} MB al terminar.`,
      '',
      '| escenario | conexiones | sol/s | p50 ms | p99 ms | errores | no-2xx | razón vs Fastify desnudo |',
      '|---|---|---|---|---|---|---|---|',
      ...mediciones.map(
        (m) =>
          `| ${m.escenario} | ${m.conexiones} | ${m.solicitudesPorSegundo} | ${m.p50ms} | ${m.p99ms} | ${m.errores} | ${m.no2xx} | ${m.razonContraFastifyDesnudo} |`,
      ),
      '',
      ...mediciones
        .filter((m) => m.sqlPlanoMs !== undefined)
        .map(
          (m) =>
            `SQL plano de ${m.escenario} (EXPLAIN ANALYZE, mediana de 20): ${m.sqlPlanoMs} ms.`,
        ),
      ...(mediciones.some((m) => m.pisoPg)
        ? [
            '| escenario | portal sol/s | Fastify + pg, misma consulta: sol/s | p50 ms | p99 ms | razón portal/piso |',
            '|---|---|---|---|---|---|',
            ...mediciones
              .filter((m) => m.pisoPg)
              .map(
                (m) =>
                  `| ${m.escenario} | ${m.solicitudesPorSegundo} | ${m.pisoPg!.rps} | ${m.pisoPg!.p50ms} | ${m.pisoPg!.p99ms} | ${m.pisoPg!.razon} |`,
              ),
            ...mediciones
              .filter((m) => m.pisoPgConSesion)
              .map(
                (m) =>
                  `| ${m.escenario}, piso con la consulta de sesión antes | ${m.solicitudesPorSegundo} | ${m.pisoPgConSesion!.rps} | ${m.pisoPgConSesion!.p50ms} | ${m.pisoPgConSesion!.p99ms} | ${m.pisoPgConSesion!.razon} |`,
              ),
            '',
          ]
        : []),
      ...lineasExtra,
      '',
    ].join('\n');
    await fs.writeFile(path.join(carpetaResultados, 'ultimo.md'), tabla);
    console.log(`\n${tabla}`);
    await detenerProceso(portal);
    await base.cerrar();
  } finally {
    await pg.detener();
    await fs.rm(carpeta, { recursive: true, force: true });
  }
}

await principal();
