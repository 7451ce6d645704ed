/**
 * The dashboard's SQL (issue 16). Every figure is read from the rollups that migration 0015's
 * triggers keep in the same transaction as each change (tablero_horas, tablero_productos_horas,
 * tablero_recorridos) and from their day rollups, kept by migration 0024's triggers on those
 * (tablero_dias, tablero_productos_dias, tablero_recorridos_dias, tablero_minutos_dias|meses,
 * histograms since migration 0031):
 * a range of years reads a row per day, not one per hour or per truck. The views
 * tablero_*_calculo of both migrations are the same figures computed again (the hours and
 * trucks from their sources, the days from the hours and trucks), which `verificar` compares
 * and `recalcular` copies.
 *
 * Days are the terminal's: every connection runs in its time zone (db/client.ts), so a day cast
 * to timestamptz is its local midnight and a timestamptz cast to date is its local day.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  ParametrosTablero,
  TableroCamionesRespuesta,
  TableroCuposRespuesta,
  TableroDesviosRespuesta,
  TableroRecorridosRespuesta,
  TableroToneladasRespuesta,
  TableroTurnosRespuesta,
} from '../../../shared/contracts/tablero';
import {
  camionDemorado,
  DESVIOS_MAXIMOS,
  tableroCamionesRespuesta,
  tableroCuposRespuesta,
  tableroToneladasRespuesta,
} from '../../../shared/contracts/tablero';
import type { Db, DbOTx, Tx } from '../../db/client';
import { comoJsonDe, fechaLocal, leerPreparada, type JsonDe } from '../../db/sql';

/** A dashboard call, once authorized: one unit, one client or all (null), a range of days. */
export interface FiltroTablero {
  unineg: number;
  codempre: number | null;
  /** 'AAAA-MM-DD', both included. */
  desde: string;
  hasta: string;
}

const empresa = (f: Pick<FiltroTablero, 'codempre'>, columna: SQL) =>
  f.codempre === null ? sql`true` : sql`${columna} = ${f.codempre}`;

/**
 * The hourly rollups keep, under codempre 0, every client's sum: 'all clients' reads one row
 * per hour (migration 0015).
 */
const empresaEnHoras = (f: Pick<FiltroTablero, 'codempre'>) => sql`codempre = ${f.codempre ?? 0}`;

/** The instants of the range: from desde's local midnight to the one after hasta. */
const enRango = (f: FiltroTablero, columna: SQL) =>
  sql`${columna} >= ${f.desde}::date::timestamptz and ${columna} < (${f.hasta}::date + 1)::timestamptz`;

/** The days of the range, for the day rollups. */
const enDias = (f: FiltroTablero, columna: SQL) =>
  sql`${columna} between ${f.desde}::date and ${f.hasta}::date`;

/** Every day of the range, as 'AAAA-MM-DD'. */
const diasDelRango = (f: FiltroTablero) =>
  sql`select d::date as dia from generate_series(${f.desde}::date, ${f.hasta}::date, interval '1 day') d`;

/**
 * A day as 'AAAA-MM-DD' in rows read by Node (pg would make a Date of a date). JSON built by
 * PostgreSQL (`comoJsonDe`) takes the date itself: PostgreSQL writes a date in JSON as
 * 'AAAA-MM-DD' (ISO 8601) whatever the connection's DateStyle says, and to_char on each of 730
 * days was ~15 % of the days' JSON (docs/rendimiento.md).
 */
const texto = (dia: SQL) => sql`to_char(${dia}, 'YYYY-MM-DD')`;

export async function parametros(db: DbOTx, unineg: number): Promise<ParametrosTablero> {
  const { rows } = await db.execute<ParametrosTablero & Record<string, unknown>>(sql`
    select ${unineg}::int as unineg, p.capacidad_hora as "capacidadHora",
           p.tolerancia_faltante as "toleranciaFaltante"
    from (select 1) x left join parametros_tablero p on p.unineg = ${unineg}`);
  return rows[0]!;
}

/** A unit's settings, locked until the transaction ends; undefined when it has none. */
export async function bloquearParametros(
  tx: Tx,
  unineg: number,
): Promise<ParametrosTablero | undefined> {
  const { rows } = await tx.execute<ParametrosTablero & Record<string, unknown>>(sql`
    select unineg, capacidad_hora as "capacidadHora", tolerancia_faltante as "toleranciaFaltante"
    from parametros_tablero where unineg = ${unineg} for update`);
  return rows[0];
}

export async function guardarParametros(tx: Tx, p: ParametrosTablero): Promise<void> {
  await tx.execute(sql`
    insert into parametros_tablero (unineg, capacidad_hora, tolerancia_faltante)
    values (${p.unineg}, ${p.capacidadHora}, ${p.toleranciaFaltante})
    on conflict (unineg) do update set
      capacidad_hora = excluded.capacidad_hora,
      tolerancia_faltante = excluded.tolerancia_faltante, actualizado_en = now()`);
}

