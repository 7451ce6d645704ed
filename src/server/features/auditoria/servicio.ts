/** The audit trail: who did what to which row, when and from where. */
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import {
  borrarAnteriores,
  opcionesDeAuditoria,
  paginaDeAuditoria,
  type FiltrosAuditoria,
} from './repository';

/**
 * Keeps `dias` days of audit (AUDIT_RETENTION_DAYS): older rows go, and the purge itself is
 * audited with how many went and from when, in the same transaction.
 */
export function purgar(db: DbOTx, dias: number, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const { filas, antesDe } = await borrarAnteriores(tx, dias);
    if (filas > 0) {
      await auditar(tx, {
        ...actor,
        accion: 'purgar',
        tabla: 'auditoria',
        despues: { filas, antesDe, diasConservados: dias },
      });
    }
    return filas;
  });
}

/**
 * A page of the trail, newest first, with its filters; `siguiente` is the `antesDe` of the next
 * page (keyset pagination: a page deep in a million rows costs what the first costs).
 */
export async function pagina(db: Db, filtros: FiltrosAuditoria) {
  const filas = await paginaDeAuditoria(db, filtros);
  const hayMas = filas.length > filtros.limite;
  const pagina = hayMas ? filas.slice(0, filtros.limite) : filas;
  return { filas: pagina, siguiente: hayMas ? pagina.at(-1)!.id : null };
}

/** The actions and tables the trail holds, for the filters' lists. */
export const opciones = (db: Db) => opcionesDeAuditoria(db);
