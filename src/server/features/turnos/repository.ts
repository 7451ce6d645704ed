import { sql } from 'drizzle-orm';
import type {
  ComprobanteTurno,
  FranjaDisponible,
  FranjaOcupada,
  ParametrosTurnos,
  PausaTurnos,
  Turno,
  TurnoPausado,
} from '../../../shared/contracts/turnos';
import { CANAL_TURNOS, type EventoTurno } from '../../../shared/contracts/en-vivo';
import { DIAS_MAXIMOS_CONSULTA } from '../../../shared/contracts/turnos';
import type { Db, DbOTx, Tx } from '../../db/client';
import { fechaLocal, listaEnteros, sentenciaPreparada, type Valor } from '../../db/sql';

type Fila<T> = T & Record<string, unknown>;

/** Live bookings: the ones that hold a place. */
const VIVO = sql`estado in ('reservado', 'presente')`;

// ---------------------------------------------------------------------------------------------
// Calendars and rules

export async function existeUnidad(db: DbOTx, unineg: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from unidades_negocio where ctrl = ${unineg}`);
  return rows.length > 0;
}

export async function despachoEsDeUnidad(
  db: DbOTx,
  coddespacho: number,
  unineg: number,
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from tipos_despacho where coddespacho = ${coddespacho} and unineg = ${unineg}`);
  return rows.length > 0;
}

/** The calendar of a unit (and type), if it has one. */
export async function calendario(
  db: DbOTx,
  unineg: number,
  coddespacho: number | null,
): Promise<number | undefined> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from turnos_calendarios
    where unineg = ${unineg} and coalesce(coddespacho, 0) = ${coddespacho ?? 0}`);
  return rows[0]?.id;
}

/** The calendar of a unit (and type), made the first time an administrator sets it. */
export async function asegurarCalendario(
  tx: Tx,
  unineg: number,
  coddespacho: number | null,
): Promise<number> {
  await tx.execute(sql`
    insert into turnos_calendarios (unineg, coddespacho) values (${unineg}, ${coddespacho})
    on conflict (unineg, coalesce(coddespacho, 0)) do nothing`);
  return (await calendario(tx, unineg, coddespacho))!;
}

/** Where a quota of this type books: its type's own calendar, else the unit's general one. */
export async function calendarioDeCupo(
  db: DbOTx,
  unineg: number,
  coddespacho: number,
): Promise<number | undefined> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from turnos_calendarios
    where unineg = ${unineg} and (coddespacho = ${coddespacho} or coddespacho is null)
    order by coddespacho nulls last limit 1`);
  return rows[0]?.id;
}

const COLUMNAS_PARAMETROS = sql`unineg, dias_anticipacion as "diasAnticipacion",
  cierre_dias_antes as "cierreDiasAntes", cierre_hora as "cierreHora",
  cambio_minutos_antes as "cambioMinutosAntes", tolerancia_minutos as "toleranciaMinutos",
  cuota_empresa_pct as "cuotaEmpresaPct"`;

/** A unit's rules as set; undefined when never set. `bloquear`: locked until the end. */
export async function parametros(
  db: DbOTx,
  unineg: number,
  bloquear = false,
): Promise<ParametrosTurnos | undefined> {
  const { rows } = await db.execute<Fila<ParametrosTurnos>>(sql`
    select ${COLUMNAS_PARAMETROS} from turnos_parametros where unineg = ${unineg}
    ${bloquear ? sql`for update` : sql``}`);
  return rows[0];
}

export async function guardarParametros(tx: Tx, p: ParametrosTurnos): Promise<void> {
  await tx.execute(sql`
    insert into turnos_parametros (unineg, dias_anticipacion, cierre_dias_antes, cierre_hora,
      cambio_minutos_antes, tolerancia_minutos, cuota_empresa_pct)
    values (${p.unineg}, ${p.diasAnticipacion}, ${p.cierreDiasAntes}, ${p.cierreHora},
      ${p.cambioMinutosAntes}, ${p.toleranciaMinutos}, ${p.cuotaEmpresaPct})
    on conflict (unineg) do update set
      dias_anticipacion = excluded.dias_anticipacion, cierre_dias_antes = excluded.cierre_dias_antes,
      cierre_hora = excluded.cierre_hora, cambio_minutos_antes = excluded.cambio_minutos_antes,
      tolerancia_minutos = excluded.tolerancia_minutos,
      cuota_empresa_pct = excluded.cuota_empresa_pct, actualizado_en = now()`);
}

export interface FranjaPlantilla {
  diaSemana: number;
  hora: number;
  capacidad: number;
}

