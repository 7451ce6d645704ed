/**
 * Notices at the gate's pace (issue 25): 25 gate changes a second through the gate API (each
 * truck: ingreso with its quota, tara, bruto, egreso) with notices off (no endpoint, no user
 * opted in) and, in the same run, with 10 webhook endpoints (receivers on 127.0.0.1, some slow)
 * and 100 users opted in to 'camion.finalizado' by e-mail (the run's SMTP server,
 * bench/buzon.ts): after an unmeasured warm-up of each, rounds that alternate off and on, the
 * queue drained after each 'on'. Reported: the gate's answer (p50, p99) in each phase side by side; event →
 * delivered (the outbox row's creation to its arrival at the receiver or the SMTP server) p50,
 * p95 and the worst; lost (a row not delivered, or delivered and never arrived) and duplicates.
 * Also what a gate event's lookup of matching endpoints costs with none registered.
 */
import { sql } from 'drizzle-orm';
import { EVENTOS_WEBHOOK } from '../src/shared/contracts/webhooks';
import * as avisos from '../src/server/features/avisos/servicio';
import { crearToken, revocarToken } from '../src/server/features/tokens/servicio';
import * as webhooks from '../src/server/features/webhooks/servicio';
import { HUMO, segunEscala } from './modo';
import type { ContextoBench, MedicionExtra } from './tipos';

const NOMBRE = 'avisos';
const ACTOR = { actor: 'bench' };
/** Gate changes a second, and seconds each phase loads. */
const POR_SEGUNDO = 25;
const SEGUNDOS = segunEscala({ cosecha: 30, chica: 20, humo: 1 });
/**
 * Rounds of (off, on), alternating, so that neither kind of phase is always the first or the
 * last; and seconds of an unmeasured warm-up of each kind before them.
 */
const RONDAS = HUMO ? 1 : Math.max(1, Number(process.env.BENCH_RONDAS ?? 2));
const CALENTAR_SEGUNDOS = segunEscala({ cosecha: 5, chica: 5, humo: 0 });
const USUARIOS = segunEscala({ cosecha: 100, chica: 100, humo: 5 });
const ENDPOINTS = 10;
/** These answer after LENTO_MS: the terminal's ERP (terminal-wide) and two companies'. */
const LENTOS = new Set([1, 5, 8]);
const LENTO_MS = segunEscala({ cosecha: 300, chica: 300, humo: 20 });
/** How long the backlog may take to drain after a phase before its rows count as lost. */
const ESPERA_MAXIMA_MS = segunEscala({ cosecha: 300_000, chica: 300_000, humo: 60_000 });

const percentil = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil((p / 100) * o.length) - 1)]!;
};
const ms = (x: number) => Math.round(x * 10) / 10;

/** First arrival time (epoch ms) of each outbox row, and arrivals after the first. */
class Llegadas {
  readonly primera = new Map<number, number>();
  duplicadas = 0;
  anotar(id: number, en: number) {
    if (this.primera.has(id)) this.duplicadas++;
    else this.primera.set(id, en);
  }
}

interface Usuario {
  id: number;
  usuario: string;
  codempre: number;
}

/**
 * USUARIOS users of the clients, with unit 1: the data set's (usuario00001…, one company each at
 * harvest scale), and as many more as the scale lacks (avisos001…, spread over the same
 * companies).
 */
async function usuariosDeCarga(ctx: ContextoBench): Promise<Usuario[]> {
  await ctx.db.execute(sql`
    with faltan as (
      select greatest(0, ${USUARIOS} - (select count(*) from usuarios where usuario like 'usuario%'))::int as n),
    empresas as (
      select codempre, row_number() over (order by codempre) - 1 as k, count(*) over () as total
      from empresas where codempre > 1000),
    nuevos as (
      insert into usuarios (usuario, codempre)
      select 'avisos' || lpad(i::text, 3, '0'), e.codempre
      from faltan, generate_series(1, faltan.n) i
      join empresas e on e.k = (i - 1) % e.total
      on conflict do nothing
      returning id)
    insert into usuario_unidades (usuario_id, unineg) select id, 1 from nuevos`);
  const { rows } = await ctx.db.execute<Usuario & Record<string, unknown>>(sql`
    select u.id, u.usuario, u.codempre from usuarios u
    where (u.usuario like 'usuario%' or u.usuario like 'avisos%') and u.activo
      and exists (select 1 from usuario_unidades uu where uu.usuario_id = u.id and uu.unineg = 1)
    order by u.id limit ${USUARIOS}`);
  return rows;
}