export async function existeUnidad(db: DbOTx, unineg: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from unidades_negocio where ctrl = ${unineg}`);
  return rows.length > 0;
}

/** The range's hours summed over the filtered clients (one row per hour with any activity). */
const horas = (f: FiltroTablero) => sql`
  select hora, sum(ingresados)::int as ingresados, sum(finalizados)::int as finalizados,
         sum(cupos_pedidos)::int as pedidos, sum(cupos_usados)::int as usados,
         sum(cupos_eliminados)::int as eliminados
  from tablero_horas
  where unineg = ${f.unineg} and ${empresaEnHoras(f)} and ${enRango(f, sql`hora`)}
  group by hora`;

/** Every day of the range with its row of tablero_dias, if any (one row per day). */
const dias = (f: FiltroTablero) => sql`
  (${diasDelRango(f)}) r
  left join tablero_dias d
    on d.codempre = ${f.codempre ?? 0} and d.unineg = ${f.unineg} and d.dia = r.dia`;

export const consultaCamionesPorDia = (f: FiltroTablero) => sql`
  select r.dia, coalesce(d.ingresados, 0) as ingresados,
         coalesce(d.finalizados, 0) as finalizados, coalesce(d.maximo_hora, 0) as "maximoHora"
  from ${dias(f)}
  order by r.dia`;

/**
 * The days as the contract's JSON built by PostgreSQL (`comoJsonDe`), with the unit's capacity
 * in the same statement; the hours (up to DIAS_MAXIMOS_POR_HORA days) through their contract in
 * Node, ordered by the instant and not by its local text (an hour repeated when the clocks go
 * back sorts by when it was).
 */
export async function camiones(
  db: Db,
  f: FiltroTablero,
  porHora: boolean,
): Promise<JsonDe<TableroCamionesRespuesta>> {
  type R = TableroCamionesRespuesta;
  const porDia = comoJsonDe<R['dias'][number]>(
    tableroCamionesRespuesta.shape.dias.element,
    consultaCamionesPorDia(f),
    sql`c.dia`,
  );
  const [fila, porHoras] = await Promise.all([
    leerPreparada<{ capacidad: string; json: string }>(
      db,
      sql`
      select coalesce((select capacidad_hora::text from parametros_tablero
                       where unineg = ${f.unineg}), 'null') as capacidad,
             (${porDia.sql}) as json`,
    ),
    porHora
      ? leerPreparada<R['horas'][number]>(
          db,
          sql`
          select ${fechaLocal(sql`hora`)} as hora, ingresados, finalizados
          from (${horas(f)}) h where ingresados <> 0 or finalizados <> 0
          order by h.hora`,
        )
      : Promise.resolve([]),
  ]);
  const { capacidad, json } = fila[0]!;
  const horasJson = JSON.stringify(tableroCamionesRespuesta.shape.horas.parse(porHoras));
  return `{"capacidadHora":${capacidad},"porHora":${porHora},"horas":${horasJson},"dias":${porDia.leer([{ json }])}}` as JsonDe<R>;
}

/** Every day of the range, as the contract's JSON built by PostgreSQL (`comoJsonDe`). */
export async function cupos(db: Db, f: FiltroTablero): Promise<JsonDe<TableroCuposRespuesta>> {
  const porDia = comoJsonDe<TableroCuposRespuesta['dias'][number]>(
    tableroCuposRespuesta.shape.dias.element,
    sql`
      select r.dia, coalesce(d.cupos_pedidos, 0) as pedidos,
             coalesce(d.cupos_usados, 0) as usados, coalesce(d.cupos_eliminados, 0) as eliminados
      from ${dias(f)}`,
    sql`c.dia`,
  );
  const rows = await leerPreparada<{ json: string }>(db, porDia.sql);
  return `{"dias":${porDia.leer(rows)}}` as JsonDe<TableroCuposRespuesta>;
}

/**
 * Tons per product and day, and the products that have any, as the contract's JSON built by
 * PostgreSQL in one statement: two years are ~2,200 rows, which pg decoding, zod checking and
 * Node writing again cost ~4 ms of the portal's CPU per call (docs/rendimiento.md). Each
 * product-day is its row's stored text (tablero_productos_dias.json, migration 0037: tons as
 * float8, the same shortest decimal that JSON.stringify writes of the number pg made of the
 * numeric), read with it from the index; writing 2,200 objects on every call was most of its
 * SQL.
 */
export async function toneladas(
  db: Db,
  f: FiltroTablero,
): Promise<JsonDe<TableroToneladasRespuesta>> {
  type R = TableroToneladasRespuesta;
  // Read twice from the index, not once into a materialized CTE: writing 2,200 rows into the
  // CTE and reading them back cost more than the second index scan (docs/rendimiento.md).
  const delRango = sql`
    from tablero_productos_dias
    where unineg = ${f.unineg} and ${empresaEnHoras(f)} and ${enDias(f, sql`dia`)}
      and despachadas <> 0`;
  const productos = comoJsonDe<R['productos'][number]>(
    tableroToneladasRespuesta.shape.productos.element,
    sql`select p.codpro, p.nompro from productos p where p.codpro in (select codpro ${delRango})`,
    sql`c.codpro`,
  );
  // Only products that exist, as the products' list.
  const dias = sql`
    select coalesce('[' || string_agg(json, ',' order by dia, codpro) || ']', '[]')
    ${delRango} and codpro in (select codpro from productos)`;
  const rows = await leerPreparada<{ json: string }>(
    db,
    sql`select '{"productos":' || (${productos.sql}) || ',"dias":' || (${dias}) || '}' as json`,
  );
  return rows[0]!.json as JsonDe<R>;
}

type Recorrido = TableroRecorridosRespuesta['rango'];

/**
 * The median and the 90th percentile of each stage over the whole range, exact (in minutes as
 * shown), from one sort per stage (an array of fractions): for ranges up to
 * DIAS_MAXIMOS_POR_HORA days.
 */
export const consultaRecorridos = (f: FiltroTablero) => sql`
  select count(*)::int as camiones,
         acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) within group (order by total_s)) as total,
         acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) within group (order by sin_orden_s)) as sin,
         acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) within group (order by con_orden_s)) as con,
         acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) within group (order by operando_s)) as ope
  from tablero_recorridos
  where unineg = ${f.unineg} and ${empresa(f, sql`codempre`)} and ${enRango(f, sql`finalizado_en`)}`;

/** A run of the minute counts summed (+1) or taken away (-1): months or days, both ends in. */
interface Tramo {
  tabla: 'meses' | 'dias';
  desde: string;
  hasta: string;
  signo: 1 | -1;
}

const MS_DIA = 86_400_000;
const mover = (dia: string, dias: number) =>
  new Date(Date.parse(`${dia}T00:00:00Z`) + dias * MS_DIA).toISOString().slice(0, 10);
const inicioDeMes = (dia: string) => `${dia.slice(0, 7)}-01`;
const finDeMes = (dia: string) => {
  const d = new Date(`${inicioDeMes(dia)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return mover(d.toISOString().slice(0, 10), -1);
};
const diasEntre = (desde: string, hasta: string) =>
  (Date.parse(hasta) - Date.parse(desde)) / MS_DIA + 1;