export async function plantilla(db: DbOTx, calendarioId: number): Promise<FranjaPlantilla[]> {
  const { rows } = await db.execute<Fila<FranjaPlantilla>>(sql`
    select dia_semana as "diaSemana", hora, capacidad from turnos_plantilla
    where calendario_id = ${calendarioId} order by dia_semana, hora`);
  return rows;
}

export async function reemplazarPlantilla(
  tx: Tx,
  calendarioId: number,
  franjas: FranjaPlantilla[],
): Promise<void> {
  await tx.execute(sql`delete from turnos_plantilla where calendario_id = ${calendarioId}`);
  if (franjas.length === 0) return;
  await tx.execute(sql`
    insert into turnos_plantilla (calendario_id, dia_semana, hora, capacidad)
    select ${calendarioId}, d, h, c
    from unnest(${listaEnteros(franjas.map((f) => f.diaSemana))},
                ${listaEnteros(franjas.map((f) => f.hora))},
                ${listaEnteros(franjas.map((f) => f.capacidad))}) as x(d, h, c)`);
}

export interface FranjaExcepcion {
  fecha: string;
  hora: number;
  capacidad: number;
}

export async function excepciones(
  db: DbOTx,
  calendarioId: number,
  desde: string,
  hasta: string,
): Promise<FranjaExcepcion[]> {
  const { rows } = await db.execute<Fila<FranjaExcepcion>>(sql`
    select to_char(fecha, 'YYYY-MM-DD') as fecha, hora, capacidad from turnos_excepciones
    where calendario_id = ${calendarioId} and fecha between ${desde} and ${hasta}
    order by fecha, hora`);
  return rows;
}

export async function reemplazarExcepciones(
  tx: Tx,
  calendarioId: number,
  fecha: string,
  franjas: { hora: number; capacidad: number }[],
): Promise<void> {
  await tx.execute(sql`
    delete from turnos_excepciones where calendario_id = ${calendarioId} and fecha = ${fecha}`);
  if (franjas.length === 0) return;
  await tx.execute(sql`
    insert into turnos_excepciones (calendario_id, fecha, hora, capacidad)
    select ${calendarioId}, ${fecha}::date, h, c
    from unnest(${listaEnteros(franjas.map((f) => f.hora))},
                ${listaEnteros(franjas.map((f) => f.capacidad))}) as x(h, c)`);
}

/**
 * The 7 days from `desde` as they are (template and exceptions: every hour's capacity), written
 * as exceptions onto the same weekdays of the next `semanas` weeks, replacing theirs. Returns
 * how many days were written.
 */
export async function copiarSemana(
  tx: Tx,
  calendarioId: number,
  desde: string,
  semanas: number,
): Promise<number> {
  const destinos = sql`
    select o.fecha::date + 7 * s as fecha, o.fecha::date as origen
    from generate_series(${desde}::date, ${desde}::date + 6, interval '1 day') as o(fecha)
    cross join generate_series(1, ${semanas}) as s`;
  await tx.execute(sql`
    delete from turnos_excepciones e using (${destinos}) d
    where e.calendario_id = ${calendarioId} and e.fecha = d.fecha`);
  await tx.execute(sql`
    insert into turnos_excepciones (calendario_id, fecha, hora, capacidad)
    select ${calendarioId}, d.fecha, h, ${capacidadSql(calendarioId, sql`d.origen::date`, sql`h`)}
    from (${destinos}) d cross join generate_series(0, 23) as h`);
  return 7 * semanas;
}

/** A band's capacity: the date's exception, else the weekday's template, else 0. */
function capacidadSql(
  calendarioId: number,
  fecha: ReturnType<typeof sql>,
  hora: ReturnType<typeof sql>,
) {
  return sql`coalesce(
    (select e.capacidad from turnos_excepciones e
     where e.calendario_id = ${calendarioId} and e.fecha = ${fecha} and e.hora = ${hora}),
    (select p.capacidad from turnos_plantilla p
     where p.calendario_id = ${calendarioId} and p.dia_semana = extract(isodow from ${fecha})
       and p.hora = ${hora}),
    0)`;
}

// ---------------------------------------------------------------------------------------------
// Pauses

const COLUMNAS_PAUSA = sql`id, to_char(fecha, 'YYYY-MM-DD') as fecha, hora, motivo,
  ${fechaLocal(sql`creado_en`)} as "creadoEn"`;

/** The pauses in force from `desde` to `hasta`. */
export async function pausas(
  db: DbOTx,
  calendarioId: number,
  desde: string,
  hasta: string,
): Promise<PausaTurnos[]> {
  const { rows } = await db.execute<Fila<PausaTurnos>>(sql`
    select ${COLUMNAS_PAUSA} from turnos_pausas
    where calendario_id = ${calendarioId} and levantada_en is null
      and fecha between ${desde} and ${hasta}
    order by fecha, hora nulls first, id`);
  return rows;
}

