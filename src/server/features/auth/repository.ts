import { sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { tarjetaCeldas, tarjetas } from '../../db/schema';
import { CELDAS, hmacCelda, nuevoNumeroTarjeta, type ValoresTarjeta } from './tarjetas';

export const MINUTOS_DESAFIO = 10;
export const FALLOS_PARA_BLOQUEO = 5;
export const MINUTOS_BLOQUEO = 15;

export interface UsuarioConTarjeta {
  id: number;
  usuario: string;
  codempre: number;
  tarjeta: number | null;
  /** Cells answered at the last successful sign-in with this card. */
  celdas_recientes: string[];
}

export async function buscarUsuarioConTarjeta(
  db: DbOTx,
  usuario: string,
): Promise<UsuarioConTarjeta | undefined> {
  const { rows } = await db.execute<UsuarioConTarjeta & Record<string, unknown>>(sql`
    select u.id, u.usuario, u.codempre, t.ctrl as tarjeta,
           coalesce(t.celdas_recientes, '{}') as celdas_recientes
    from usuarios u
    left join tarjetas t on t.usuario_id = u.id and t.revocada_en is null
    where u.usuario = ${usuario} and u.activo`);
  return rows[0];
}

export async function bloqueadoHasta(db: DbOTx, usuario: string): Promise<Date | undefined> {
  const { rows } = await db.execute<{ bloqueado_hasta: Date }>(sql`
    select bloqueado_hasta from login_fallos
    where usuario = ${usuario} and bloqueado_hasta > now()`);
  return rows[0]?.bloqueado_hasta;
}

export interface Desafio extends Record<string, unknown> {
  usuario: string;
  nonce: string;
  tarjeta_ctrl: number;
  celda1: string;
  celda2: string;
}

/**
 * The user name's pending challenge, or a new one with the given cells when there is none, it
 * expired, or it was for a card that has since been replaced. One statement, so two requests
 * at the same moment cannot give two different challenges.
 */
export async function desafioVigente(db: DbOTx, nuevo: Desafio): Promise<Desafio> {
  // A request racing another for the same new name may see neither row in its snapshot;
  // the next statement sees the winner's.
  for (;;) {
    const desafio = await intentarDesafio(db, nuevo);
    if (desafio) return desafio;
  }
}

async function intentarDesafio(db: DbOTx, nuevo: Desafio): Promise<Desafio | undefined> {
  const { rows } = await db.execute<Desafio>(sql`
    with nuevo as (
      insert into login_desafios (usuario, nonce, tarjeta_ctrl, celda1, celda2, expira_en)
      values (${nuevo.usuario}, ${nuevo.nonce}, ${nuevo.tarjeta_ctrl}, ${nuevo.celda1}, ${nuevo.celda2},
              now() + make_interval(mins => ${MINUTOS_DESAFIO}))
      on conflict (usuario) do update
        set nonce = excluded.nonce, tarjeta_ctrl = excluded.tarjeta_ctrl,
            celda1 = excluded.celda1, celda2 = excluded.celda2,
            creado_en = now(), expira_en = excluded.expira_en
        where login_desafios.expira_en <= now()
           or login_desafios.tarjeta_ctrl <> excluded.tarjeta_ctrl
      returning usuario, nonce, tarjeta_ctrl, celda1, celda2
    )
    select * from nuevo
    union all
    select usuario, nonce, tarjeta_ctrl, celda1, celda2 from login_desafios
    where usuario = ${nuevo.usuario} and not exists (select 1 from nuevo)`);
  return rows[0];
}

export async function buscarDesafio(
  db: DbOTx,
  usuario: string,
  nonce: string,
): Promise<Desafio | undefined> {
  const { rows } = await db.execute<Desafio>(sql`
    select usuario, nonce, tarjeta_ctrl, celda1, celda2 from login_desafios
    where usuario = ${usuario} and nonce = ${nonce} and expira_en > now()`);
  return rows[0];
}

/** A shoulder-surfer who saw one sign-in must not get the same cells asked next time. */
export async function recordarCeldas(db: DbOTx, tarjeta: number, celdas: [string, string]) {
  await db.execute(sql`
    update tarjetas set celdas_recientes = array[${celdas[0]}, ${celdas[1]}]::varchar[]
    where ctrl = ${tarjeta}`);
}

export async function borrarDesafio(db: DbOTx, usuario: string): Promise<void> {
  await db.execute(sql`delete from login_desafios where usuario = ${usuario}`);
}

export async function hmacsDeCeldas(
  db: DbOTx,
  tarjeta: number,
  celdas: [string, string],
): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ celda: string; hmac: string }>(sql`
    select celda, hmac from tarjeta_celdas
    where tarjeta_ctrl = ${tarjeta} and celda in (${celdas[0]}, ${celdas[1]})`);
  return new Map(rows.map((r) => [r.celda, r.hmac]));
}

/**
 * Counts a failure atomically; the fifth consecutive one locks the name. A lock that has run out
 * starts the count again.
 */
export async function registrarFallo(
  db: DbOTx,
  usuario: string,
): Promise<{ fallos: number; bloqueado: boolean }> {
  const { rows } = await db.execute<{ fallos: number; bloqueado: boolean }>(sql`
    insert into login_fallos as f (usuario, fallos, ultimo_fallo_en) values (${usuario}, 1, now())
    on conflict (usuario) do update set
      fallos = case when f.bloqueado_hasta <= now() then 1 else f.fallos + 1 end,
      ultimo_fallo_en = now(),
      bloqueado_hasta = case
        when (case when f.bloqueado_hasta <= now() then 1 else f.fallos + 1 end) >= ${FALLOS_PARA_BLOQUEO}
        then now() + make_interval(mins => ${MINUTOS_BLOQUEO})
        else null end
    returning fallos, bloqueado_hasta is not null as bloqueado`);
  return rows[0]!;
}

export async function borrarFallos(db: DbOTx, usuario: string): Promise<void> {
  await db.execute(sql`delete from login_fallos where usuario = ${usuario}`);
}

/** Expired sessions and challenges: removed on every sign-in, which is frequent enough. */
export async function limpiarVencidos(db: DbOTx, minutosInactividad: number): Promise<void> {
  await db.execute(sql`
    delete from sesiones
    where expira_en <= now()
       or ultima_actividad_en <= now() - make_interval(mins => ${minutosInactividad})`);
  await db.execute(sql`delete from login_desafios where expira_en <= now()`);
}

/**
 * Issues a new card for the user and revokes the previous one, in the caller's transaction.
 * Returns the values: the only moment they exist in clear.
 */
export async function emitirTarjeta(
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
