/**
 * `npm run bench -- en-vivo`: the live yard under load (issue 15). 500 Server-Sent Events streams
 * on one portal process (100 client users of ten companies, five streams each, the most a user
 * may open; a third see only unit 1, a third only unit 2, a third both), while trucks enter
 * through the gate API at BENCH_EVENTOS_POR_SEGUNDO (25) for BENCH_SEGUNDOS (20) seconds, spread
 * over those companies and both units. Measured:
 *
 * - latency from the gate API's answer (the change is committed) to the event read by each
 *   stream that may see it, p50/p99 over every delivery; deliveries missing or leaked;
 * - bytes per change per subscriber: the SSE text of one event, and the bytes on the socket;
 * - CPU of the portal process (/proc/<pid>/stat) over the run, with the streams open and again
 *   with the same changes and no stream (what the fan-out itself costs);
 * - the whole yard (5,000 trucks of the harvest client) on the wire: br, gzip and uncompressed.
 *
 * Users and sessions are inserted directly (session rows with the hash of a known token, as
 * sign-in writes them); the trucks, users and the token are removed at the end.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as esperar } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { hashToken } from '../src/server/acceso';
import { listaEnteros } from '../src/server/db/sql';
import { nombreCookieSesion } from '../src/server/features/auth/cookies';
import { crearToken, revocarToken } from '../src/server/features/tokens/servicio';
import { HUMO, segundosDeCarga, segunEscala } from './modo';
import type { ContextoBench, MedicionExtra } from './tipos';

const EMPRESAS = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010];
const USUARIOS = segunEscala({ cosecha: 100, chica: 100, humo: 6 });
const FLUJOS_POR_USUARIO = segunEscala({ cosecha: 5, chica: 5, humo: 2 });
const PREFIJO = 'benchvivo';

const percentil = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.floor((p / 100) * o.length))]!;
};
const redondear = (x: number, d = 1) => Number(x.toFixed(d));

/** utime + stime of a process, in seconds. */
export function cpuSegundos(pid: number): number {
  const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 3, utime 14, stime 15 → indexes 11 and 12 here.
  return (Number(campos[11]) + Number(campos[12])) / 100;
}

interface Suscriptor {
  unidades: number[];
  codempre: number;
  listo: boolean;
  /** ctrl → performance.now() when its event was read. */
  recibidos: Map<number, number>;
  /** Bytes of SSE text of `camion` events, and how many. */
  bytesEventos: number;
  eventos: number;
  socket: Socket | null;
  cerrar: () => void;
}