/** The reason a band is paused (its own pause or its day's), or undefined. */
export async function pausaDeFranja(
  db: DbOTx,
  calendarioId: number,
  fecha: string,
  hora: number,
): Promise<string | undefined> {
  const { rows } = await db.execute<{ motivo: string }>(sql`
    select motivo from turnos_pausas
    where calendario_id = ${calendarioId} and fecha = ${fecha} and levantada_en is null
      and (hora is null or hora = ${hora})
    order by hora nulls first, id limit 1`);
  return rows[0]?.motivo;
}

export async function insertarPausa(
  tx: Tx,
  p: {
    calendarioId: number;
    fecha: string;
    hora: number | null;
    motivo: string;
    por: number | null;
  },
): Promise<PausaTurnos> {
  const { rows } = await tx.execute<Fila<PausaTurnos>>(sql`
    insert into turnos_pausas (calendario_id, fecha, hora, motivo, creado_por)
    values (${p.calendarioId}, ${p.fecha}, ${p.hora}, ${p.motivo}, ${p.por})
    returning ${COLUMNAS_PAUSA}`);
  return rows[0]!;
}

export interface PausaBloqueada extends PausaTurnos {
  unineg: number;
  coddespacho: number | null;
  levantada: boolean;
}

export async function bloquearPausa(tx: Tx, id: number): Promise<PausaBloqueada | undefined> {
  const { rows } = await tx.execute<Fila<PausaBloqueada>>(sql`
    select p.id, to_char(p.fecha, 'YYYY-MM-DD') as fecha, p.hora, p.motivo,
      ${fechaLocal(sql`p.creado_en`)} as "creadoEn", c.unineg, c.coddespacho,
      p.levantada_en is not null as levantada
    from turnos_pausas p join turnos_calendarios c on c.id = p.calendario_id
    where p.id = ${id} for update of p`);
  return rows[0];
}

export async function levantarPausa(tx: Tx, id: number, por: number | null): Promise<void> {
  await tx.execute(sql`
    update turnos_pausas set levantada_en = now(), levantada_por = ${por} where id = ${id}`);
}

// ---------------------------------------------------------------------------------------------
// Bands and bookings

/**
 * Locks the band until the transaction ends, creating its row the first time. Every booking
 * into a band (a new one, a change into it) takes this lock before counting the band, so they
 * run one after the other: the count each one reads is final. (`do update` locks the row in the
 * same statement, also when another transaction has just inserted it.)
 */
export async function bloquearFranja(
  tx: Tx,
  calendarioId: number,
  fecha: string,
  hora: number,
): Promise<void> {
  await tx.execute(sql`
    insert into turnos_franjas (calendario_id, fecha, hora) values (${calendarioId}, ${fecha}, ${hora})
    on conflict (calendario_id, fecha, hora) do update set hora = excluded.hora`);
}

/**
 * Locks several bands of a calendar in key order (the order the counts' trigger writes them): a
 * booking moved from one band to another takes both before its update, so two moves crossing
 * between the same two bands wait for each other instead of deadlocking.
 */
export async function bloquearFranjas(
  tx: Tx,
  calendarioId: number,
  franjas: readonly { fecha: string; hora: number }[],
): Promise<void> {
  const ordenadas = [...franjas].sort((a, b) =>
    a.fecha === b.fecha ? a.hora - b.hora : a.fecha < b.fecha ? -1 : 1,
  );
  for (const f of ordenadas) await bloquearFranja(tx, calendarioId, f.fecha, f.hora);
}

export interface EstadoFranja {
  capacidad: number;
  reservados: number;
  deEmpresa: number;
}

/** A band's capacity, live bookings and those of one company (read under its lock). */
export async function estadoFranja(
  tx: DbOTx,
  calendarioId: number,
  fecha: string,
  hora: number,
  codempre: number,
): Promise<EstadoFranja> {
  const { rows } = await tx.execute<Fila<EstadoFranja>>(sql`
    select ${capacidadSql(calendarioId, sql`${fecha}::date`, sql`${hora}::int`)}::int as capacidad,
      count(t.id)::int as reservados,
      (count(t.id) filter (where t.codempre = ${codempre}))::int as "deEmpresa"
    from turnos t
    where t.calendario_id = ${calendarioId} and t.fecha = ${fecha} and t.hora = ${hora}
      and ${VIVO}`);
  return rows[0]!;
}

export type FranjaContada = Omit<FranjaDisponible, 'libres' | 'abierta'> &
  Pick<FranjaOcupada, 'presentes' | 'ausentes'>;

