/**
 * Service tokens of the terminal's machines (gate, weighbridge). Like sessions, only the SHA-256
 * of a token is stored: it is shown once, when created, and a database dump holds none.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db } from '../../db/client';
import { hashToken } from '../../plugins/session';

/** Lower case, digits, dot, dash, underscore: it is the audit's actor, and typed in a shell. */
export const NOMBRE_TOKEN = /^[a-z0-9._-]{3,60}$/;

export interface TokenListado {
  nombre: string;
  creado: string;
  ultimoUso: string | null;
  revocado: string | null;
}

/** 256 random bits; the prefix tells a leaked token's kind at a glance (and to secret scanners). */
const nuevoToken = () => `acopio_${randomBytes(32).toString('base64url')}`;

/**
 * Creates the token `nombre` and returns it in clear, the only time it exists. A revoked token's
 * name may be reused: the old row is renamed so that its audit trail stays readable.
 */
export async function crearToken(db: Db, nombre: string, actor: Actor): Promise<string | null> {
  const token = nuevoToken();
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      update tokens_servicio set nombre = left(nombre, 40) || '~' || id
      where nombre = ${nombre} and revocado_en is not null`);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into tokens_servicio (nombre, token_hash) values (${nombre}, ${hashToken(token)})
      on conflict (nombre) do nothing returning id`);
    if (!rows[0]) return null;
    await auditar(tx, {
      ...actor,
      accion: 'crear_token',
      tabla: 'tokens_servicio',
      filaId: rows[0].id,
      despues: { nombre },
    });
    return token;
  });
}

/** Revokes the token `nombre` at once; false if there is no such token in use. */
export async function revocarToken(db: Db, nombre: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      update tokens_servicio set revocado_en = now()
      where nombre = ${nombre} and revocado_en is null returning id`);
    if (!rows[0]) return false;
    await auditar(tx, {
      ...actor,
      accion: 'revocar_token',
      tabla: 'tokens_servicio',
      filaId: rows[0].id,
      antes: { nombre },
    });
    return true;
  });
}

export async function listarTokens(db: Db): Promise<TokenListado[]> {
  const f = (c: string) => sql.raw(`to_char(${c}, 'YYYY-MM-DD HH24:MI:SS')`);
  const { rows } = await db.execute<TokenListado & Record<string, unknown>>(sql`
    select nombre, ${f('creado_en')} as creado, ${f('ultimo_uso_en')} as "ultimoUso",
           ${f('revocado_en')} as revocado
    from tokens_servicio order by revocado_en is not null, nombre`);
  return rows;
}
