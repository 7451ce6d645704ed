/**
 * Load at harvest peak (issue 7). The mixed workload: signed-in users of the harvest client
 * (company 1001: 5,000 trucks in the yard, 667 free quotas, its share of the 1,000,000-movement
 * ledger) reading the trucks list, the quotas list, a quota's detail, the stock and the surveys,
 * linking and unlinking quotas and creating quotas — all at once, at 50 and at 200 concurrent
 * connections. Every call type gets its own share of the connections (its own autocannon), so
 * each reports its own throughput and latency while they run together.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { ordenDePrueba } from '../src/server/features/cupos/datos-prueba';
import { borrarCuposCreados } from './escenarios/cupos';
import { conexionesDeCarga, exigirRespuestasBuenas, HUMO, segundosDeCarga } from './modo';
import type { ContextoBench, MedicionExtra } from './tipos';

const SEGUNDOS = segundosDeCarga(Number(process.env.BENCH_SEGUNDOS ?? 60));
/** The two phases; a smoke run has one, with a connection for each call. */
const FASES = HUMO ? [7] : [50, 200];
/** The observation of the quotas the mixed load creates, to remove them between phases. */
const OBS_CREADOS = 'Carga mixta';

interface Llamada {
  nombre: string;
  peso: number;
  lectura: boolean;
  /** Requests a connection repeats; `i` numbers the connection (its own truck and quota). */
  peticiones: (
    ctx: ContextoBench,
    i: number,
  ) => { method: 'GET' | 'POST'; path: string; body?: unknown }[];
}

interface ResultadoLlamada {
  llamada: string;
  conexiones: number;
  solicitudesPorSegundo: number;
  p50ms: number;
  p99ms: number;
  errores: number;
  no2xx: number;
}

/** Trucks in the yard and free quotas of company 1001, one pair per connection that links. */
async function paresParaVincular(ctx: ContextoBench, cantidad: number) {
  const { rows } = await ctx.db.execute<{ camion: number; cupo: number }>(sql`
    with camiones_nuevos as (
      insert into camiones (codempre, unineg, patcha, cargateorica, nomchofer, dni, codestado)
      select 1001, 1, 'BE' || lpad(i::text, 3, '0') || 'NC', 30000, 'Chofer de carga ' || i, '30000000', 1
      from generate_series(1, ${cantidad}) i
      returning ctrl),
    cupos_nuevos as (
      insert into cupos (codempre, unineg, coddespacho, cantidad, obs)
      select 1001, 1, 1, 30000, 'Carga mixta ' || i from generate_series(1, ${cantidad}) i
      returning ctrl),
    productos as (
      insert into cupo_productos (cupo_ctrl, codpro, porcentaje) select ctrl, 1, 100 from cupos_nuevos)
    select c.ctrl as camion, q.ctrl as cupo
    from (select ctrl, row_number() over (order by ctrl) n from camiones_nuevos) c
    join (select ctrl, row_number() over (order by ctrl) n from cupos_nuevos) q using (n)`);
  return rows;
}

async function unCupo(ctx: ContextoBench): Promise<number> {
  const { rows } = await ctx.db.execute<{ ctrl: number }>(sql`
    select min(ctrl) as ctrl from cupos
    where codempre = 1001 and unineg = 1 and eliminado_en is null and camion_ctrl is null`);
  return rows[0]!.ctrl;
}

/** Rows the two big lists answer at the start of a phase. */
async function filasDeLasListas(ctx: ContextoBench) {
  const { rows } = await ctx.db.execute<{ camiones: number; cupos: number }>(sql`
    select
      (select count(*)::int from camiones
       where codempre = 1001 and unineg = 1 and codestado = 3) as camiones,
      (select count(*)::int from cupos
       where codempre = 1001 and unineg = 1 and eliminado_en is null and camion_ctrl is null) as cupos`);
  return rows[0]!;
}