/**
 * A calendar: its id, or a unit's (and type's) looked up in the same statement, as
 * `calendarioDeCupo` does (the type's own calendar, else the unit's general one; the general one
 * when `coddespacho` is null). One round trip instead of two for a request that names a unit.
 */
export type CalendarioDe = number | { unineg: Valor<number>; coddespacho: Valor<number> | null };

const idDeCalendario = (c: CalendarioDe) =>
  typeof c === 'number'
    ? sql`${c}::int`
    : sql`(select id from turnos_calendarios
           where unineg = ${c.unineg}::int
             and (coddespacho = ${c.coddespacho}::int or coddespacho is null)
           order by coddespacho nulls last limit 1)`;

/**
 * Every band of the calendar from `desde` to `hasta` with a capacity or bookings, as the
 * statement's CTEs and its FROM … WHERE: the bands' queries select from it, one row per band
 * (`consultaFranjas`) or one per day (`consultaDisponibilidad`). In scope: `d.fecha` and `h` (the
 * band), `e.capacidad` (the date's exception) and `p.capacidad` (the weekday's template), `c` (the
 * band's counts: `turnos_franjas`, kept by triggers on `turnos`, migration 0033, read by key, not
 * the bookings counted), and the reason of a pause in force, the day's first (`pd`) or else the
 * band's first (`pf`), as `pausaDeFranja` orders them; the range's pauses are read once. The days
 * come from a series of constant length cut at `hasta`, so that the plan's estimates do not
 * depend on the values and a prepared statement's generic plan is as good as a fresh one (see
 * `disponibilidadDeUnidad`).
 */
function franjasDelRango(calendario: CalendarioDe, desde: Valor<string>, hasta: Valor<string>) {
  return {
    con: sql`
      with cal as materialized (select ${idDeCalendario(calendario)} as id),
      dias as (
        select ${desde}::date + n as fecha
        from generate_series(0, ${sql.raw(String(DIAS_MAXIMOS_CONSULTA - 1))}) n
        where n <= ${hasta}::date - ${desde}::date
      ),
      cuenta as (
        select fecha, hora, reservados, presentes, ausentes from turnos_franjas
        where calendario_id = (select id from cal)
          and fecha between ${desde}::date and ${hasta}::date
          and (reservados > 0 or ausentes > 0)
      ),
      en_vigor as (
        select fecha, hora, motivo, id from turnos_pausas
        where calendario_id = (select id from cal) and levantada_en is null
          and fecha between ${desde}::date and ${hasta}::date
      ),
      pausa_dia as (
        select distinct on (fecha) fecha, motivo from en_vigor where hora is null order by fecha, id
      ),
      pausa_franja as (
        select distinct on (fecha, hora) fecha, hora, motivo from en_vigor
        where hora is not null order by fecha, hora, id
      )`,
    desde: sql`
      from dias d cross join generate_series(0, 23) h
      left join turnos_excepciones e
        on e.calendario_id = (select id from cal) and e.fecha = d.fecha and e.hora = h
      left join turnos_plantilla p
        on p.calendario_id = (select id from cal) and p.dia_semana = extract(isodow from d.fecha)
        and p.hora = h
      left join cuenta c on c.fecha = d.fecha and c.hora = h
      left join pausa_dia pd on pd.fecha = d.fecha
      left join pausa_franja pf on pf.fecha = d.fecha and pf.hora = h
      where coalesce(e.capacidad, p.capacidad, 0) > 0 or c.fecha is not null`,
  };
}

/**
 * Every band of the calendar from `desde` to `hasta` with a capacity or bookings (see
 * `franjasDelRango`): capacity, live bookings, check-ins, no-shows and the reason of a pause.
 */
export const consultaFranjas = (
  calendario: CalendarioDe,
  desde: Valor<string>,
  hasta: Valor<string>,
) => {
  const r = franjasDelRango(calendario, desde, hasta);
  return sql`${r.con}
    select to_char(d.fecha, 'YYYY-MM-DD') as fecha, h as hora,
      coalesce(e.capacidad, p.capacidad, 0) as capacidad,
      coalesce(c.reservados, 0) as reservados,
      coalesce(c.presentes, 0) as presentes,
      coalesce(c.ausentes, 0) as ausentes,
      coalesce(pd.motivo, pf.motivo) as pausa
    ${r.desde}
    order by d.fecha, h`;
};

/** The bands of a calendar by its id (the 'Turnos' screen; also inside a transaction). */
export async function franjas(
  db: DbOTx,
  calendario: CalendarioDe,
  desde: string,
  hasta: string,
): Promise<FranjaContada[]> {
  const { rows } = await db.execute<Fila<FranjaContada>>(consultaFranjas(calendario, desde, hasta));
  return rows;
}