/**
 * A range of more than a month as whole months and the fewest days: the month of an end is
 * taken whole, less the days outside the range, when those are fewer than the days inside (a
 * range ending today takes this month less the days still to come, which have no rows).
 */
export function tramos(desde: string, hasta: string): Tramo[] {
  const t: Tramo[] = [];
  if (inicioDeMes(desde) === inicioDeMes(hasta)) return [{ tabla: 'dias', desde, hasta, signo: 1 }];
  let primerMes = inicioDeMes(desde);
  if (desde !== primerMes) {
    const fin = finDeMes(desde);
    if (diasEntre(primerMes, mover(desde, -1)) < diasEntre(desde, fin)) {
      t.push({ tabla: 'dias', desde: primerMes, hasta: mover(desde, -1), signo: -1 });
    } else {
      t.push({ tabla: 'dias', desde, hasta: fin, signo: 1 });
      primerMes = mover(fin, 1);
    }
  }
  let ultimoMes = inicioDeMes(hasta);
  const fin = finDeMes(hasta);
  if (hasta !== fin) {
    if (diasEntre(mover(hasta, 1), fin) < diasEntre(ultimoMes, hasta)) {
      t.push({ tabla: 'dias', desde: mover(hasta, 1), hasta: fin, signo: -1 });
    } else {
      t.push({ tabla: 'dias', desde: ultimoMes, hasta, signo: 1 });
      ultimoMes = mover(ultimoMes, -1);
    }
  }
  if (primerMes <= ultimoMes)
    t.push({ tabla: 'meses', desde: primerMes, hasta: ultimoMes, signo: 1 });
  return t;
}

/**
 * The histograms of each stage (trucks per whole minute, as pairs: migration 0031) over a range
 * wider than DIAS_MAXIMOS_POR_HORA days, from tablero_minutos_meses and tablero_minutos_dias
 * (see tramos), each with the sign of its run: about a hundred rows for two years. A month's
 * pairs come as the text stored with it (migration 0039), a day's written on the call.
 */
export const consultaMinutos = (f: FiltroTablero) => {
  const clave = sql`unineg = ${f.unineg} and codempre = ${f.codempre ?? 0} and camiones is not null`;
  const partes = tramos(f.desde, f.hasta).map((p) =>
    p.tabla === 'meses'
      ? sql`select etapa, ${p.signo}::int as signo, camiones_texto as camiones
            from tablero_minutos_meses
            where ${clave} and mes between ${p.desde}::date and ${p.hasta}::date`
      : sql`select etapa, ${p.signo}::int as signo, array_to_string(camiones, ',') as camiones
            from tablero_minutos_dias
            where ${clave} and dia between ${p.desde}::date and ${p.hasta}::date`,
  );
  return sql.join(partes, sql` union all `);
};

interface FilaRecorrido extends Record<string, unknown> {
  camiones: number;
  /** [p50, p90] in minutes, null when no truck of the group has the stage. */
  total: (number | null)[] | null;
  sin: (number | null)[] | null;
  con: (number | null)[] | null;
  ope: (number | null)[] | null;
}