function abrirFlujo(url: string, cookie: string, s: Suscriptor): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${url}/api/camiones/eventos`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`flujo: ${res.statusCode}`));
          res.resume();
          return;
        }
        s.socket = res.socket;
        res.setEncoding('utf8');
        let resto = '';
        res.on('data', (trozo: string) => {
          const ahora = performance.now();
          resto += trozo;
          let fin: number;
          while ((fin = resto.indexOf('\n\n')) >= 0) {
            const msg = resto.slice(0, fin + 2);
            resto = resto.slice(fin + 2);
            if (msg.includes('event: listo')) {
              s.listo = true;
              resolve();
            } else if (msg.includes('event: camion')) {
              const ctrl = /"ctrl":(\d+)/.exec(msg);
              if (ctrl) s.recibidos.set(Number(ctrl[1]), ahora);
              s.bytesEventos += Buffer.byteLength(msg);
              s.eventos++;
            }
          }
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', reject);
    s.cerrar = () => req.destroy();
  });
}

/** The raw bytes of one answer, as they travel (no decompression), and how long it took. */
function bytesEnElCable(
  url: string,
  cookie: string,
  codificacion: string,
): Promise<{ bytes: number; ms: number; encoding: string }> {
  const cuerpo = JSON.stringify({ filtros: { codempre: 1001, unineg: 1, estado: 0 } });
  const inicio = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/camiones/camiones-playa`,
      {
        method: 'POST',
        agent: false,
        headers: {
          cookie,
          'content-type': 'application/json',
          ...(codificacion ? { 'accept-encoding': codificacion } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (b: Buffer) => (bytes += b.length));
        res.on('end', () =>
          resolve({
            bytes,
            ms: performance.now() - inicio,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(cuerpo);
  });
}

async function medirCompresion(ctx: ContextoBench) {
  const filas = [];
  for (const cod of ['br', 'gzip', '']) {
    const veces = [];
    for (let i = 0; i < 5; i++) veces.push(await bytesEnElCable(ctx.url, ctx.cookies.cosecha, cod));
    filas.push({
      pedido: cod || 'sin Accept-Encoding',
      encoding: veces[0]!.encoding,
      kB: redondear(veces[0]!.bytes / 1024),
      medianaMs: redondear(
        percentil(
          veces.map((v) => v.ms),
          50,
        ),
      ),
    });
  }
  return filas;
}

export const MEDICION_EN_VIVO: MedicionExtra = {
  nombre: 'en-vivo',
  async medir(ctx) {
    const segundos = segundosDeCarga(Number(process.env.BENCH_SEGUNDOS ?? 20));
    const ritmo = HUMO ? 5 : Number(process.env.BENCH_EVENTOS_POR_SEGUNDO ?? 25);
    const db = ctx.db;
    const nombreToken = `bench-en-vivo-${Date.now()}`;
    const token = await crearToken(db, 'terminal', nombreToken, { actor: 'bench' });
    // 100 users over ten companies: units 1, 2, or both, by turns.
    const usuarios: { id: number; codempre: number; unidades: number[] }[] = [];
    for (let i = 0; i < USUARIOS; i++) {
      const codempre = EMPRESAS[i % EMPRESAS.length]!;
      const unidades = [[1], [2], [1, 2]][i % 3]!;
      const { rows } = await db.execute<{ id: number }>(sql`
        insert into usuarios (usuario, codempre)
        values (${`${PREFIJO}${String(i).padStart(3, '0')}`}, ${codempre}) returning id`);
      const id = rows[0]!.id;
      for (const u of unidades) {
        await db.execute(
          sql`insert into usuario_unidades (usuario_id, unineg) values (${id}, ${u})`,
        );
      }
      usuarios.push({ id, codempre, unidades });
    }
    const cookieNombre = nombreCookieSesion(false);
    const suscriptores: Suscriptor[] = [];
    const aperturas: Promise<void>[] = [];
    for (const u of usuarios) {
      for (let k = 0; k < FLUJOS_POR_USUARIO; k++) {
        const t = randomBytes(32).toString('base64url');
        await db.execute(sql`
          insert into sesiones (token_hash, usuario_id, expira_en, user_agent)
          values (${hashToken(t)}, ${u.id}, now() + interval '12 hours', 'bench en-vivo')`);
        const s: Suscriptor = {
          unidades: u.unidades,
          codempre: u.codempre,
          listo: false,
          recibidos: new Map(),
          bytesEventos: 0,
          eventos: 0,
          socket: null,
          cerrar: () => undefined,
        };
        suscriptores.push(s);
        aperturas.push(abrirFlujo(ctx.url, `${cookieNombre}=${t}`, s));
        // Opening 500 at once is a reconnection storm of its own: a few at a time.
        if (aperturas.length % 50 === 0) await Promise.all(aperturas);
      }
    }
    const inicioApertura = performance.now();
    await Promise.all(aperturas);
    console.log(
      `en-vivo: ${suscriptores.length} flujos abiertos y al día (${Math.round(performance.now() - inicioApertura)} ms el último lote)`,
    );

    let n = 0;
    const camiones: { ctrl: number; codempre: number; unineg: number; respuesta: number }[] = [];
    /** Trucks enter at `ritmo` a second for `segundos`, each request on its own (open loop). */
    async function mover(anotar: boolean) {
      let fallos = 0;
      const total = Math.round(ritmo * segundos);
      const intervalo = 1000 / ritmo;
      const inicio = performance.now();
      const vuelo: Promise<void>[] = [];
      for (let i = 0; i < total; i++) {
        const espera = inicio + i * intervalo - performance.now();
        if (espera > 0) await esperar(espera);
        const codempre = EMPRESAS[n % EMPRESAS.length]!;
        const unineg = (Math.floor(n / EMPRESAS.length) % 2) + 1;
        const patcha = `ZV${String(n++).padStart(6, '0')}`;
        vuelo.push(
          fetch(`${ctx.url}/api/operaciones/ingreso`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              codempre,
              unineg,
              patcha,
              cargateorica: 30000,
              nomchofer: 'Chofer Bench',
              dni: '30111222',
            }),
          }).then(async (res) => {
            const respuesta = performance.now();
            if (res.status !== 201) {
              fallos++;
              await res.text();
              return;
            }
            const { camion } = (await res.json()) as { camion: number };
            if (anotar) camiones.push({ ctrl: camion, codempre, unineg, respuesta });
          }),
        );
      }
      await Promise.all(vuelo);
      return { duracion: (performance.now() - inicio) / 1000, fallos };
    }

    const pid = ctx.pidPortal;
    const bytesSocket = () => suscriptores.reduce((a, s) => a + (s.socket?.bytesRead ?? 0), 0);
    const cpu0 = cpuSegundos(pid);
    const bytes0 = bytesSocket();
    const { duracion, fallos } = await mover(true);
    // Time for the last changes to reach every stream (a smoke run counts nothing).
    const espera = HUMO ? 200 : 2000;
    await esperar(espera);
    const cpuConFlujos = (cpuSegundos(pid) - cpu0) / (duracion + espera / 1000);
    const bytesSocketTotal = bytesSocket() - bytes0;

    // Every delivery: for each truck, each stream whose user sees its company and unit.
    const latencias: number[] = [];
    let esperadas = 0;
    let faltan = 0;
    let deMas = 0;
    const porCtrl = new Map(camiones.map((c) => [c.ctrl, c]));
    for (const s of suscriptores) {
      for (const c of camiones) {
        const debe = s.codempre === c.codempre && s.unidades.includes(c.unineg);
        const llegada = s.recibidos.get(c.ctrl);
        if (debe) {
          esperadas++;
          if (llegada === undefined) faltan++;
          else latencias.push(llegada - c.respuesta);
        } else if (llegada !== undefined) deMas++;
      }
      for (const ctrl of s.recibidos.keys()) if (!porCtrl.has(ctrl)) deMas++;
    }
    const cambios = camiones.length;
    const eventos = suscriptores.reduce((a, s) => a + s.eventos, 0);
    const bytesEventos = suscriptores.reduce((a, s) => a + s.bytesEventos, 0);
    for (const s of suscriptores) s.cerrar();
    await esperar(espera / 2);

    // The same changes with no stream open: the CPU of the writes themselves.
    const cpu1 = cpuSegundos(pid);
    const { duracion: duracionSola, fallos: fallosSolos } = await mover(false);
    await esperar(espera);
    const cpuSinFlujos = (cpuSegundos(pid) - cpu1) / (duracionSola + espera / 1000);

    const compresion = await medirCompresion(ctx);
    // A smoke run proves the gate answered; whether every stream got every change in time is
    // measured here and tested in e2e, not judged on a loaded test machine.
    if (HUMO && (fallos || fallosSolos || !camiones.length)) {
      throw new Error(
        `en-vivo: la portería falló ${fallos} + ${fallosSolos} veces (${camiones.length} camiones entraron)`,
      );
    }

    // Leave the data set as generated.
    const ctrls = [...camiones.map((c) => c.ctrl)];
    await db.execute(sql`delete from camiones where patcha like 'ZV%' and length(patcha) = 8`);
    await db.execute(
      sql`delete from eventos_playa where camion_ctrl = any(${listaEnteros(ctrls)})`,
    );
    await db.execute(sql`delete from usuarios where usuario like ${`${PREFIJO}%`}`);
    await revocarToken(db, nombreToken, { actor: 'bench' });

    const datos = {
      suscriptores: suscriptores.length,
      eventosPorSegundoPedidos: ritmo,
      eventosPorSegundoLogrados: redondear(cambios / duracion),
      segundos: redondear(duracion),
      cambios,
      fallosPorteria: fallos,
      entregasEsperadas: esperadas,
      entregasFaltantes: faltan,
      entregasDeMas: deMas,
      latenciaP50ms: redondear(percentil(latencias, 50)),
      latenciaP99ms: redondear(percentil(latencias, 99)),
      latenciaMaxMs: redondear(percentil(latencias, 100)),
      bytesTextoPorEvento: Math.round(bytesEventos / Math.max(1, eventos)),
      bytesSocketPorEntrega: Math.round(bytesSocketTotal / Math.max(1, eventos)),
      entregasPorCambio: redondear(eventos / Math.max(1, cambios)),
      cpuPortalConFlujos: redondear(cpuConFlujos * 100),
      cpuPortalSinFlujos: redondear(cpuSinFlujos * 100),
      fallosPorteriaSinFlujos: fallosSolos,
      compresion,
    };
    return {
      datos,
      lineas: [
        `En vivo: ${datos.suscriptores} flujos SSE en un proceso; ${datos.cambios} cambios por la portería en ${datos.segundos} s (${datos.eventosPorSegundoLogrados}/s pedidos a ${ritmo}/s, ${fallos} fallos); ${datos.entregasPorCambio} entregas por cambio.`,
        `Latencia respuesta de la portería → evento leído: p50 ${datos.latenciaP50ms} ms, p99 ${datos.latenciaP99ms} ms, máx ${datos.latenciaMaxMs} ms; entregas esperadas ${esperadas}, faltantes ${faltan}, de más ${deMas}.`,
        `Bytes por cambio y suscriptor: ${datos.bytesTextoPorEvento} B de texto SSE, ${datos.bytesSocketPorEntrega} B en el socket (con latidos y marcos chunked).`,
        `CPU del proceso del portal: ${datos.cpuPortalConFlujos} % de un núcleo con los flujos; ${datos.cpuPortalSinFlujos} % con los mismos cambios y ningún flujo.`,
        '',
        '| la playa entera (cliente de cosecha) | Content-Encoding | kB en el cable | mediana ms (5) |',
        '|---|---|---|---|',
        ...compresion.map((c) => `| ${c.pedido} | ${c.encoding} | ${c.kB} | ${c.medianaMs} |`),
      ],
    };
  },
};