/** A fresh bulk quota of company `codempre` in unit 1 for each truck. */
async function cuposPara(ctx: ContextoBench, empresas: number[], cantidad: number) {
  const { rows } = await ctx.db.execute<{ ctrl: number; codempre: number }>(sql`
    with q as (
      insert into cupos (codempre, unineg, tipo, coddespacho, cantidad, obs)
      select (${JSON.stringify(empresas)}::jsonb ->> ((i - 1) % ${empresas.length}))::int, 1, 'D', 1,
        30000, 'Bench avisos'
      from generate_series(1, ${cantidad}) i
      returning ctrl, codempre),
    p as (insert into cupo_productos select ctrl, 1, 100 from q)
    select ctrl, codempre from q order by ctrl`);
  return rows;
}

let patentes = Date.now() % 900_000;

/**
 * POR_SEGUNDO gate changes a second for `segundos`: a truck's next step goes as soon as its last
 * one answered and the pace allows; a new truck enters when no step is waiting. Answers every
 * call's time (ms) and the failures.
 */
async function cargaDePorteria(
  ctx: ContextoBench,
  token: string,
  cupos: { ctrl: number; codempre: number }[],
  segundos: number,
) {
  const tiempos: number[] = [];
  const fallas: string[] = [];
  /** Off once the paced load is over: the trucks left in the yard finish unmeasured. */
  let midiendo = true;
  const llamar = async (ruta: string, cuerpo: Record<string, unknown>) => {
    const inicio = performance.now();
    const res = await fetch(`${ctx.url}/api/operaciones/${ruta}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(cuerpo),
    });
    const json = (await res.json()) as { camion?: number; msj?: string };
    if (midiendo) tiempos.push(performance.now() - inicio);
    if (res.status >= 300) throw new Error(`${ruta}: ${res.status} ${json.msj}`);
    return json;
  };
  const listos: (() => Promise<void>)[] = [];
  let siguienteCupo = 0;
  const nuevoCamion = () => async () => {
    const cupo = cupos[siguienteCupo++ % cupos.length]!;
    const { camion } = await llamar('ingreso', {
      codempre: cupo.codempre,
      unineg: 1,
      patcha: `AV${String(patentes++ % 1_000_000).padStart(6, '0')}`,
      cargateorica: 30000,
      nomchofer: 'Chofer Bench',
      dni: '30111222',
      cupo: cupo.ctrl,
    });
    const pasos: [string, Record<string, unknown>][] = [
      ['tara', { camion, kg: 14_000, balanza: 'B1' }],
      ['bruto', { camion, kg: 44_000, balanza: 'B2' }],
      ['egreso', { camion }],
    ];
    const encadenar = (k: number) => {
      if (k >= pasos.length) return;
      listos.push(async () => {
        await llamar(...pasos[k]!);
        encadenar(k + 1);
      });
    };
    encadenar(0);
  };
  const total = Math.max(1, Math.round(POR_SEGUNDO * segundos));
  const inicio = performance.now();
  let lanzados = 0;
  let enVuelo = 0;
  await new Promise<void>((fin) => {
    const reloj = setInterval(() => {
      const debidos = Math.min(
        total,
        Math.floor(((performance.now() - inicio) * POR_SEGUNDO) / 1000) + 1,
      );
      while (lanzados < debidos) {
        lanzados++;
        enVuelo++;
        const paso = listos.shift() ?? nuevoCamion();
        paso()
          .catch((e: unknown) => fallas.push(e instanceof Error ? e.message : String(e)))
          .finally(() => {
            enVuelo--;
            if (lanzados >= total && enVuelo === 0) {
              clearInterval(reloj);
              fin();
            }
          });
      }
    }, 5);
  });
  const segundosDeCarga = (performance.now() - inicio) / 1000;
  // The trucks still in the yard finish, unmeasured, so that none is left behind.
  midiendo = false;
  while (listos.length) await listos.shift()!().catch(() => undefined);
  return { tiempos, fallas, segundos: segundosDeCarga };
}

async function ultimoAviso(ctx: ContextoBench): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`select coalesce(max(id), 0)::int as id from avisos`,
  );
  return rows[0]!.id;
}

/** Waits until no row after `desde` is pending (or the limit); answers how long it took. */
async function esperarBandeja(ctx: ContextoBench, desde: number): Promise<number> {
  const inicio = performance.now();
  for (;;) {
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from avisos where id > ${desde} and estado = 'pendiente'`);
    if (rows[0]!.n === 0 || performance.now() - inicio > ESPERA_MAXIMA_MS) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return (performance.now() - inicio) / 1000;
}

/** Event → delivered for the rows after `desde`, by channel; lost and duplicated. */
async function entregas(ctx: ContextoBench, desde: number, llegadas: Llegadas) {
  const { rows } = await ctx.db.execute<{
    id: number;
    canal: string;
    estado: string;
    creado: number;
  }>(sql`
    select id::int as id, canal, estado, extract(epoch from creado_en) * 1000 as creado
    from avisos where id > ${desde}`);
  const porCanal: Record<
    string,
    { filas: number; ms: number[]; perdidas: number; pendientes: number }
  > = {};
  for (const f of rows) {
    const c = (porCanal[f.canal] ??= { filas: 0, ms: [], perdidas: 0, pendientes: 0 });
    c.filas++;
    const llegada = llegadas.primera.get(f.id);
    // Still pending when the wait ended: late, not lost (the worker goes on with it).
    if (f.estado === 'pendiente') c.pendientes++;
    else if (f.estado !== 'enviado' || llegada === undefined) c.perdidas++;
    else c.ms.push(llegada - Number(f.creado));
  }
  return Object.entries(porCanal).map(([canal, c]) => ({
    canal,
    filas: c.filas,
    perdidas: c.perdidas,
    pendientes: c.pendientes,
    p50ms: ms(percentil(c.ms, 50)),
    p95ms: ms(percentil(c.ms, 95)),
    maximoMs: ms(Math.max(0, ...c.ms)),
  }));
}

/**
 * What a gate event's enqueue costs with no endpoint registered (the statement that looks for
 * endpoints and writes nothing): the median of `veces`.
 */
async function costoDeBusqueda(ctx: ContextoBench, veces: number) {
  const t: number[] = [];
  const evento = {
    tipo: 'camion.estado' as const,
    codempre: 1001,
    datos: {
      camion: 1,
      codempre: 1001,
      unineg: 1,
      codestado: 3,
      nomestado: 'Operando',
      anterior: 2,
    },
    grupo: 'camion:1',
  };
  for (let i = 0; i < veces; i++) {
    const inicio = performance.now();
    await webhooks.encolarEvento(ctx.db, evento);
    t.push(performance.now() - inicio);
  }
  return { medianaMs: Number(percentil(t, 50).toFixed(3)), p99Ms: ms(percentil(t, 99)) };
}

const mediana = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  const m = o.length >> 1;
  return o.length % 2 ? o[m]! : (o[m - 1]! + o[m]!) / 2;
};