const par = (m: (number | null)[] | null | undefined) => ({
  p50: m?.[0] ?? null,
  p90: m?.[1] ?? null,
});

const recorridoDe = (r: FilaRecorrido | undefined): Recorrido => ({
  camiones: r?.camiones ?? 0,
  total: par(r?.total),
  sinOrden: par(r?.sin),
  conOrden: par(r?.con),
  operando: par(r?.ope),
});

/**
 * percentile_cont over trucks counted per whole minute: `cuentas[i]` trucks at minute
 * `desde + i` (a minute with none or fewer counts nothing). The value at fraction q of the n
 * trucks, interpolated between the two trucks around it, in seconds.
 */
function percentil(cuentas: Int32Array, desde: number, n: number, q: number): number {
  const posicion = q * (n - 1);
  const valor = (i: number) => {
    let vistos = 0;
    for (let j = 0; j < cuentas.length; j++) {
      if (cuentas[j]! > 0) vistos += cuentas[j]!;
      if (i < vistos) return (desde + j) * 60;
    }
    return (desde + cuentas.length - 1) * 60;
  };
  const abajo = valor(Math.floor(posicion));
  return abajo + (posicion - Math.floor(posicion)) * (valor(Math.ceil(posicion)) - abajo);
}

async function rangoPorMinutos(db: Db, f: FiltroTablero): Promise<FilaRecorrido> {
  const rows = await leerPreparada<{ etapa: number; signo: number; camiones: string }>(
    db,
    consultaMinutos(f),
  );
  // Trucks per minute of each stage: the runs' histograms added (a run taken away subtracts),
  // into one array per stage from its lowest minute to its highest (pairs come by minute).
  // Typed arrays, summed and read in place: no object per minute for the collector.
  const pares = rows.map((r) => JSON.parse(`[${r.camiones}]`) as number[]);
  const bordes = [0, 1, 2, 3].map(() => ({ desde: Infinity, hasta: -Infinity }));
  rows.forEach((r, i) => {
    const b = bordes[r.etapa]!;
    b.desde = Math.min(b.desde, pares[i]![0]!);
    b.hasta = Math.max(b.hasta, pares[i]!.at(-2)!);
  });
  const densas = bordes.map((b) => new Int32Array(Math.max(0, b.hasta - b.desde + 1)));
  rows.forEach((r, i) => {
    const { desde } = bordes[r.etapa]!;
    const densa = densas[r.etapa]!;
    const p = pares[i]!;
    for (let j = 0; j < p.length; j += 2) densa[p[j]! - desde]! += r.signo * p[j + 1]!;
  });
  const camionesDe = (densa: Int32Array) => densa.reduce((s, c) => (c > 0 ? s + c : s), 0);
  const etapa = (e: number) => {
    const densa = densas[e]!;
    const n = camionesDe(densa);
    const minutos = (q: number) => Math.round(percentil(densa, bordes[e]!.desde, n, q) / 6) / 10;
    return n === 0 ? null : [minutos(0.5), minutos(0.9)];
  };
  return {
    camiones: camionesDe(densas[0]!),
    total: etapa(0),
    sin: etapa(1),
    con: etapa(2),
    ope: etapa(3),
  };
}

/**
 * Each day of the range as the contract's JSON, joined in PostgreSQL: a day with trucks is its
 * row's stored text (tablero_recorridos_dias.json, migration 0037, the object json_agg wrote from
 * the row on every call before), a day without them the same function on zeros. Building 730
 * days of four stages' objects on every two-year call was about half of its SQL
 * (docs/rendimiento.md).
 */
export const consultaRecorridosPorDia = (f: FiltroTablero) => ({
  sql: sql`
    select coalesce('[' || string_agg(
             coalesce(d.json, acopio_tablero_recorrido_dia_json(r.dia, 0, null, null, null, null)),
             ',' order by r.dia) || ']', '[]') as json
    from (${diasDelRango(f)}) r
    left join tablero_recorridos_dias d
      on d.codempre = ${f.codempre ?? 0} and d.unineg = ${f.unineg} and d.dia = r.dia`,
  leer: (rows: { json: string }[]) => rows[0]!.json as JsonDe<TableroRecorridosRespuesta['dias']>,
});

/**
 * Each day's figures from tablero_recorridos_dias (exact per day); the range's, exact from the
 * trucks up to DIAS_MAXIMOS_POR_HORA days, to the minute from the minute counts beyond (a sort
 * of every truck of two years took 600 ms).
 */
export async function recorridos(
  db: Db,
  f: FiltroTablero,
  exacto: boolean,
): Promise<{
  rango: Recorrido;
  dias: JsonDe<TableroRecorridosRespuesta['dias']>;
  demorados: JsonDe<TableroRecorridosRespuesta['demorados']>;
}> {
  const porDia = consultaRecorridosPorDia(f);
  const esperando = consultaDemorados(f);
  const [rango, listas] = await Promise.all([
    exacto
      ? leerPreparada<FilaRecorrido>(db, consultaRecorridos(f)).then((r) => r[0]!)
      : rangoPorMinutos(db, f),
    // The days and the waiting trucks in one statement: a round trip and a statement fewer.
    leerPreparada<{ dias: string; demorados: string }>(
      db,
      sql`select (${porDia.sql}) as dias, (${esperando.sql}) as demorados`,
    ),
  ]);
  const { dias, demorados } = listas[0]!;
  return {
    rango: recorridoDe(rango),
    dias: porDia.leer([{ json: dias }]),
    demorados: esperando.leer([{ json: demorados }]),
  };
}

