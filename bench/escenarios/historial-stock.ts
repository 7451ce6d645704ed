import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { ajustar } from '../../src/server/features/stock/servicio';
import { crearToken, revocarToken } from '../../src/server/features/tokens/servicio';
import {
  consultaCierres,
  diferenciasDeSaldos,
  consultaMovimientos,
  consultaPrevio,
  type FiltrosMovimientos,
  type RangoDeProducto,
} from '../../src/server/features/stock/repository';
import { conexionesDeCarga, exigirRespuestasBuenas, segundosDeCarga, segunEscala } from '../modo';
import { medirSqlPlano } from '../sql-plano';
import type { ContextoBench, Escenario, MedicionExtra } from '../tipos';

/**
 * A product's ledger (issue 16) at its worst: 500,000 movements of one product of the
 * harvest-peak client (company 1001, Granos, Girasol: the generated ledger leaves it empty), one
 * every 2 minutes back from now (almost two years), with its balance and daily closings, written
 * with set-based SQL once, on the first scenario; the last one removes them.
 */
const PRODUCTO = { codempre: 1001, unineg: 1, codpro: 4 };
const MOVIMIENTOS = segunEscala({ cosecha: 500_000, chica: 500_000, humo: 3_000 });
/** How many movements the deep page leaves newer than its cursor. */
const PROFUNDIDAD = MOVIMIENTOS - MOVIMIENTOS / 50;
const LIMITE = 100;
let escritos = false;

const dia = (diasAtras: number) =>
  sql`to_char(current_date - ${diasAtras}::int, 'YYYY-MM-DD') as d`;

async function diaAtras(ctx: ContextoBench, dias: number): Promise<string> {
  const { rows } = await ctx.db.execute<{ d: string }>(sql`select ${dia(dias)}`);
  return rows[0]!.d;
}

type Producto = typeof PRODUCTO;

const delProducto = (p: Producto) =>
  sql`codempre = ${p.codempre} and unineg = ${p.unineg} and codpro = ${p.codpro}`;

/**
 * `MOVIMIENTOS` movements of `p`, one every `segundos` back from now, the first an opening
 * balance, and their balance and daily closings as registrarMovimientos keeps them (this
 * connection is in the terminal's time zone). Returns the seconds it took.
 */
async function escribirLibro(ctx: ContextoBench, p: Producto, segundos: number): Promise<number> {
  const inicio = Date.now();
  await ctx.db.execute(sql`
    insert into stock_movimientos (codempre, unineg, codpro, fecha, tipo, toneladas, observacion)
    select ${p.codempre}, ${p.unineg}, ${p.codpro},
           now() - make_interval(secs => (${MOVIMIENTOS} - i) * ${segundos}),
           case when i = 1 then 'apertura' else 'ajuste' end,
           case when i = 1 then 50000 else round((random() * 60 - 30)::numeric, 3) end,
           'Movimiento ' || i
    from generate_series(1, ${MOVIMIENTOS}) i`);
  await ctx.db.execute(sql`
    insert into stock_saldos (codempre, unineg, codpro, toneladas)
    select codempre, unineg, codpro, sum(toneladas) from stock_movimientos
    where ${delProducto(p)} group by 1, 2, 3`);
  await ctx.db.execute(sql`
    insert into stock_cierres (codempre, unineg, codpro, dia, saldo)
    select codempre, unineg, codpro, dia, sum(toneladas) over (order by dia)
    from (select codempre, unineg, codpro, fecha::date as dia, sum(toneladas) as toneladas
          from stock_movimientos where ${delProducto(p)} group by 1, 2, 3, 4) d`);
  await ctx.db.execute(sql`analyze stock_movimientos`);
  await ctx.db.execute(sql`analyze stock_cierres`);
  return (Date.now() - inicio) / 1000;
}

async function borrarLibro(ctx: ContextoBench, p: Producto) {
  await ctx.db.execute(sql`delete from stock_movimientos where ${delProducto(p)}`);
  await ctx.db.execute(sql`delete from stock_saldos where ${delProducto(p)}`);
  await ctx.db.execute(sql`delete from stock_cierres where ${delProducto(p)}`);
}

async function llenarLibro(ctx: ContextoBench): Promise<void> {
  if (escritos) return;
  const s = await escribirLibro(ctx, PRODUCTO, 120);
  escritos = true;
  console.log(`historial de stock: ${MOVIMIENTOS} movimientos escritos en ${s.toFixed(1)} s`);
}