/**
 * The gate's p99 with notices on against off, by rounds: the off rounds' spread is the noise of
 * the run (same code, same load, minutes apart); "within noise" when the median of the on rounds
 * is no worse than the worst off round.
 */
function comparacionConRuido(apagados: number[], encendidos: number[]) {
  return {
    apagados,
    encendidos,
    anchoApagados: ms(Math.max(...apagados) - Math.min(...apagados)),
    exceso: ms(mediana(encendidos) - mediana(apagados)),
    dentro: mediana(encendidos) <= Math.max(...apagados),
  };
}

/** The gate's answers of some phases together: calls, calls a second, p50, p99, failures. */
function resumenDeFase(fase: string, cargas: Awaited<ReturnType<typeof cargaDePorteria>>[]) {
  const tiempos = cargas.flatMap((c) => c.tiempos);
  const segundos = cargas.reduce((a, c) => a + c.segundos, 0);
  return {
    fase,
    llamadas: tiempos.length,
    porSegundo: ms(tiempos.length / Math.max(segundos, 0.001)),
    p50ms: ms(percentil(tiempos, 50)),
    p99ms: ms(percentil(tiempos, 99)),
    fallas: cargas.reduce((a, c) => a + c.fallas.length, 0),
  };
}

export const MEDICION_AVISOS: MedicionExtra = {
  nombre: NOMBRE,
  async medir(ctx) {
    if (!ctx.correo) throw new Error('avisos: el portal del banco no tiene SMTP_URL');
    const llegadas = new Llegadas();
    ctx.correo.alRecibir = (id, en) => llegadas.anotar(id, en);
    // On the receivers' thread (bench/buzon-hilo.ts), with the SMTP server: receiving does not
    // delay the gate's calls timed here.
    const receptores = await ctx.correo.abrirReceptores([...LENTOS], LENTO_MS);
    const nombreToken = `bench-avisos-${Date.now()}`;
    const token = await crearToken(ctx.db, 'terminal', nombreToken, { actor: 'bench' });
    const usuarios = await usuariosDeCarga(ctx);
    const empresas = [...new Set(usuarios.map((u) => u.codempre))];
    const endpoints: number[] = [];
    for (const u of usuarios) {
      await avisos.fijarCorreoDeUsuario(ctx.db, ACTOR, {
        usuario: u.usuario,
        correo: `${u.usuario}@cliente.example`,
      });
    }
    /** Ten endpoints (three terminal-wide, seven of the load's companies) and the users opted in. */
    const encender = async () => {
      for (let i = 0; i < ENDPOINTS; i++) {
        const codempre = i < 3 ? null : empresas[(i - 3) % empresas.length]!;
        const r = await webhooks.crear(
          ctx.db,
          ACTOR,
          { url: `${receptores.base}/e${i}`, eventos: [...EVENTOS_WEBHOOK], codempre },
          ['127.0.0.1'],
        );
        endpoints.push(r.id);
      }
      for (const u of usuarios) {
        await avisos.guardarAvisos(ctx.db, u.id, ACTOR, { avisos: ['camion.finalizado'] }, true);
      }
    };
    const apagar = async () => {
      for (const id of endpoints.splice(0)) await webhooks.eliminar(ctx.db, ACTOR, { id });
      for (const u of usuarios)
        await avisos.guardarAvisos(ctx.db, u.id, ACTOR, { avisos: [] }, true);
    };
    /** One paced load of `segundos`, each call with a fresh quota at most. */
    const cargar = async (segundos: number) =>
      cargaDePorteria(
        ctx,
        token,
        // A quota for every call at most: while the gate is slow, most calls start a new truck.
        await cuposPara(ctx, empresas, Math.ceil(POR_SEGUNDO * segundos) + 10),
        segundos,
      );
    try {
      // 0. Warm-up, not measured: both phases once, short, so that neither measured phase pays
      //    the process's cold start (JIT, the pool's connections, the PDF library's fonts).
      if (CALENTAR_SEGUNDOS > 0) {
        await cargar(CALENTAR_SEGUNDOS);
        await encender();
        const antes = await ultimoAviso(ctx);
        await cargar(CALENTAR_SEGUNDOS);
        await apagar();
        await esperarBandeja(ctx, antes);
      }

      // 1. Rounds, alternating: notices off (no endpoint, nobody opted in; each event still looks
      //    for endpoints), then on; after each 'on' the queue drains before the next 'off', so an
      //    'off' phase never carries the deliveries of the one before it.
      const desde = await ultimoAviso(ctx);
      const apagados: Awaited<ReturnType<typeof cargar>>[] = [];
      const encendidos: Awaited<ReturnType<typeof cargar>>[] = [];
      const drenados: number[] = [];
      let eventosPorCambio = 0;
      for (let ronda = 0; ronda < RONDAS; ronda++) {
        apagados.push(await cargar(SEGUNDOS));
        await encender();
        const inicioRonda = await ultimoAviso(ctx);
        const encendido = await cargar(SEGUNDOS);
        encendidos.push(encendido);
        drenados.push(await esperarBandeja(ctx, inicioRonda));
        // Events a gate change makes: the rows of one terminal-wide endpoint (it gets them all).
        const { rows: eventos } = await ctx.db.execute<{ n: number }>(sql`
          select count(*)::int as n from avisos where id > ${inicioRonda} and canal = 'webhook'
            and destino = ${endpoints[0]!}`);
        eventosPorCambio += eventos[0]!.n / Math.max(1, encendido.tiempos.length) / RONDAS;
        await apagar();
      }
      const porCanal = await entregas(ctx, desde, llegadas);

      // 2. The lookup every gate event makes, with no endpoint registered.
      const busqueda = await costoDeBusqueda(ctx, HUMO ? 20 : 2000);

      const nombreEncendido = `avisos encendidos (${ENDPOINTS} endpoints, ${usuarios.length} usuarios)`;
      const fases = [
        resumenDeFase('avisos apagados', apagados),
        resumenDeFase(nombreEncendido, encendidos),
      ];
      const porRonda = apagados.flatMap((a, i) => [
        { ronda: i + 1, ...resumenDeFase('avisos apagados', [a]) },
        { ronda: i + 1, ...resumenDeFase('avisos encendidos', [encendidos[i]!]) },
      ]);
      const ruido = comparacionConRuido(
        porRonda.filter((_, i) => i % 2 === 0).map((f) => f.p99ms),
        porRonda.filter((_, i) => i % 2 === 1).map((f) => f.p99ms),
      );
      const fallas = [...apagados, ...encendidos].flatMap((c) => c.fallas);
      // The failures by reason (the call and its status), most frequent first.
      const motivos = new Map<string, number>();
      for (const f of fallas) {
        const clave = f.replace(/\d{3,}/g, 'N').slice(0, 120);
        motivos.set(clave, (motivos.get(clave) ?? 0) + 1);
      }
      const principales = [...motivos].sort((a, b) => b[1] - a[1]).slice(0, 3);
      const perdidas = porCanal.reduce((a, c) => a + c.perdidas, 0);
      if (HUMO && (fallas.length || perdidas || !porCanal.length)) {
        throw new Error(
          `avisos: ${fallas.length} llamadas fallidas (${fallas[0] ?? ''}), ${perdidas} avisos perdidos`,
        );
      }
      const drenado = Math.max(...drenados);
      const datos = {
        rondas: RONDAS,
        calentamientoSegundos: CALENTAR_SEGUNDOS,
        fases,
        porRonda,
        entregas: porCanal,
        duplicadas: llegadas.duplicadas,
        drenadoSegundos: drenados.map(ms),
        lentos: { cuantos: LENTOS.size, ms: LENTO_MS },
        busqueda: { ...busqueda, eventosPorCambio: ms(eventosPorCambio) },
        ruido,
        motivosDeFalla: Object.fromEntries(principales),
      };
      return {
        datos,
        lineas: [
          `Avisos (issue 25): ${POR_SEGUNDO} cambios de portería por segundo durante ${SEGUNDOS} s por fase, ${RONDAS} rondas alternadas (apagados, encendidos) tras ${CALENTAR_SEGUNDOS} s de calentamiento de cada una; ${ENDPOINTS} endpoints (${LENTOS.size} responden a los ${LENTO_MS} ms), ${usuarios.length} usuarios con 'camion.finalizado' por correo.`,
          '',
          '| fase | llamadas | por s | p50 ms | p99 ms | fallas |',
          '|---|---|---|---|---|---|',
          ...fases.map(
            (f) =>
              `| ${f.fase} | ${f.llamadas} | ${f.porSegundo} | ${f.p50ms} | ${f.p99ms} | ${f.fallas} |`,
          ),
          ...porRonda.map(
            (f) =>
              `| ronda ${f.ronda}: ${f.fase} | ${f.llamadas} | ${f.porSegundo} | ${f.p50ms} | ${f.p99ms} | ${f.fallas} |`,
          ),
          '',
          `p99 por ronda: apagados ${ruido.apagados.join(' / ')} ms (ruido: ${ruido.anchoApagados} ms entre la mejor y la peor), encendidos ${ruido.encendidos.join(' / ')} ms; mediana encendidos − mediana apagados: ${ruido.exceso} ms; ${ruido.dentro ? 'la mediana encendida cabe entre las apagadas: dentro del ruido' : 'la mediana encendida pasa la peor apagada: fuera del ruido'}.`,
          '',
          `| canal | filas | perdidas | pendientes a los ${ESPERA_MAXIMA_MS / 1000} s | evento → entregado p50 ms | p95 ms | máximo ms |`,
          '|---|---|---|---|---|---|---|',
          ...porCanal.map(
            (c) =>
              `| ${c.canal} | ${c.filas} | ${c.perdidas} | ${c.pendientes} | ${c.p50ms} | ${c.p95ms} | ${c.maximoMs} |`,
          ),
          '',
          ...(principales.length
            ? [`Fallas de la portería: ${principales.map(([m, n]) => `${n} × ${m}`).join('; ')}.`]
            : []),
          `Duplicados recibidos: ${llegadas.duplicadas}. La bandeja se vació ${drenados.map(ms).join(' / ')} s después de cada carga con avisos (la peor: ${ms(drenado)} s).`,
          `Encolar un evento sin ningún endpoint registrado: mediana ${busqueda.medianaMs} ms, p99 ${busqueda.p99Ms} ms; ${ms(eventosPorCambio)} eventos por cambio de portería.`,
        ],
      };
    } finally {
      ctx.correo.alRecibir = null;
      await apagar().catch(() => undefined);
      await revocarToken(ctx.db, nombreToken, { actor: 'bench' }).catch(() => undefined);
      await receptores.cerrar();
    }
  },
};
