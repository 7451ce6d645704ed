/** SQL of the outbox (issue 25). */
import { sql } from 'drizzle-orm';
import type { CanalAviso, EstadoAviso, FilaAviso } from '../../../shared/contracts/avisos';
import type { DbOTx } from '../../db/client';
import { fechaLocal } from '../../db/sql';
import type { AvisoPorEntregar } from './canal';

export interface NuevoAviso {
  canal: CanalAviso;
  destino: number;
  evento: string;
  datos: unknown;
  grupo?: string | null;
}

export async function insertar(db: DbOTx, avisos: readonly NuevoAviso[]): Promise<number[]> {
  if (avisos.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into avisos (canal, destino, evento, datos, grupo)
    select x.canal, x.destino, x.evento, x.datos, x.grupo
    from jsonb_to_recordset(${JSON.stringify(
      avisos.map((a) => ({ ...a, grupo: a.grupo ?? null })),
    )}::jsonb) as x(canal text, destino int, evento text, datos jsonb, grupo text)
    returning id`);
  return rows.map((r) => Number(r.id));
}

/** A row as a worker took it: the notice, and the take it must show to record the outcome. */
export interface AvisoTomado extends AvisoPorEntregar {
  toma: number;
}

/**
 * How many rows a take may bring of some channels: `solo` those channels, `excepto` all but
 * those (neither: every channel).
 */
export interface CupoDeToma {
  limite: number;
  solo?: readonly CanalAviso[];
  excepto?: readonly CanalAviso[];
}

/**
 * Takes due notices no other worker holds, oldest first, for `plazoSegundos` (the lease): up to
 * `cupos` rows (a number: of any channel; a list: up to each one's limit of its channels), in
 * one short statement, committed before anything is delivered, so no connection or lock is kept
 * while the receiver answers. Due: pending, its retry time reached, and not taken or its lease
 * past (the worker that took it died mid-delivery). A notice of a group waits while an earlier
 * one of the same group and receiver is still pending (taken or not: in order per truck or
 * quota), so at most one row of a group is ever out. `skip locked` lets two workers take at the
 * same moment without waiting on each other; a row another just took fails the re-check of its
 * lease and is not taken twice.
 */
export async function tomar(
  db: DbOTx,
  ahora: string,
  cupos: number | readonly CupoDeToma[],
  plazoSegundos: number,
): Promise<AvisoTomado[]> {
  const lista = (typeof cupos === 'number' ? [{ limite: cupos }] : cupos).filter(
    (c) => c.limite > 0,
  );
  if (lista.length === 0) return [];
  const canales = (c: CupoDeToma) =>
    c.solo
      ? sql`and a.canal = any(${sql.param([...c.solo])}::text[])`
      : c.excepto?.length
        ? sql`and a.canal <> all(${sql.param([...c.excepto])}::text[])`
        : sql``;
  // One locking select per quota (a set operation cannot lock rows), their ids together.
  const elegidos = lista.map(
    (c, i) => sql`${sql.raw(`e${i}`)} as (
      select a.id from avisos a
      where a.estado = 'pendiente' ${canales(c)}
        and (a.proximo_intento is null or a.proximo_intento <= ${ahora}::timestamp)
        and (a.tomado_hasta is null or a.tomado_hasta <= ${ahora}::timestamp)
        and (a.grupo is null or not exists (
          select 1 from avisos b
          where b.estado = 'pendiente' and b.grupo = a.grupo and b.canal = a.canal
            and b.destino = a.destino and b.id < a.id))
      order by a.id
      limit ${c.limite}
      for update of a skip locked)`,
  );
  const ids = sql.join(
    lista.map((_, i) => sql`select id from ${sql.raw(`e${i}`)}`),
    sql` union all `,
  );
  const { rows } = await db.execute<AvisoTomado & Record<string, unknown>>(sql`
    with ${sql.join(elegidos, sql`, `)}
    update avisos a
    set tomado_hasta = ${ahora}::timestamp + make_interval(secs => ${plazoSegundos}),
      toma = a.toma + 1
    from (${ids}) e
    where a.id = e.id
    returning a.id::int as id, a.canal, a.destino, a.evento, a.datos, a.grupo, a.intentos,
      a.toma, ${fechaLocal(sql`a.creado_en`)} as creado`);
  return rows.sort((x, y) => x.id - y.id);
}

/** The outcome of a try: delivered (`error` null), or failed and tried again or not. */
export interface Resultado {
  id: number;
  /** The take the worker holds; the outcome counts only while the row still carries it. */
  toma: number;
  /** When the try ended (terminal's clock): a retry counts from here. */
  en: string;
  error: string | null;
  /** A failure: seconds until the next try, or null for no more ('fallido'). */
  espera: number | null;
}

/**
 * The outcomes of several tries in one statement. Answers the ids it recorded: a row no longer
 * this take's (its lease ran out and another worker took it, or an administrator changed it)
 * keeps the other outcome.
 */
export async function anotarResultados(
  db: DbOTx,
  resultados: readonly Resultado[],
): Promise<Set<number>> {
  if (resultados.length === 0) return new Set();
  const { rows } = await db.execute<{ id: number }>(sql`
    update avisos a set intentos = a.intentos + 1, actualizado_en = r.en, tomado_hasta = null,
      estado = case when r.error is null then 'enviado'
        when r.espera is null then 'fallido' else 'pendiente' end,
      enviado_en = case when r.error is null then r.en else a.enviado_en end,
      ultimo_error = coalesce(r.error, a.ultimo_error),
      proximo_intento = case when r.error is null or r.espera is null then null
        else r.en + make_interval(secs => r.espera) end
    from jsonb_to_recordset(${JSON.stringify(resultados)}::jsonb)
      as r(id bigint, toma int, en timestamp, error text, espera double precision)
    where a.id = r.id and a.toma = r.toma and a.estado = 'pendiente'
    returning a.id::int as id`);
  return new Set(rows.map((r) => r.id));
}

/** A failed notice back to the queue, due now, with its tries counted anew. */
export async function reencolar(db: DbOTx, id: number): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    update avisos set estado = 'pendiente', intentos = 0, proximo_intento = null,
      tomado_hasta = null, actualizado_en = now()
    where id = ${id} and estado = 'fallido'`);
  return (rowCount ?? 0) > 0;
}