/**
 * Trucks of the unit (and client) waiting now past their unit's thresholds, as the trucks screen
 * marks them: whole minutes since they entered their status, the warning and limit inclusive.
 * As the contract's JSON built by PostgreSQL, as the days. A truck waits past its warning when it
 * entered its status at least `aviso` minutes ago (whole minutes: floor(x) >= n iff x >= n), so
 * the yard of the unit is read by camiones_espera_idx (migration 0035) from the oldest wait up to
 * that instant, not every truck of every client (the index that starts with the company).
 */
export const consultaDemorados = (f: Pick<FiltroTablero, 'unineg' | 'codempre'>) =>
  comoJsonDe<TableroRecorridosRespuesta['demorados'][number]>(
    camionDemorado,
    sql`
      select c.ctrl, c.codempre, e.nomempre, c.patcha, c.codestado::int as codestado, s.nomestado,
             ${fechaLocal(sql`c.estado_desde`)} as "estadoDesde", m.minutos,
             case when m.minutos >= m.limite then 'excedido' else 'demorado' end as nivel
      from umbrales_espera u
      cross join (values (1::smallint), (2::smallint)) x(codestado)
      join camiones c
        on c.unineg = u.unineg and c.codestado = x.codestado
       and c.estado_desde <= now() - make_interval(mins =>
             case x.codestado when 1 then u.sin_orden_aviso else u.con_orden_aviso end)
      join empresas e on e.codempre = c.codempre
      join estados_camion s on s.codestado = c.codestado
      cross join lateral (
        select greatest(0, floor(extract(epoch from now() - c.estado_desde) / 60))::int as minutos,
               case c.codestado when 1 then u.sin_orden_aviso else u.con_orden_aviso end as aviso,
               case c.codestado when 1 then u.sin_orden_limite else u.con_orden_limite end as limite
      ) m
      where u.unineg = ${f.unineg} and c.codestado in (1, 2) and ${empresa(f, sql`c.codempre`)}
        and m.minutos >= m.aviso`,
    sql`c.minutos desc, c.ctrl`,
  );

/** Shortfall listed only when the unit has a tolerance; excess always (migration 0024). */
const condicionDesvio = (tolerancia: number | null) =>
  sql`acopio_tablero_desvio(r.neto_kg, r.maximo_kg, ${tolerancia}::numeric)`;

export const consultaDesvios = (f: FiltroTablero, tolerancia: number | null) => sql`
  select r.camion_ctrl, r.codempre, r.finalizado_en, r.neto_kg, r.maximo_kg, r.patcha, r.ticket,
         r.tara, r.bruto
  from tablero_recorridos r
  where r.unineg = ${f.unineg} and ${empresa(f, sql`r.codempre`)}
    and ${enRango(f, sql`r.finalizado_en`)} and ${condicionDesvio(tolerancia)}`;

/**
 * The count of deviations and the latest DESVIOS_MAXIMOS of them, the list as the contract's JSON
 * text built by PostgreSQL: 500 rows of 13 fields decoded by pg, checked by zod and written again
 * by Node were most of the call's CPU (docs/rendimiento.md). Each row is written by
 * acopio_tablero_desvio_json (migration 0038), the contract's object joined as text: json_agg of
 * the same fields (`comoJsonDe`, as tablero.test.ts builds it) cost ~20 % more of the statement.
 */
export async function desvios(
  db: Db,
  f: FiltroTablero,
  tolerancia: number | null,
): Promise<{ total: number; desvios: JsonDe<TableroDesviosRespuesta['desvios']> }> {
  // The plate and the last ticket with a gross weight come in the truck's row (migration 0034),
  // not looked up per row; a truck with none (never, with a net weight) is left out, as the join
  // to its ticket left it out before. Newest first, as the scan of the index reads them.
  const lista = sql`
    select coalesce('[' || string_agg(
             acopio_tablero_desvio_json(p.camion_ctrl, p.codempre, e.nomempre, p.patcha,
                                        ${fechaLocal(sql`p.finalizado_en`)}, p.ticket, p.tara,
                                        p.bruto, p.neto_kg, p.maximo_kg),
             ',' order by p.finalizado_en desc, p.camion_ctrl desc) || ']', '[]')
    from (
      ${consultaDesvios(f, tolerancia)} and r.ticket is not null
      order by r.finalizado_en desc, r.camion_ctrl desc limit ${DESVIOS_MAXIMOS}
    ) p
    join empresas e on e.codempre = p.codempre`;
  // The count and the list in one statement: a round trip and a statement fewer per call. The
  // count is per day under the unit's tolerance, by migration 0024's triggers, read from the days'
  // index alone (migration 0037).
  const rows = await leerPreparada<{ total: number; json: string }>(
    db,
    sql`
    select (select coalesce(sum(desvios), 0)::int from tablero_recorridos_dias
            where codempre = ${f.codempre ?? 0} and unineg = ${f.unineg}
              and ${enDias(f, sql`dia`)}) as total,
           (${lista}) as json`,
  );
  return {
    total: rows[0]!.total,
    desvios: rows[0]!.json as JsonDe<TableroDesviosRespuesta['desvios']>,
  };
}