function llamadas(
  cupo: number,
  pares: { camion: number; cupo: number }[],
  filas: { camiones: number; cupos: number },
): Llamada[] {
  return [
    {
      nombre: `camiones-playa (Operando, ${filas.camiones} filas)`,
      peso: 2,
      lectura: true,
      peticiones: () => [
        {
          method: 'POST',
          path: '/api/camiones/camiones-playa',
          body: { filtros: { codempre: 1001, unineg: 1, estado: 3 } },
        },
      ],
    },
    {
      nombre: `cupos (${filas.cupos} filas al empezar)`,
      peso: 2,
      lectura: true,
      peticiones: () => [
        { method: 'POST', path: '/api/cupos', body: { uniNeg: 1, codEmpre: 1001 } },
      ],
    },
    {
      nombre: 'cupo/detalle',
      peso: 2,
      lectura: true,
      peticiones: () => [{ method: 'POST', path: '/api/cupo/detalle', body: { codorden: cupo } }],
    },
    {
      nombre: 'empresa/stock',
      peso: 2,
      lectura: true,
      peticiones: () => [
        { method: 'POST', path: '/api/empresa/stock', body: { codempre: 1001, unineg: 1 } },
      ],
    },
    {
      nombre: 'encuestas',
      peso: 1,
      lectura: true,
      peticiones: () => [{ method: 'GET', path: '/api/encuestas' }],
    },
    {
      nombre: 'vincular y desasignar',
      peso: 1,
      lectura: false,
      peticiones: (_ctx, i) => {
        const par = pares[i % pares.length]!;
        return [
          {
            method: 'POST',
            path: '/api/camiones/vincular-camion-cupo',
            body: { ctrl: par.cupo, codcamion: par.camion, cantidad: 30000 },
          },
          {
            method: 'POST',
            path: '/api/camiones/desasignar-cupo-camion',
            body: { ctrl: par.cupo, codcamion: par.camion },
          },
        ];
      },
    },
    {
      nombre: 'cupos/crear',
      peso: 1,
      lectura: false,
      peticiones: () => [
        {
          method: 'POST',
          path: '/api/cupos/crear',
          body: ordenDePrueba({ cliente: 1001, cargaMaxima: 28000, observaciones: OBS_CREADOS }, [
            { producto: 1, porcentaje: 60 },
            { producto: 2, porcentaje: 40 },
          ]),
        },
      ],
    },
  ];
}

/** Splits `total` connections by weight, at least one each. */
function repartir(total: number, pesos: number[]): number[] {
  const suma = pesos.reduce((a, b) => a + b, 0);
  const partes = pesos.map((p) => Math.max(1, Math.floor((total * p) / suma)));
  let resto = total - partes.reduce((a, b) => a + b, 0);
  for (let i = 0; resto > 0; i = (i + 1) % partes.length, resto--) partes[i]!++;
  return partes;
}

async function cargaMixta(
  ctx: ContextoBench,
  conexiones: number,
  pares: { camion: number; cupo: number }[],
) {
  const lista = llamadas(await unCupo(ctx), pares, await filasDeLasListas(ctx));
  const reparto = repartir(
    conexiones,
    lista.map((l) => l.peso),
  );
  let siguienteConexion = 0;
  const resultados = await Promise.all(
    lista.map(async (l, k): Promise<ResultadoLlamada> => {
      const r = await autocannon({
        url: ctx.url,
        connections: reparto[k]!,
        duration: SEGUNDOS,
        headers: { cookie: ctx.cookies.cosecha, 'content-type': 'application/json' },
        setupClient(cliente) {
          const i = siguienteConexion++;
          cliente.setRequests(
            l.peticiones(ctx, i).map((p) => ({
              method: p.method,
              path: p.path,
              ...(p.method === 'POST' ? { body: JSON.stringify(p.body ?? {}) } : {}),
            })),
          );
        },
      });
      exigirRespuestasBuenas(`carga mixta (${conexiones}): ${l.nombre}`, r);
      return {
        llamada: l.nombre,
        conexiones: reparto[k]!,
        solicitudesPorSegundo: Math.round(r.requests.average),
        p50ms: r.latency.p50,
        p99ms: r.latency.p99,
        errores: r.errors + r.timeouts,
        no2xx: r.non2xx,
      };
    }),
  );
  return resultados;
}

