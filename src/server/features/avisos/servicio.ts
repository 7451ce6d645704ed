/**
 * The outbox (issue 25): notices written in the transaction of the change that causes them
 * (`encolar`), delivered by a worker every portal process runs (trabajador.ts), listed and
 * re-sent by the administrator (Administración → Avisos), purged with the rest of the retention.
 */
import type {
  AvisosBody,
  CanalAviso,
  PaginaAvisos,
  ReenviarAvisoBody,
} from '../../../shared/contracts/avisos';
import { avisosBody } from '../../../shared/contracts/avisos';
import { MENSAJES_AVISOS as M } from '../../../shared/textos';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { conflicto, noEncontrado } from '../../errores';
import * as repo from './repository';

export type { NuevoAviso } from './repository';
export type { AvisoPorEntregar, Canal } from './canal';
export { ErrorDefinitivo } from './canal';

/**
 * Writes notices to the outbox with the caller's transaction `tx`: they exist exactly when the
 * change that causes them commits. Answers their ids. Nothing is delivered here.
 */
export function encolar(tx: DbOTx, avisos: readonly repo.NuevoAviso[]): Promise<number[]> {
  return repo.insertar(tx, avisos);
}

/** A page of the outbox, newest first, with the counts by state. */
export async function listar(
  db: Db,
  cuerpo: AvisosBody,
  correoActivo: boolean,
): Promise<PaginaAvisos> {
  const filtro = avisosBody.parse(cuerpo);
  const [filas, cuentas] = await Promise.all([repo.pagina(db, filtro), repo.cuentas(db)]);
  return {
    filas,
    siguiente: filas.length === filtro.limite ? filas[filas.length - 1]!.id : null,
    cuentas,
    correoActivo,
  };
}

/** 'Reenviar': a failed notice goes back to the queue, due now, with its tries anew. */
export async function reenviar(db: Db, actor: Actor, { id }: ReenviarAvisoBody): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.reencolar(tx, Number(id)))) {
      if (!(await repo.existe(tx, Number(id)))) throw noEncontrado();
      throw conflicto(M.soloFallidos);
    }
    await auditar(tx, { ...actor, accion: 'reenviar_aviso', tabla: 'avisos', filaId: id });
  });
}

/** Delivered and failed notices older than the retention (`mantenimiento.ts`). */
export function purgarAvisos(db: DbOTx, dias: number): Promise<number> {
  return repo.borrarViejos(db, dias);
}

/** Pending notices by channel, for the metrics. */
export function pendientesPorCanal(db: DbOTx): Promise<{ canal: CanalAviso; cantidad: number }[]> {
  return repo.pendientesPorCanal(db);
}