// ---------------------------------------------------------------------------------------------
// Turns (issue 24)

/**
 * Bookings not cancelled of the unit (and client) in the range, read through turnos_unidad_idx
 * (migration 0027: unit, day, hour, with the company, status and classification in the index).
 * A booking's day and band are the terminal's calendar already (turnos.fecha, turnos.hora).
 */
const turnosDelRango = (f: FiltroTablero) => sql`
  select fecha, hora, codempre, estado, clasificacion from turnos
  where unineg = ${f.unineg} and fecha between ${f.desde}::date and ${f.hasta}::date
    and estado <> 'cancelado' and ${empresa(f, sql`codempre`)}`;

const cuentasDeTurnos = sql`count(*)::int as reservados,
  (count(*) filter (where estado = 'presente'))::int as presentes,
  (count(*) filter (where estado = 'ausente'))::int as ausentes`;

/**
 * Each band's capacity, hour by hour (up to DIAS_MAXIMOS_POR_HORA days: at most 744 bands per
 * calendar), summed over the unit's calendars: the date's exception, else the weekday's template.
 */
export const consultaTurnosPorHora = (f: FiltroTablero) => sql`
  with capacidad as (
    select d.fecha, h.hora, sum(coalesce(e.capacidad, p.capacidad, 0))::int as capacidad
    from turnos_calendarios c
    cross join (select g::date as fecha
                from generate_series(${f.desde}::date, ${f.hasta}::date, interval '1 day') g) d
    cross join generate_series(0, 23) h(hora)
    left join turnos_excepciones e
      on e.calendario_id = c.id and e.fecha = d.fecha and e.hora = h.hora
    left join turnos_plantilla p
      on p.calendario_id = c.id and p.dia_semana = extract(isodow from d.fecha) and p.hora = h.hora
    where c.unineg = ${f.unineg}
    group by d.fecha, h.hora
  ),
  reservas as (
    select fecha, hora, ${cuentasDeTurnos} from (${turnosDelRango(f)}) t group by fecha, hora
  )
  select ${fechaLocal(sql`(fecha + make_interval(hours => hora::int))`)} as hora,
         coalesce(c.capacidad, 0) as capacidad, coalesce(r.reservados, 0) as reservados,
         coalesce(r.presentes, 0) as presentes, coalesce(r.ausentes, 0) as ausentes
  from capacidad c full join reservas r using (fecha, hora)
  where coalesce(c.capacidad, 0) > 0 or coalesce(r.reservados, 0) > 0
  order by fecha, hora`;

/**
 * Every day of the range: its capacity as the template's day (per weekday, summed over the
 * unit's calendars) corrected by the range's exceptions (each replaces its band's template
 * places), so ten years read 7 template sums and the exceptions, not 87,840 bands.
 */
export const consultaTurnosPorDia = (f: FiltroTablero) => sql`
  with calendarios as (select id from turnos_calendarios where unineg = ${f.unineg}),
  semana as (
    select p.dia_semana, sum(p.capacidad)::int as capacidad
    from turnos_plantilla p where p.calendario_id in (select id from calendarios)
    group by p.dia_semana
  ),
  excepciones as (
    select e.fecha, sum(e.capacidad - coalesce(p.capacidad, 0))::int as diferencia
    from turnos_excepciones e
    left join turnos_plantilla p
      on p.calendario_id = e.calendario_id and p.dia_semana = extract(isodow from e.fecha)
      and p.hora = e.hora
    where e.calendario_id in (select id from calendarios)
      and e.fecha between ${f.desde}::date and ${f.hasta}::date
    group by e.fecha
  ),
  reservas as (
    select fecha, ${cuentasDeTurnos} from (${turnosDelRango(f)}) t group by fecha
  )
  select ${texto(sql`r.dia`)} as dia,
         (coalesce(s.capacidad, 0) + coalesce(x.diferencia, 0))::int as capacidad,
         coalesce(t.reservados, 0) as reservados, coalesce(t.presentes, 0) as presentes,
         coalesce(t.ausentes, 0) as ausentes
  from (${diasDelRango(f)}) r
  left join semana s on s.dia_semana = extract(isodow from r.dia)
  left join excepciones x on x.fecha = r.dia
  left join reservas t on t.fecha = r.dia
  order by r.dia`;