export async function existe(db: DbOTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from avisos where id = ${id}`);
  return rows.length > 0;
}

export async function pagina(
  db: DbOTx,
  filtro: { estado?: EstadoAviso; antesDe?: number; limite: number },
): Promise<FilaAviso[]> {
  const { rows } = await db.execute<FilaAviso>(sql`
    select a.id::int as id, a.canal, a.destino,
      case a.canal when 'correo' then u.usuario when 'webhook' then w.url end as "destinoNombre",
      a.evento, a.estado, a.intentos,
      ${fechaLocal(sql`a.proximo_intento`)} as "proximoIntento",
      a.ultimo_error as "ultimoError", ${fechaLocal(sql`a.creado_en`)} as creado,
      ${fechaLocal(sql`a.enviado_en`)} as enviado
    from avisos a
    left join usuarios u on a.canal = 'correo' and u.id = a.destino
    left join webhook_endpoints w on a.canal = 'webhook' and w.id = a.destino
    where true
      ${filtro.estado ? sql`and a.estado = ${filtro.estado}` : sql``}
      ${filtro.antesDe ? sql`and a.id < ${filtro.antesDe}` : sql``}
    order by a.id desc
    limit ${filtro.limite}`);
  return rows;
}

export async function cuentas(db: DbOTx): Promise<Record<EstadoAviso, number>> {
  const { rows } = await db.execute<{ estado: EstadoAviso; n: number }>(sql`
    select estado, count(*)::int as n from avisos group by estado`);
  const r = { pendiente: 0, enviado: 0, fallido: 0 };
  for (const f of rows) r[f.estado] = f.n;
  return r;
}

/** Pending notices by channel (the metrics' gauge). */
export async function pendientesPorCanal(
  db: DbOTx,
): Promise<{ canal: CanalAviso; cantidad: number }[]> {
  const { rows } = await db.execute<{ canal: CanalAviso; cantidad: number }>(sql`
    select canal, count(*)::int as cantidad from avisos where estado = 'pendiente'
    group by canal order by canal`);
  return rows;
}

/** Delivered and failed notices older than `dias` days, and expired address confirmations. */
export async function borrarViejos(db: DbOTx, dias: number): Promise<number> {
  const { rowCount } = await db.execute(sql`
    delete from avisos
    where estado <> 'pendiente' and creado_en < now() - make_interval(days => ${dias})`);
  await db.execute(sql`delete from correo_confirmaciones where vence < now()`);
  return rowCount ?? 0;
}
