import type { FastifyRequest } from 'fastify';
import type { DbOTx } from './client';
import { auditoria } from './schema';

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
  await db.insert(auditoria).values({
    usuarioId: e.usuarioId ?? null,
    actor: e.actor.slice(0, 100),
    accion: e.accion,
    tabla: e.tabla,
    filaId: e.filaId === undefined || e.filaId === null ? null : String(e.filaId),
    antes: e.antes ?? null,
    despues: e.despues ?? null,
    ip: e.ip ?? null,
  });
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
