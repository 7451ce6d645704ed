/**
 * Idempotency keys of the yard operations: a gate or scale that did not get an answer (a timeout,
 * a dropped connection) sends the same request again with the same `Idempotency-Key`, and gets
 * the first answer without anything being recorded twice.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MENSAJES_OPERACIONES as M } from '../../../shared/textos';
import type { Tx } from '../../db/client';
import { ErrorHttp } from '../../errores';

export interface Pedido {
  clave: string | undefined;
  tokenId: number;
  operacion: string;
  cuerpo: unknown;
}

export interface Respuesta<T> {
  status: number;
  cuerpo: T;
  /** True when this is the stored answer to an earlier request with the same key. */
  repetida: boolean;
}

const huellaDe = (operacion: string, cuerpo: unknown) =>
  createHash('sha256')
    .update(`${operacion}\n${JSON.stringify(cuerpo)}`)
    .digest('hex');

/**
 * Runs `operar` in the caller's transaction under the request's key. The key is claimed first
 * (`insert … on conflict do nothing`): a second request with the same key waits on the unique
 * index until the first commits, then finds its answer; if the first failed, nothing was kept
 * (the key included) and the second runs the operation itself. A key reused by another token, for
 * another operation or with another body is refused (422): answering it with a different weighing
 * would hide a fault in the caller.
 */
export async function conIdempotencia<T>(
  tx: Tx,
  p: Pedido,
  status: number,
  operar: () => Promise<T>,
): Promise<Respuesta<T>> {
  if (p.clave === undefined) return { status, cuerpo: await operar(), repetida: false };
  const huella = huellaDe(p.operacion, p.cuerpo);
  const { rows: propia } = await tx.execute(sql`
    insert into operaciones_idempotencia (clave, token_id, operacion, huella, status, respuesta)
    values (${p.clave}, ${p.tokenId}, ${p.operacion}, ${huella}, ${status}, 'null'::jsonb)
    on conflict (clave) do nothing returning clave`);
  if (propia.length === 0) {
    const { rows } = await tx.execute<{
      token_id: number;
      huella: string;
      status: number;
      respuesta: T;
    }>(sql`
      select token_id, huella, status, respuesta from operaciones_idempotencia where clave = ${p.clave}`);
    const previa = rows[0]!;
    if (previa.token_id !== p.tokenId || previa.huella !== huella) {
      throw new ErrorHttp(422, M.claveReutilizada);
    }
    return { status: previa.status, cuerpo: previa.respuesta, repetida: true };
  }
  const cuerpo = await operar();
  await tx.execute(sql`
    update operaciones_idempotencia set respuesta = ${JSON.stringify(cuerpo)}::jsonb
    where clave = ${p.clave}`);
  return { status, cuerpo, repetida: false };
}