async function limpiar(ctx: ContextoBench) {
  await borrarLibro(ctx, PRODUCTO);
  escritos = false;
}

/** Two years back to today: the range of both pages. */
async function dosAnios(ctx: ContextoBench): Promise<RangoDeProducto> {
  return { ...PRODUCTO, desde: await diaAtras(ctx, 730), hasta: await diaAtras(ctx, 0) };
}

/** A page of the ledger as the harvest client's user, with the same query timed alone. */
function pagina(
  nombre: string,
  descripcion: string,
  filtros: (ctx: ContextoBench) => Promise<FiltrosMovimientos>,
): Escenario {
  let cuerpo: FiltrosMovimientos | null = null;
  return {
    nombre,
    descripcion,
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      await llenarLibro(ctx);
      cuerpo = await filtros(ctx);
      return {
        method: 'POST',
        path: '/api/empresa/stock/movimientos',
        body: cuerpo,
        cookie: ctx.cookies.cosecha,
      };
    },
    sqlPlano: (ctx) => medirSqlPlano(ctx.db, consultaMovimientos(cuerpo!)),
  };
}

/** The chart's balances over `dias` days up to today. */
function saldos(nombre: string, descripcion: string, dias: number, ultimo = false): Escenario {
  let rango: RangoDeProducto | null = null;
  return {
    nombre,
    descripcion,
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      await llenarLibro(ctx);
      rango = { ...PRODUCTO, desde: await diaAtras(ctx, dias - 1), hasta: await diaAtras(ctx, 0) };
      return {
        method: 'POST',
        path: '/api/empresa/stock/saldos',
        body: rango,
        cookie: ctx.cookies.cosecha,
      };
    },
    // The two queries the route runs, one after the other.
    sqlPlano: async (ctx) => {
      const antes = await medirSqlPlano(ctx.db, consultaPrevio(rango!));
      const dias = await medirSqlPlano(ctx.db, consultaCierres(rango!));
      return Number((antes + dias).toFixed(2));
    },
    ...(ultimo ? { limpiar } : {}),
  };
}

export const ESCENARIOS_HISTORIAL_STOCK: Escenario[] = [
  pagina(
    'historial de stock (primera página)',
    'POST /api/empresa/stock/movimientos: los 100 movimientos más nuevos de un producto con 500.000, rango de dos años',
    async (ctx) => ({ ...(await dosAnios(ctx)), limite: LIMITE }),
  ),
  pagina(
    'historial de stock (página profunda)',
    'POST /api/empresa/stock/movimientos: 100 movimientos con un cursor (antesDe) que deja 490.000 más nuevos',
    async (ctx) => {
      const { rows } = await ctx.db.execute<{ id: number }>(sql`
        select id from stock_movimientos
        where codempre = ${PRODUCTO.codempre} and unineg = ${PRODUCTO.unineg}
          and codpro = ${PRODUCTO.codpro}
        order by fecha desc, id desc offset ${PROFUNDIDAD} limit 1`);
      return { ...(await dosAnios(ctx)), antesDe: rows[0]!.id, limite: LIMITE };
    },
  ),
  saldos(
    'historial de stock (saldos de 30 días)',
    'POST /api/empresa/stock/saldos: el saldo de cierre de cada uno de los últimos 30 días (21.600 movimientos) del mismo producto',
    30,
  ),
  saldos(
    'historial de stock (saldos de un año)',
    'POST /api/empresa/stock/saldos: el saldo de cierre de cada uno de los últimos 365 días (262.800 movimientos) del mismo producto',
    365,
    true,
  ),
];

// ---------------------------------------------------------------------------------------------
// A movement dated in the past (issue 20): the ledger is in date order, so a movement recorded
// late moves every balance after it. What it costs the gate's answer, beside what rewriting a
// stored balance on every later row would cost (the design left out: docs/decisions.md).

/**
 * The dense ledger: 500,000 movements of one product (company 1002, Granos, Girasol: empty in the
 * generated data) in the 29 days up to now, one every 5 s (17,280 a day), so that a weighing the
 * gate may still send (up to 30 days old) is dated before every one of them.
 */
const DENSO: Producto = { codempre: 1002, unineg: 1, codpro: 4 };
/**
 * Seconds between its movements. The smoke run's few spread over two days, so that yesterday
 * still has a noon with a page after it.
 */
const CADA_SEGUNDOS_DENSO = segunEscala({ cosecha: 5, chica: 5, humo: 60 });
const VECES = segunEscala({ cosecha: 20, chica: 20, humo: 2 });
const DIA_MS = 86_400_000;

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => Number(x.toFixed(1));