/** Punctuality per company: how its settled bookings came (or did not). */
export const consultaPuntualidad = (f: FiltroTablero) => sql`
  select t.codempre, e.nomempre, t.reservados, t."aTiempo", t.temprano, t.tarde, t.ausentes,
         case when t.presentes + t.ausentes > 0
              then round(t."aTiempo" * 100.0 / (t.presentes + t.ausentes), 1)::float8 end
           as puntualidad
  from (
    select codempre, ${cuentasDeTurnos},
           (count(*) filter (where clasificacion = 'a_tiempo'))::int as "aTiempo",
           (count(*) filter (where clasificacion = 'temprano'))::int as temprano,
           (count(*) filter (where clasificacion = 'tarde'))::int as tarde
    from (${turnosDelRango(f)}) x group by codempre
  ) t join empresas e on e.codempre = t.codempre
  order by e.nomempre, t.codempre`;

export async function turnos(
  db: DbOTx,
  f: FiltroTablero,
  porHora: boolean,
): Promise<Omit<TableroTurnosRespuesta, 'porHora'>> {
  type R = TableroTurnosRespuesta;
  const [horas, dias, empresas] = await Promise.all([
    porHora
      ? db.execute<R['horas'][number] & Record<string, unknown>>(consultaTurnosPorHora(f))
      : Promise.resolve({ rows: [] }),
    db.execute<R['dias'][number] & Record<string, unknown>>(consultaTurnosPorDia(f)),
    db.execute<R['empresas'][number] & Record<string, unknown>>(consultaPuntualidad(f)),
  ]);
  return { horas: horas.rows, dias: dias.rows, empresas: empresas.rows };
}

// ---------------------------------------------------------------------------------------------
// Checking and rebuilding the rollups

/** A rollup row that differs from its recomputation: what is stored and what it should be. */
export interface DiferenciaTablero extends Record<string, unknown> {
  tabla: string;
  clave: string;
  guardado: string | null;
  calculado: string | null;
}

/**
 * A day rollup against its view (migration 0024), by key; a stored row whose figures are all
 * zero or null equals a missing one (a day whose trucks all left, deltas that cancel).
 */
const comparar = (tabla: string, clave: string[], cifras: string[], ceros: string[]) => {
  const usando = clave.join(', ');
  const fila = (t: string) => sql.raw(`row(${cifras.map((c) => `${t}.${c}`).join(', ')})::text`);
  const llave = sql.raw(
    `concat_ws(' ', ${clave.map((c) => `coalesce(g.${c}, c.${c})`).join(', ')})`,
  );
  const vacia = (t: string) =>
    sql.raw(
      `(${t}.${clave[0]} is null or (${cifras.map((c, i) => `${t}.${c} is not distinct from ${ceros[i]}`).join(' and ')}))`,
    );
  return sql`${sql.raw(tabla.replace('tablero_', ''))} as (
      select ${sql.raw(`'${tabla}'`)} as tabla, ${llave} as clave,
             case when g.${sql.raw(clave[0]!)} is not null then ${fila('g')} end as guardado,
             case when c.${sql.raw(clave[0]!)} is not null then ${fila('c')} end as calculado
      from ${sql.raw(tabla)} g full join ${sql.raw(`${tabla}_calculo`)} c using (${sql.raw(usando)})
      where ${fila('g')} is distinct from ${fila('c')} and not (${vacia('g')} and ${vacia('c')})
    )`;
};

const diferenciasDeDias = sql.join(
  [
    comparar(
      'tablero_dias',
      ['codempre', 'unineg', 'dia'],
      [
        'ingresados',
        'finalizados',
        'maximo_hora',
        'cupos_pedidos',
        'cupos_usados',
        'cupos_eliminados',
      ],
      ['0', '0', '0', '0', '0', '0'],
    ),
    comparar(
      'tablero_productos_dias',
      ['codempre', 'unineg', 'dia', 'codpro'],
      ['despachadas'],
      ['0'],
    ),
    comparar(
      'tablero_recorridos_dias',
      ['codempre', 'unineg', 'dia'],
      ['camiones', 'total', 'sin_orden', 'con_orden', 'operando', 'desvios'],
      ['0', 'null', 'null', 'null', 'null', '0'],
    ),
    comparar(
      'tablero_minutos_dias',
      ['codempre', 'unineg', 'dia', 'etapa'],
      ['camiones'],
      ['null'],
    ),
    comparar(
      'tablero_minutos_meses',
      ['codempre', 'unineg', 'mes', 'etapa'],
      ['camiones'],
      ['null'],
    ),
  ],
  sql`,`,
);

/**
 * Rollup rows that differ from a recomputation from scratch (none, unless someone wrote around
 * the triggers). A stored row of zeros equals a missing one: deltas that cancel leave it.
 */
