import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CLASES_DE_NOMBRE,
  fraseDeAuditoria,
  referenciasDe,
  type EntradaLegible,
  type NombresAuditoria,
  type Referencias,
} from '../../shared/auditoria';
import type { Db, DbOTx } from './client';
import { auditoria } from './schema';
import { listaEnteros } from './sql';

export interface EntradaAuditoria {
  usuarioId?: number | null;
  /** User name, service token name or 'cli'. */
  actor: string;
  accion: string;
  tabla: string;
  filaId?: string | number | null;
  antes?: unknown;
  despues?: unknown;
  ip?: string | null;
}

/** Writes who did what to which row; call it inside the transaction that made the change. */
export async function auditar(db: DbOTx, e: EntradaAuditoria): Promise<void> {
  await auditarVarias(db, [e]);
}

/**
 * Writes several audit rows in one insert, each with its sentence and the names it mentions,
 * looked up in one query for all of them (a clean-up of quotas writes hundreds).
 */
export async function auditarVarias(db: DbOTx, entradas: EntradaAuditoria[]): Promise<void> {
  for (let i = 0; i < entradas.length; i += 1000) {
    const lote = entradas.slice(i, i + 1000).map((e) => ({
      usuarioId: e.usuarioId ?? null,
      actor: e.actor.slice(0, 100),
      accion: e.accion,
      tabla: e.tabla,
      filaId: e.filaId === undefined || e.filaId === null ? null : String(e.filaId),
      antes: e.antes ?? null,
      despues: e.despues ?? null,
      ip: e.ip ?? null,
    }));
    const nombres = await nombresDe(db, lote);
    await db.insert(auditoria).values(
      lote.map((f, j) => {
        const propios = nombres[j]!;
        return { ...f, nombres: propios, frase: fraseDeAuditoria({ ...f, nombres: propios }) };
      }),
    );
  }
}

/**
 * The names each entry mentions (`referenciasDe`), looked up in one query for all: the trail
 * keeps them, so it reads as it was when written, also after a rename or a deletion. Null for an
 * entry that mentions nothing by id (a sign-in: its actor is the name).
 */
async function nombresDe(
  db: Pick<Db, 'execute'>,
  entradas: EntradaLegible[],
): Promise<(NombresAuditoria | null)[]> {
  const refs = entradas.map(referenciasDe);
  const todas = Object.fromEntries(
    CLASES_DE_NOMBRE.map((c) => [c, [...new Set(refs.flatMap((r) => r[c]))]]),
  ) as Referencias;
  if (CLASES_DE_NOMBRE.every((c) => todas[c].length === 0)) return entradas.map(() => null);
  const { rows } = await db.execute<
    Record<(typeof CLASES_DE_NOMBRE)[number], Record<string, string> | null>
  >(sql`
    select
      (select jsonb_object_agg(codempre, nomempre) from empresas
        where codempre = any(${listaEnteros(todas.empresas)})) as empresas,
      (select jsonb_object_agg(ctrl, unineg) from unidades_negocio
        where ctrl = any(${listaEnteros(todas.unidades)})) as unidades,
      (select jsonb_object_agg(codpro, nompro) from productos
        where codpro = any(${listaEnteros(todas.productos)})) as productos,
      (select jsonb_object_agg(ctrl, patcha) from camiones
        where ctrl = any(${listaEnteros(todas.camiones)})) as camiones,
      (select jsonb_object_agg(id, usuario) from usuarios
        where id = any(${listaEnteros(todas.usuarios)})) as usuarios,
      (select jsonb_object_agg(id, titulo) from encuestas
        where id = any(${listaEnteros(todas.encuestas)})) as encuestas`);
  const hallados = rows[0]!;
  return refs.map((r) => {
    const propios: NombresAuditoria = {};
    for (const c of CLASES_DE_NOMBRE) {
      const deEsta = r[c].flatMap((id) => {
        const nombre = hallados[c]?.[String(id)];
        return nombre === undefined ? [] : [[String(id), nombre] as const];
      });
      if (deEsta.length) propios[c] = Object.fromEntries(deEsta);
    }
    return Object.keys(propios).length ? propios : null;
  });
}

/**
 * Gives the rows written before the sentences (migration 0023) their sentence and names, a
 * thousand at a time; returns how many. A row that kept its names (its sentence set to null to
 * be worded again) keeps them; the others get today's (the best there is for them). Runs right
 * after the migrations, under their lock; with nothing to do it is one probe of an empty index.
 */
export async function completarAuditoria(db: Pick<Db, 'execute'>): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<
      EntradaLegible & { id: number } & Record<string, unknown>
    >(sql`
      select id, actor, accion, tabla, fila_id as "filaId", antes, despues, nombres
      from auditoria where frase is null order by id limit 1000`);
    if (rows.length === 0) return total;
    const sinNombres = rows.filter((f) => f.nombres == null);
    const hallados = new Map(
      (await nombresDe(db, sinNombres)).map((n, i) => [sinNombres[i]!.id, n] as const),
    );
    const nombres = rows.map((f) => (f.nombres == null ? (hallados.get(f.id) ?? null) : f.nombres));
    const frases = rows.map((f, i) => fraseDeAuditoria({ ...f, nombres: nombres[i] }));
    await db.execute(sql`
      update auditoria a set frase = v.frase, nombres = v.nombres
      from (select unnest(${listaEnteros(rows.map((f) => f.id))}) as id,
                   unnest(${sql.param(frases)}::text[]) as frase,
                   unnest(${sql.param(nombres.map((n) => (n ? JSON.stringify(n) : null)))}::jsonb[]) as nombres) v
      where a.id = v.id`);
    total += rows.length;
  }
}

/** Who did it, as the audit records it. */
export type Actor = Pick<EntradaAuditoria, 'usuarioId' | 'actor' | 'ip'>;

/** The request's signed-in user, or the service token's name, as the audit's actor. */
export function actorDe(request: FastifyRequest): Actor {
  return {
    usuarioId: request.usuario?.id ?? null,
    actor: request.usuario?.usuario ?? request.servicio?.nombre ?? 'anónimo',
    ip: request.ip,
  };
}