/** A truck of DENSO through the gate, its gross weighing dated `bruto` (none: now), timed. */
async function brutoCronometrado(
  ctx: ContextoBench,
  token: string,
  i: number,
  bruto: Date | null,
): Promise<number> {
  const llamar = async (ruta: string, cuerpo: Record<string, unknown>) => {
    const res = await fetch(`${ctx.url}/api/operaciones/${ruta}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(cuerpo),
    });
    const json = (await res.json()) as { camion?: number; msj?: string };
    if (res.status >= 300) throw new Error(`${ruta}: ${res.status} ${json.msj}`);
    return json;
  };
  const { rows } = await ctx.db.execute<{ ctrl: number }>(sql`
    with q as (insert into cupos (codempre, unineg, tipo, coddespacho, cantidad, obs)
               values (${DENSO.codempre}, ${DENSO.unineg}, 'D', 1, 30000, 'Bench atrasado')
               returning ctrl)
    insert into cupo_productos select ctrl, ${DENSO.codpro}, 100 from q returning cupo_ctrl as ctrl`);
  const antes = (horas: number) =>
    bruto === null ? {} : { fecha: new Date(bruto.getTime() - horas * 3_600_000).toISOString() };
  const { camion } = await llamar('ingreso', {
    codempre: DENSO.codempre,
    unineg: DENSO.unineg,
    patcha: `ZT${String(i).padStart(6, '0')}`,
    cargateorica: 30000,
    nomchofer: 'Chofer Bench',
    dni: '30111222',
    cupo: rows[0]!.ctrl,
    ...antes(2),
  });
  await llamar('tara', { camion, kg: 14_000, balanza: 'B1', ...antes(1) });
  const inicio = performance.now();
  await llamar('bruto', { camion, kg: 44_000, balanza: 'B2', ...antes(0) });
  return performance.now() - inicio;
}

/** How many of `p`'s movements and daily closings are dated after `fecha`. */
async function posteriores(ctx: ContextoBench, p: Producto, fecha: Date) {
  const { rows } = await ctx.db.execute<{ movimientos: number; cierres: number }>(sql`
    select (select count(*) from stock_movimientos where ${delProducto(p)}
              and fecha > ${fecha.toISOString()}) as movimientos,
           (select count(*) from stock_cierres where ${delProducto(p)}
              and dia > ${fecha.toISOString()}::timestamptz::date) as cierres`);
  return rows[0]!;
}

const ATRASADO = 'historial de stock (movimiento atrasado)';

export const MEDICION_MOVIMIENTO_ATRASADO: MedicionExtra = {
  nombre: ATRASADO,
  async medir(ctx) {
    const lineas: string[] = [];
    const filas: {
      caso: string;
      movimientosPosteriores: number;
      cierresPosteriores: number;
      medianaMs: number;
      maximoMs: number;
    }[] = [];
    const anotar = async (caso: string, p: Producto, fecha: Date, tiempos: number[]) => {
      const { movimientos, cierres } = await posteriores(ctx, p, fecha);
      filas.push({
        caso,
        movimientosPosteriores: movimientos,
        cierresPosteriores: cierres,
        medianaMs: ms(mediana(tiempos)),
        maximoMs: ms(Math.max(...tiempos)),
      });
      console.log(`${ATRASADO}: ${caso}: ${JSON.stringify(filas.at(-1))}`);
    };

    // 1. The gate: a gross weighing dated 29 days back, in front of the dense ledger, through
    //    HTTP; beside the same weighing dated now (nothing after it).
    const segundos = await escribirLibro(ctx, DENSO, CADA_SEGUNDOS_DENSO);
    console.log(
      `${ATRASADO}: libro denso de ${MOVIMIENTOS} movimientos en ${segundos.toFixed(1)} s`,
    );
    const nombreToken = `bench-atrasado-${Date.now()}`;
    const token = await crearToken(ctx.db, 'terminal', nombreToken, { actor: 'bench' });
    const hace29 = () => new Date(Date.now() - 29 * DIA_MS - 3 * 3_600_000);
    const ahora: number[] = [];
    const atrasados: number[] = [];
    for (let i = 0; i < VECES; i++) {
      ahora.push(await brutoCronometrado(ctx, token, 2 * i, null));
      atrasados.push(await brutoCronometrado(ctx, token, 2 * i + 1, hace29()));
    }
    await anotar('portería: bruto con la fecha de ahora', DENSO, new Date(), ahora);
    await anotar('portería: bruto fechado hace 29 días', DENSO, hace29(), atrasados);

    // 2. What a stored balance per row would cost the same weighing: rewriting every later row
    //    of the product (rolled back), with the gate's lock held all along.
    const reescribir: number[] = [];
    for (let i = 0; i < 3; i++) {
      const inicio = performance.now();
      await ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`
            update stock_movimientos set toneladas = toneladas
            where ${delProducto(DENSO)} and fecha > ${hace29().toISOString()}`);
          tx.rollback();
        })
        .catch(() => undefined);
      reescribir.push(performance.now() - inicio);
    }
    await anotar(
      'alternativa descartada: reescribir el saldo de cada fila posterior',
      DENSO,
      hace29(),
      reescribir,
    );

    // 3. An adjustment (the CLI's `stock ajustar`, the same service) dated before the whole
    //    two-year ledger: one closing per later day, about 700.
    await llenarLibro(ctx);
    const hace700 = new Date(Date.now() - 700 * DIA_MS);
    const ajustes: number[] = [];
    for (let i = 0; i < VECES; i++) {
      const inicio = performance.now();
      await ajustar(
        ctx.db,
        { actor: 'bench' },
        {
          ...PRODUCTO,
          kilos: 1_000,
          tipo: 'ajuste',
          observacion: 'Bench: ajuste atrasado',
          fecha: hace700.toISOString(),
        },
      );
      ajustes.push(performance.now() - inicio);
    }
    await anotar('ajuste fechado hace 700 días (libro de dos años)', PRODUCTO, hace700, ajustes);

    // 4. The read side: a page's balance starts from the closing nearer its oldest row's time of
    //    day, so a page whose oldest row is at noon of a full day of the dense ledger (17,280
    //    movements) sums the most: half a day. Beside it, the day's newest page.
    const ayer = await diaAtras(ctx, 1);
    const delDia: FiltrosMovimientos = { ...DENSO, desde: ayer, hasta: ayer, limite: LIMITE };
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      select id from stock_movimientos
      where ${delProducto(DENSO)} and fecha >= ${ayer}::date + interval '12 hours'
      order by fecha, id offset ${LIMITE} limit 1`);
    const mediodia: FiltrosMovimientos = { ...delDia, antesDe: rows[0]!.id };
    const carga = await autocannon({
      url: `${ctx.url}/api/empresa/stock/movimientos`,
      method: 'POST',
      connections: conexionesDeCarga(20),
      duration: segundosDeCarga(10),
      headers: { cookie: ctx.cookies.admin, 'content-type': 'application/json' },
      body: JSON.stringify(mediodia),
    });
    exigirRespuestasBuenas(`${ATRASADO}: la página de mediodía`, carga);
    const lectura = {
      sqlPlanoFinDelDiaMs: await medirSqlPlano(ctx.db, consultaMovimientos(delDia)),
      sqlPlanoMediodiaMs: await medirSqlPlano(ctx.db, consultaMovimientos(mediodia)),
      solicitudesPorSegundo: Math.round(carga.requests.average),
      p50ms: carga.latency.p50,
      p99ms: carga.latency.p99,
      no2xx: carga.non2xx,
    };

    // The ledger, its balances and closings still agree after all of it.
    const diferencias = await diferenciasDeSaldos(ctx.db);
    if (diferencias.length > 0) {
      throw new Error(`stock verificar: ${diferencias.length} diferencias tras el bench`);
    }
    await revocarToken(ctx.db, nombreToken, { actor: 'bench' });
    await limpiar(ctx);
    await borrarLibro(ctx, DENSO);

    lineas.push(
      '| movimiento atrasado | movimientos posteriores | cierres posteriores | mediana ms | máximo ms |',
      '|---|---|---|---|---|',
      ...filas.map(
        (f) =>
          `| ${f.caso} | ${f.movimientosPosteriores} | ${f.cierresPosteriores} | ${f.medianaMs} | ${f.maximoMs} |`,
      ),
      '',
      `Un día de 17.280 movimientos de un producto: la página más nueva del día, SQL plano ${lectura.sqlPlanoFinDelDiaMs} ms; la que empieza a mediodía (suma medio día), SQL plano ${lectura.sqlPlanoMediodiaMs} ms y con 20 conexiones ${lectura.solicitudesPorSegundo} sol/s, p50 ${lectura.p50ms} ms, p99 ${lectura.p99ms} ms, no-2xx ${lectura.no2xx}.`,
    );
    return { datos: { filas, lectura }, lineas };
  },
};
