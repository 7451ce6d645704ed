import { sql, type SQL } from 'drizzle-orm';
import { fraseDeAuditoria, patronesDeBusqueda } from '../../../shared/auditoria';
import type { FilaAuditoria } from '../../../shared/contracts/auditoria';
import type { DbOTx } from '../../db/client';
import { fechaLocal } from '../../db/sql';

/** Removes the audit rows older than `dias` days; returns how many and the cut-off instant. */
export async function borrarAnteriores(
  db: DbOTx,
  dias: number,
): Promise<{ filas: number; antesDe: string }> {
  const { rows } = await db.execute<{ filas: number; antes_de: string }>(sql`
    with corte as (select now() - make_interval(days => ${dias}) as antes_de),
    borradas as (
      delete from auditoria where fecha < (select antes_de from corte) returning 1
    )
    select (select count(*) from borradas) as filas,
           to_char((select antes_de from corte), 'YYYY-MM-DD"T"HH24:MI:SS') as antes_de`);
  return { filas: rows[0]!.filas, antesDe: rows[0]!.antes_de };
}

export interface FiltrosAuditoria {
  desde?: string;
  hasta?: string;
  actor?: string;
  accion?: string;
  tabla?: string;
  filaId?: string;
  texto?: string;
  antesDe?: number;
  limite: number;
}

/**
 * The conditions of a page of the trail. Only the filters given become conditions, so each
 * query can use its index: (actor, id), (accion, id), (tabla, id), (tabla, fila_id), the
 * primary key. Days are the terminal's calendar (every connection runs in its time zone). Rows
 * are written in id order with their instant, so a day range also bounds the ids, found through
 * the date index: a page deep in the past does not scan the present to get there.
 */
function condiciones(f: FiltrosAuditoria): SQL {
  const partes: SQL[] = [];
  if (f.antesDe !== undefined) partes.push(sql`a.id < ${f.antesDe}`);
  if (f.desde) partes.push(sql`a.fecha >= ${f.desde}::date`);
  if (f.hasta) {
    partes.push(sql`a.fecha < ${f.hasta}::date + 1`);
    partes.push(sql`a.id <= coalesce((select max(id) from auditoria
                                      where fecha < ${f.hasta}::date + 1), 0)`);
  }
  if (f.actor) partes.push(sql`a.actor = ${f.actor}`);
  if (f.accion) partes.push(sql`a.accion = ${f.accion}`);
  if (f.tabla) partes.push(sql`a.tabla = ${f.tabla}`);
  if (f.filaId) partes.push(sql`a.fila_id = ${f.filaId}`);
  // Each word of the text, a case-insensitive expression over the sentence (trigram index).
  for (const patron of patronesDeBusqueda(f.texto ?? '')) partes.push(sql`a.frase ~* ${patron}`);
  return partes.length ? sql`where ${sql.join(partes, sql` and `)}` : sql``;
}

/** The query of a page, apart so the benchmark can EXPLAIN ANALYZE exactly this SQL. */
export const consultaAuditoria = (f: FiltrosAuditoria) => sql`
  select a.id, ${fechaLocal(sql`a.fecha`)} as fecha, a.actor, a.accion, a.tabla,
         a.fila_id as "filaId", a.ip, a.antes, a.despues, a.frase, a.nombres
  from auditoria a ${condiciones(f)}
  order by a.id desc
  limit ${f.limite + 1}`;

/** A page, newest first, plus one row more to tell whether there is a next page. */
export async function paginaDeAuditoria(db: DbOTx, f: FiltrosAuditoria): Promise<FilaAuditoria[]> {
  const { rows } = await db.execute<
    Omit<FilaAuditoria, 'frase'> & { frase: string | null } & Record<string, unknown>
  >(consultaAuditoria(f));
  // A row written by hand around auditar() (a script, a test) has no sentence until the next
  // start completes it: it reads with one made now.
  return rows.map((r) => ({ ...r, frase: r.frase ?? fraseDeAuditoria(r) }));
}

/**
 * The distinct values of a column with an index on it, found by skipping through the index
 * (a recursive query): a million rows, a few dozen values, a few dozen index probes.
 */
async function distintos(db: DbOTx, columna: 'accion' | 'tabla'): Promise<string[]> {
  const c = sql.identifier(columna);
  const { rows } = await db.execute<{ v: string }>(sql`
    with recursive d as (
      select min(${c}) as v from auditoria
      union all
      select (select min(${c}) from auditoria where ${c} > d.v) from d where d.v is not null
    )
    select v from d where v is not null order by v`);
  return rows.map((r) => r.v);
}

export async function opcionesDeAuditoria(db: DbOTx) {
  return { acciones: await distintos(db, 'accion'), tablas: await distintos(db, 'tabla') };
}