export async function diferencias(db: DbOTx): Promise<DiferenciaTablero[]> {
  const { rows } = await db.execute<DiferenciaTablero>(sql`
    with horas as (
      select 'tablero_horas' as tabla,
             concat_ws(' ', coalesce(g.codempre, c.codempre), coalesce(g.unineg, c.unineg),
                       to_char(coalesce(g.hora, c.hora), 'YYYY-MM-DD"T"HH24:MI')) as clave,
             row(g.ingresados, g.finalizados, g.cupos_pedidos, g.cupos_usados, g.cupos_eliminados)::text as guardado,
             row(c.ingresados, c.finalizados, c.cupos_pedidos, c.cupos_usados, c.cupos_eliminados)::text as calculado
      from tablero_horas g
      full join tablero_horas_calculo c using (codempre, unineg, hora)
      where (coalesce(g.ingresados, 0), coalesce(g.finalizados, 0), coalesce(g.cupos_pedidos, 0),
             coalesce(g.cupos_usados, 0), coalesce(g.cupos_eliminados, 0))
            is distinct from
            (coalesce(c.ingresados, 0), coalesce(c.finalizados, 0), coalesce(c.cupos_pedidos, 0),
             coalesce(c.cupos_usados, 0), coalesce(c.cupos_eliminados, 0))
    ),
    productos as (
      select 'tablero_productos_horas',
             concat_ws(' ', coalesce(g.codempre, c.codempre), coalesce(g.unineg, c.unineg),
                       coalesce(g.codpro, c.codpro),
                       to_char(coalesce(g.hora, c.hora), 'YYYY-MM-DD"T"HH24:MI')),
             g.despachadas::text, c.despachadas::text
      from tablero_productos_horas g
      full join tablero_productos_horas_calculo c using (codempre, unineg, codpro, hora)
      where coalesce(g.despachadas, 0) <> coalesce(c.despachadas, 0)
    ),
    recorridos as (
      select 'tablero_recorridos', coalesce(g.camion_ctrl, c.camion_ctrl)::text,
             case when g.camion_ctrl is not null then
               row(g.codempre, g.unineg, g.finalizado_en, g.total_s, g.sin_orden_s, g.con_orden_s,
                   g.operando_s, g.neto_kg, g.maximo_kg, g.patcha, g.ticket, g.tara, g.bruto)::text end,
             case when c.camion_ctrl is not null then
               row(c.codempre, c.unineg, c.finalizado_en, c.total_s, c.sin_orden_s, c.con_orden_s,
                   c.operando_s, c.neto_kg, c.maximo_kg, c.patcha, c.ticket, c.tara, c.bruto)::text end
      from tablero_recorridos g
      full join tablero_recorridos_calculo c using (camion_ctrl)
      where row(g.camion_ctrl, g.codempre, g.unineg, g.finalizado_en, g.total_s, g.sin_orden_s,
                g.con_orden_s, g.operando_s, g.neto_kg, g.maximo_kg, g.patcha, g.ticket, g.tara,
                g.bruto)
            is distinct from
            row(c.camion_ctrl, c.codempre, c.unineg, c.finalizado_en, c.total_s, c.sin_orden_s,
                c.con_orden_s, c.operando_s, c.neto_kg, c.maximo_kg, c.patcha, c.ticket, c.tara,
                c.bruto)
    ),
    ${diferenciasDeDias}
    select * from horas union all select * from productos union all select * from recorridos
    union all select * from dias union all select * from productos_dias
    union all select * from recorridos_dias union all select * from minutos_dias
    union all select * from minutos_meses
    order by 1, 2`);
  return rows;
}

/**
 * Rebuilds every rollup from its sources. The locks make writers wait (their triggers write to
 * these tables) and let the ones in flight finish first, so nothing is counted twice or lost.
 *
 * Since migration 0036 a writer adds to the hourly and daily rollups only at its commit, but
 * rewrites its trucks' rows of tablero_recorridos at its statements: that table is locked first,
 * so a writer in flight (holding it) commits, folding into tables not yet locked, before this
 * goes on; in another order the two would wait for each other. This transaction's own pending
 * changes, if any, are folded first, or they would be added again on top of the rebuild.
 */
export async function recalcularTodo(tx: DbOTx): Promise<{
  horas: number;
  productos: number;
  recorridos: number;
  dias: number;
  recorridosDias: number;
}> {
  await tx.execute(sql`set constraints all immediate`);
  await tx.execute(sql`
    lock table tablero_recorridos, tablero_horas, tablero_productos_horas, tablero_dias,
      tablero_productos_dias, tablero_recorridos_dias, tablero_minutos_dias, tablero_minutos_meses
    in exclusive mode`);
  // The day rollups are copied from their views below, not rebuilt day by day by the triggers.
  await tx.execute(sql`set local acopio.tablero_sin_dias = 'si'`);
  const cuantas = async (tabla: string) => {
    await tx.execute(sql.raw(`delete from ${tabla}`));
    return (
      (await tx.execute(sql.raw(`insert into ${tabla} select * from ${tabla}_calculo`))).rowCount ??
      0
    );
  };
  const filas = {
    horas: await cuantas('tablero_horas'),
    productos: await cuantas('tablero_productos_horas'),
    recorridos: await cuantas('tablero_recorridos'),
    dias: await cuantas('tablero_dias'),
    recorridosDias: await cuantas('tablero_recorridos_dias'),
  };
  await cuantas('tablero_productos_dias');
  await cuantas('tablero_minutos_dias');
  await cuantas('tablero_minutos_meses');
  await tx.execute(sql`set local acopio.tablero_sin_dias = ''`);
  return filas;
}
