/** The SQL of coordinate cards: issuing one (revoking the previous) and what its printed sheet shows. */
import { sql } from 'drizzle-orm';
import { CODEMPRE_ADMINISTRADOR } from '../../../../shared/estados';
import type { DbOTx } from '../../../db/client';
import { tarjetaCeldas, tarjetas } from '../../../db/schema';
import { fechaLocal } from '../../../db/sql';
import { CELDAS, hmacCelda, nuevoNumeroTarjeta, type ValoresTarjeta } from '../tarjetas';

/**
 * Issues a new card for the user and revokes the previous one, in the caller's transaction.
 * Returns its number; the values the caller holds are the only copy in clear.
 */
export async function insertarTarjeta(
  tx: DbOTx,
  secreto: string,
  usuarioId: number,
  valores: ValoresTarjeta,
): Promise<number> {
  await tx.execute(sql`
    update tarjetas set revocada_en = now() where usuario_id = ${usuarioId} and revocada_en is null`);
  let ctrl = nuevoNumeroTarjeta();
  for (;;) {
    const insertadas = await tx
      .insert(tarjetas)
      .values({ ctrl, usuarioId })
      .onConflictDoNothing()
      .returning({ ctrl: tarjetas.ctrl });
    if (insertadas.length) break;
    ctrl = nuevoNumeroTarjeta();
  }
  await tx.insert(tarjetaCeldas).values(
    CELDAS.map((celda) => ({
      tarjetaCtrl: ctrl,
      celda,
      hmac: hmacCelda(secreto, ctrl, celda, valores[celda]),
    })),
  );
  return ctrl;
}

/** A user's card in use, with its issue instant as the API shows it; undefined if none. */
export async function tarjetaVigente(
  db: DbOTx,
  usuarioId: number,
): Promise<{ ctrl: number; emitida: string } | undefined> {
  const { rows } = await db.execute<{ ctrl: number; emitida: string }>(sql`
    select ctrl, ${fechaLocal(sql`emitida_en`)} as emitida from tarjetas
    where usuario_id = ${usuarioId} and revocada_en is null`);
  return rows[0];
}

export interface TarjetaParaImprimir extends Record<string, unknown> {
  usuario: string;
  codempre: number;
  empresa: string;
  terminal: string;
  ctrl: number;
  /** 'dd/mm/aaaa hh:mm', the terminal's wall time. */
  emitida: string;
  /** Issued within the last `minutos`. */
  reciente: boolean;
}

/** What the printed card shows, for the user's card in use with that number. */
export async function tarjetaParaImprimir(
  db: DbOTx,
  usuario: string,
  ctrl: number,
  minutos: number,
): Promise<TarjetaParaImprimir | undefined> {
  const { rows } = await db.execute<TarjetaParaImprimir>(sql`
    select u.usuario, u.codempre, e.nomempre as empresa,
           -- The terminal's name: company 0's, as the set-up or 'Terminal' left it.
           (select nomempre from empresas where codempre = ${CODEMPRE_ADMINISTRADOR}) as terminal,
           t.ctrl, to_char(t.emitida_en, 'DD/MM/YYYY HH24:MI') as emitida,
           t.emitida_en > now() - make_interval(mins => ${minutos}) as reciente
    from usuarios u
    join empresas e on e.codempre = u.codempre
    join tarjetas t on t.usuario_id = u.id and t.revocada_en is null
    where u.usuario = ${usuario} and t.ctrl = ${ctrl}`);
  return rows[0];
}

/** Every cell's HMAC of a card. */
export async function hmacsDeTarjeta(db: DbOTx, tarjeta: number): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ celda: string; hmac: string }>(sql`
    select celda, hmac from tarjeta_celdas where tarjeta_ctrl = ${tarjeta}`);
  return new Map(rows.map((r) => [r.celda, r.hmac]));
}