/**
 * A day of a calendar's availability: its bands (those of `consultaFranjas`) as one array per
 * column, in hour order, and the unit's booking window rules (null when never set: the defaults).
 */
export interface DiaDisponible {
  fecha: string;
  horas: number[];
  capacidades: number[];
  reservados: number[];
  pausas: (string | null)[];
  diasAnticipacion: number | null;
  cierreDiasAntes: number | null;
  cierreHora: number | null;
}

/**
 * The bands of `franjasDelRango` packed by day, with the unit's window rules on each day: 14 rows
 * of arrays instead of 336 rows of seven columns (decoding the rows was ~280 µs of the portal's
 * ~1.4 ms per request), and the rules in the same round trip instead of a second query on a
 * second connection (docs/rendimiento.md, "Un viaje y una pasada"). Grouped straight by the day,
 * not around `consultaFranjas`' rows: no second sort by the day as text, and the day formatted 14
 * times instead of 336 (1.09 → 0.64 ms in PostgreSQL, "Un viaje y una pasada").
 */
export const consultaDisponibilidad = (
  unineg: Valor<number>,
  coddespacho: Valor<number> | null,
  desde: Valor<string>,
  hasta: Valor<string>,
) => {
  const r = franjasDelRango({ unineg, coddespacho }, desde, hasta);
  const regla = (columna: string) =>
    sql`(select ${sql.raw(columna)} from turnos_parametros where unineg = ${unineg}::int)`;
  return sql`${r.con}
    select to_char(d.fecha, 'YYYY-MM-DD') as fecha,
      array_agg(h order by h)::int[] as horas,
      array_agg(coalesce(e.capacidad, p.capacidad, 0) order by h)::int[] as capacidades,
      array_agg(coalesce(c.reservados, 0) order by h)::int[] as reservados,
      array_agg(coalesce(pd.motivo, pf.motivo) order by h)::text[] as pausas,
      ${regla('dias_anticipacion')} as "diasAnticipacion",
      ${regla('cierre_dias_antes')} as "cierreDiasAntes",
      ${regla('cierre_hora')} as "cierreHora"
    ${r.desde}
    group by d.fecha
    order by d.fecha`;
};

const sentenciaDisponibilidad = sentenciaPreparada<
  { unineg: number; coddespacho: number | null; desde: string; hasta: string },
  DiaDisponible
>('acopio_turnos_disponibilidad', (p) =>
  consultaDisponibilidad(p.unineg, p.coddespacho, p.desde, p.hasta),
);

/**
 * The bands of a unit's (and type's) calendar by day, with the unit's window rules, as
 * availability asks for them on every request: a named prepared statement, planned once per
 * connection (planning the bands' query cost 2–4 ms, more than running it: docs/rendimiento.md).
 */
export function disponibilidadDeUnidad(
  db: Db,
  unineg: number,
  coddespacho: number | null,
  desde: string,
  hasta: string,
): Promise<DiaDisponible[]> {
  return sentenciaDisponibilidad(db, { unineg, coddespacho, desde, hasta });
}

export interface DiferenciaFranja {
  calendarioId: number;
  fecha: string;
  hora: number;
  guardado: { reservados: number; presentes: number; ausentes: number };
  calculado: { reservados: number; presentes: number; ausentes: number };
}

/**
 * The bands whose kept counts differ from the bookings counted again (`turnos_franjas_calculo`);
 * a band row of zeros equals a band without bookings.
 */
export async function diferenciasDeFranjas(db: DbOTx): Promise<DiferenciaFranja[]> {
  const { rows } = await db.execute<Fila<DiferenciaFranja>>(sql`
    select coalesce(g.calendario_id, c.calendario_id) as "calendarioId",
      to_char(coalesce(g.fecha, c.fecha), 'YYYY-MM-DD') as fecha,
      coalesce(g.hora, c.hora)::int as hora,
      json_build_object('reservados', coalesce(g.reservados, 0),
        'presentes', coalesce(g.presentes, 0), 'ausentes', coalesce(g.ausentes, 0)) as guardado,
      json_build_object('reservados', coalesce(c.reservados, 0),
        'presentes', coalesce(c.presentes, 0), 'ausentes', coalesce(c.ausentes, 0)) as calculado
    from turnos_franjas g
    full join turnos_franjas_calculo c
      on c.calendario_id = g.calendario_id and c.fecha = g.fecha and c.hora = g.hora
    where coalesce(g.reservados, 0) <> coalesce(c.reservados, 0)
      or coalesce(g.presentes, 0) <> coalesce(c.presentes, 0)
      or coalesce(g.ausentes, 0) <> coalesce(c.ausentes, 0)
    order by 1, 2, 3`);
  return rows;
}