const tabla = (titulo: string, filas: ResultadoLlamada[]) => [
  `| ${titulo} | conexiones | sol/s | p50 ms | p99 ms | errores | no-2xx |`,
  '|---|---|---|---|---|---|---|',
  ...filas.map(
    (f) =>
      `| ${f.llamada} | ${f.conexiones} | ${f.solicitudesPorSegundo} | ${f.p50ms} | ${f.p99ms} | ${f.errores} | ${f.no2xx} |`,
  ),
];

export const MEDICION_CARGA_MIXTA: MedicionExtra = {
  nombre: 'carga-mixta',
  async medir(ctx) {
    const pares = await paresParaVincular(ctx, 200);
    const datos: Record<string, unknown> = {};
    const lineas: string[] = [];
    for (const conexiones of FASES) {
      const rssAntes = ctx.rssPortalMb();
      const filas = await cargaMixta(ctx, conexiones, pares);
      const rssDespues = ctx.rssPortalMb();
      const total = filas.reduce((n, f) => n + f.solicitudesPorSegundo, 0);
      // The next phase starts from the generated data again.
      const creados = await borrarCuposCreados(ctx, OBS_CREADOS);
      datos[`${conexiones}`] = {
        filas,
        totalSolicitudesPorSegundo: total,
        rssMb: { antes: rssAntes, despues: rssDespues },
        cuposCreados: creados,
      };
      lineas.push(
        `Carga mixta, ${conexiones} conexiones, ${SEGUNDOS} s: ${total} sol/s en total; RSS del portal ${rssAntes} → ${rssDespues} MB; ${creados} cupos creados (la lista de cupos creció con ellos).`,
        '',
        ...tabla(`carga mixta (${conexiones})`, filas),
        '',
      );
    }
    return { datos, lineas };
  },
};

/**
 * Two portal processes on one PostgreSQL, no shared memory: the same read load on one process,
 * then spread over both. The ratio says how much a second instance adds on this machine.
 */
export const MEDICION_DOS_PROCESOS: MedicionExtra = {
  nombre: 'dos-procesos',
  async medir(ctx) {
    const cupo = await unCupo(ctx);
    const segundos = Math.min(SEGUNDOS, 20);
    const leer = (url: string, conexiones: number) =>
      autocannon({
        url,
        connections: conexiones,
        duration: segundos,
        headers: { cookie: ctx.cookies.cosecha, 'content-type': 'application/json' },
        requests: [
          { method: 'POST', path: '/api/cupo/detalle', body: JSON.stringify({ codorden: cupo }) },
          {
            method: 'POST',
            path: '/api/empresa/stock',
            body: JSON.stringify({ codempre: 1001, unineg: 1 }),
          },
        ],
      });
    const uno = await leer(ctx.url, conexionesDeCarga(50));
    const otro = await ctx.otroPortal();
    try {
      // The session was opened on the first process: the second accepts it (it lives in PostgreSQL).
      const [a, b] = await Promise.all([
        leer(ctx.url, conexionesDeCarga(25)),
        leer(otro.url, conexionesDeCarga(25)),
      ]);
      exigirRespuestasBuenas('dos procesos: un proceso', uno);
      exigirRespuestasBuenas('dos procesos: el primero de dos', a);
      exigirRespuestasBuenas('dos procesos: el segundo de dos', b);
      const unoRps = Math.round(uno.requests.average);
      const dosRps = Math.round(a.requests.average + b.requests.average);
      const errores = uno.errors + uno.non2xx + a.errors + a.non2xx + b.errors + b.non2xx;
      return {
        datos: {
          unProceso: unoRps,
          dosProcesos: dosRps,
          razon: Number((dosRps / unoRps).toFixed(2)),
          errores,
        },
        lineas: [
          `Dos procesos sobre una base (${conexionesDeCarga(50)} conexiones, detalle de cupo y stock, ${segundos} s): un proceso ${unoRps} sol/s, dos procesos ${dosRps} sol/s, razón ${(dosRps / unoRps).toFixed(2)}; errores o no-2xx: ${errores}.`,
        ],
      };
    } finally {
      await otro.detener();
    }
  },
};