/**
 * Sets every band's kept counts to its bookings counted again, and answers the bands it changed.
 * Only the counts are locked (exclusive, as `tablero recalcular` locks its rollups): a booking
 * whose trigger already wrote them finishes first and is in the recount; one that has not yet
 * waits, and adds its own +1/-1 on top of it. The bookings are read, not locked.
 */
export async function recalcularFranjas(tx: Tx): Promise<DiferenciaFranja[]> {
  await tx.execute(sql`lock table turnos_franjas in exclusive mode`);
  const diferencias = await diferenciasDeFranjas(tx);
  if (diferencias.length === 0) return [];
  await tx.execute(sql`
    insert into turnos_franjas as f (calendario_id, fecha, hora, reservados, presentes, ausentes)
    select (d->>'calendarioId')::int, (d->>'fecha')::date, (d->>'hora')::int,
      (d->'calculado'->>'reservados')::int, (d->'calculado'->>'presentes')::int,
      (d->'calculado'->>'ausentes')::int
    from jsonb_array_elements(${JSON.stringify(diferencias)}::jsonb) d
    order by 1, 2, 3
    on conflict (calendario_id, fecha, hora) do update set
      reservados = excluded.reservados, presentes = excluded.presentes,
      ausentes = excluded.ausentes`);
  return diferencias;
}

export interface CupoParaTurno {
  ctrl: number;
  codempre: number;
  unineg: number;
  coddespacho: number;
  conCamion: boolean;
  eliminado: boolean;
  /** Its business unit's name, and whether the unit is active. */
  nomUnidad: string;
  unidadActiva: boolean;
}

/** The quota, locked: two bookings of one quota run one after the other. */
export async function bloquearCupo(tx: Tx, ctrl: number): Promise<CupoParaTurno | undefined> {
  const { rows } = await tx.execute<Fila<CupoParaTurno>>(sql`
    select c.ctrl, c.codempre, c.unineg, c.coddespacho, c.camion_ctrl is not null as "conCamion",
      c.eliminado_en is not null as eliminado, u.unineg as "nomUnidad", u.activo as "unidadActiva"
    from cupos c join unidades_negocio u on u.ctrl = c.unineg
    where c.ctrl = ${ctrl} for update of c`);
  return rows[0];
}

/** The quota's live booking's code, if it has one. */
export async function turnoVivoDeCupo(db: DbOTx, cupo: number): Promise<string | undefined> {
  const { rows } = await db.execute<{ codigo: string }>(sql`
    select codigo from turnos where cupo_ctrl = ${cupo} and ${VIVO}`);
  return rows[0]?.codigo;
}

const COLUMNAS_TURNO = sql`t.id, t.codigo, t.cupo_ctrl as cupo, t.codempre, e.nomempre, t.unineg,
  c.coddespacho, to_char(t.fecha, 'YYYY-MM-DD') as fecha, t.hora, t.estado,
  ${fechaLocal(sql`t.creado_en`)} as "creadoEn", t.patente, ${fechaLocal(sql`t.llegada`)} as llegada,
  t.clasificacion, t.camion_ctrl as camion`;
const DESDE_TURNOS = sql`turnos t join empresas e on e.codempre = t.codempre
  join cupos c on c.ctrl = t.cupo_ctrl`;

/**
 * A new booking with a fresh code; undefined when the code was already taken (the caller draws
 * another: with 1.5·10^11 codes that is rare, but never an error).
 */
export async function insertarTurno(
  tx: Tx,
  t: {
    codigo: string;
    cupo: number;
    codempre: number;
    unineg: number;
    calendarioId: number;
    fecha: string;
    hora: number;
    patente: string | null;
    por: number | null;
  },
): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into turnos (codigo, cupo_ctrl, codempre, unineg, calendario_id, fecha, hora, patente,
      creado_por)
    values (${t.codigo}, ${t.cupo}, ${t.codempre}, ${t.unineg}, ${t.calendarioId}, ${t.fecha},
      ${t.hora}, ${t.patente}, ${t.por})
    on conflict (codigo) do nothing
    returning id`);
  return rows[0]?.id;
}

export async function turno(db: DbOTx, id: number): Promise<Turno | undefined> {
  const { rows } = await db.execute<Fila<Turno>>(sql`
    select ${COLUMNAS_TURNO} from ${DESDE_TURNOS} where t.id = ${id}`);
  return rows[0];
}

export interface TurnoBloqueado extends Turno {
  calendarioId: number;
}

export async function bloquearTurno(tx: Tx, id: number): Promise<TurnoBloqueado | undefined> {
  const { rows } = await tx.execute<Fila<TurnoBloqueado>>(sql`
    select ${COLUMNAS_TURNO}, t.calendario_id as "calendarioId"
    from ${DESDE_TURNOS} where t.id = ${id} for update of t`);
  return rows[0];
}

/** The booking with this turn code, locked. */
export async function bloquearTurnoPorCodigo(
  tx: Tx,
  codigo: string,
): Promise<TurnoBloqueado | undefined> {
  const { rows } = await tx.execute<Fila<TurnoBloqueado>>(sql`
    select ${COLUMNAS_TURNO}, t.calendario_id as "calendarioId"
    from ${DESDE_TURNOS} where t.codigo = ${codigo} for update of t`);
  return rows[0];
}

/**
 * The bookings of a day of one client and unit that name a plate and may still check in
 * ('reservado', or 'ausente': a late truck): where the gate looks for a plate.
 */
export async function turnosConPatente(
  db: DbOTx,
  fecha: string,
  codempre: number,
  unineg: number,
): Promise<Turno[]> {
  const { rows } = await db.execute<Fila<Turno>>(sql`
    select ${COLUMNAS_TURNO} from ${DESDE_TURNOS}
    where t.fecha = ${fecha} and t.patente is not null and t.codempre = ${codempre}
      and t.unineg = ${unineg} and t.estado in ('reservado', 'ausente')
    order by t.hora, t.id`);
  return rows;
}

export interface CamionParaTurno {
  ctrl: number;
  codempre: number;
  unineg: number;
  patcha: string;
}

/** A truck's client, unit and plate (the gate checks it in with a booking of theirs). */
export async function camion(db: DbOTx, ctrl: number): Promise<CamionParaTurno | undefined> {
  const { rows } = await db.execute<Fila<CamionParaTurno>>(sql`
    select ctrl, codempre, unineg, patcha from camiones where ctrl = ${ctrl}`);
  return rows[0];
}

/** The booking's truck came: when (terminal's wall time), how punctual, in which band. */
export async function marcarPresente(
  tx: Tx,
  id: number,
  p: {
    llegada: string;
    clasificacion: string;
    camion: number;
    hora: number;
    por: number | null;
  },
): Promise<void> {
  await tx.execute(sql`
    update turnos set estado = 'presente', llegada = ${p.llegada}::timestamp,
      clasificacion = ${p.clasificacion}, camion_ctrl = ${p.camion}, hora = ${p.hora},
      actualizado_en = now(), actualizado_por = ${p.por}
    where id = ${id}`);
}

export async function cambiarPatente(
  tx: Tx,
  id: number,
  patente: string | null,
  por: number | null,
): Promise<void> {
  await tx.execute(sql`
    update turnos set patente = ${patente}, actualizado_en = now(), actualizado_por = ${por}
    where id = ${id}`);
}

/**
 * Every booking still 'reservado' whose band ended, plus its unit's tolerance, at or before
 * `ahora` (terminal's wall time) becomes 'ausente', and is answered. One statement: when two
 * processes run it at once, a row the other has just marked no longer matches `estado =
 * 'reservado'` when this one gets its lock, so each row is marked (and answered) once.
 */
export async function marcarAusentes(
  tx: Tx,
  ahora: string,
  toleranciaPorDefecto: number,
): Promise<Turno[]> {
  const { rows } = await tx.execute<Fila<Turno>>(sql`
    with marcados as (
      update turnos t set estado = 'ausente', actualizado_en = now()
      where t.estado = 'reservado' and t.fecha <= ${ahora}::date
        and t.fecha + make_interval(hours => t.hora + 1, mins => coalesce(
          (select p.tolerancia_minutos from turnos_parametros p where p.unineg = t.unineg),
          ${toleranciaPorDefecto}::int)) <= ${ahora}::timestamp
      returning t.*
    )
    select ${COLUMNAS_TURNO} from marcados t join empresas e on e.codempre = t.codempre
      join cupos c on c.ctrl = t.cupo_ctrl
    order by t.fecha, t.hora, t.id`);
  return rows;
}

/** The live bookings of these quotas (deleted), cancelled; answered as they are after. */
export async function cancelarTurnosDeCupos(
  tx: Tx,
  cupos: readonly number[],
  por: number | null,
): Promise<Turno[]> {
  if (cupos.length === 0) return [];
  const { rows } = await tx.execute<Fila<Turno>>(sql`
    with cancelados as (
      update turnos set estado = 'cancelado', actualizado_en = now(), actualizado_por = ${por}
      where cupo_ctrl = any(${listaEnteros(cupos)}) and estado = 'reservado'
      returning *
    )
    select ${COLUMNAS_TURNO} from cancelados t join empresas e on e.codempre = t.codempre
      join cupos c on c.ctrl = t.cupo_ctrl
    order by t.id`);
  return rows;
}

export async function moverTurno(
  tx: Tx,
  id: number,
  fecha: string,
  hora: number,
  por: number | null,
): Promise<void> {
  await tx.execute(sql`
    update turnos set fecha = ${fecha}, hora = ${hora}, actualizado_en = now(),
      actualizado_por = ${por}
    where id = ${id}`);
}

export async function cancelarTurno(tx: Tx, id: number, por: number | null): Promise<void> {
  await tx.execute(sql`
    update turnos set estado = 'cancelado', actualizado_en = now(), actualizado_por = ${por}
    where id = ${id}`);
}

export interface FiltroTurnos {
  desde: string;
  hasta: string;
  /** null: every unit. */
  unidades: readonly number[] | null;
  codempre: number | null;
}

export async function turnos(db: DbOTx, f: FiltroTurnos): Promise<Turno[]> {
  const { rows } = await db.execute<Fila<Turno>>(sql`
    select ${COLUMNAS_TURNO} from ${DESDE_TURNOS}
    where t.fecha between ${f.desde} and ${f.hasta}
      ${f.unidades === null ? sql`` : sql`and t.unineg = any(${listaEnteros(f.unidades)})`}
      ${f.codempre === null ? sql`` : sql`and t.codempre = ${f.codempre}`}
    order by t.fecha, t.hora, t.id`);
  return rows;
}

/** The live bookings a pause holds (a band, or the whole day when `hora` is null). */
export async function reservadosEn(
  db: DbOTx,
  calendarioId: number,
  fecha: string,
  hora: number | null,
): Promise<Turno[]> {
  const { rows } = await db.execute<Fila<Turno>>(sql`
    select ${COLUMNAS_TURNO} from ${DESDE_TURNOS}
    where t.calendario_id = ${calendarioId} and t.fecha = ${fecha} and t.estado = 'reservado'
      ${hora === null ? sql`` : sql`and t.hora = ${hora}`}
    order by t.hora, t.id`);
  return rows;
}

/**
 * The bookings still 'reservado' from `desde` on that a pause in force holds, of one company or
 * of all (null), in these units (null: all): who must be told to move.
 */
export async function reservadosEnPausa(
  db: DbOTx,
  f: { desde: string; codempre: number | null; unidades: readonly number[] | null },
): Promise<TurnoPausado[]> {
  const { rows } = await db.execute<Fila<TurnoPausado>>(sql`
    select ${COLUMNAS_TURNO}, pa.motivo
    from ${DESDE_TURNOS}
    join lateral (
      select motivo from turnos_pausas pa
      where pa.calendario_id = t.calendario_id and pa.fecha = t.fecha and pa.levantada_en is null
        and (pa.hora is null or pa.hora = t.hora)
      order by pa.hora nulls first, pa.id limit 1
    ) pa on true
    where t.estado = 'reservado' and t.fecha >= ${f.desde}
      ${f.unidades === null ? sql`` : sql`and t.unineg = any(${listaEnteros(f.unidades)})`}
      ${f.codempre === null ? sql`` : sql`and t.codempre = ${f.codempre}`}
    order by t.fecha, t.hora, t.id`);
  return rows;
}

/** What a booking's voucher shows, found by its code (the terminal's name apart). */
export async function comprobante(
  db: DbOTx,
  codigo: string,
): Promise<Omit<ComprobanteTurno, 'terminal'> | undefined> {
  const { rows } = await db.execute<Fila<Omit<ComprobanteTurno, 'terminal'>>>(sql`
    select t.codigo, t.estado, e.nomempre as empresa, u.unineg as unidad,
      d.nomdespacho as despacho, t.cupo_ctrl as cupo, c.mezcla as producto,
      to_char(t.fecha, 'YYYY-MM-DD') as fecha, t.hora, coalesce(t.patente, k.patcha) as patente
    from turnos t
    join empresas e on e.codempre = t.codempre
    join unidades_negocio u on u.ctrl = t.unineg
    join cupos c on c.ctrl = t.cupo_ctrl
    join tipos_despacho d on d.coddespacho = c.coddespacho
    left join camiones k on k.ctrl = coalesce(t.camion_ctrl, c.camion_ctrl)
    where t.codigo = ${codigo}`);
  return rows[0];
}

/**
 * Announces that a band's bookings changed (CANAL_TURNOS): delivered when the transaction
 * commits, to every portal process's live streams; nothing when it rolls back.
 */
export async function anunciarFranja(db: DbOTx, evento: EventoTurno): Promise<void> {
  await db.execute(sql`select pg_notify(${CANAL_TURNOS}, ${JSON.stringify(evento)})`);
}
