/**
 * Retention (issue 13): what the portal keeps no longer than it needs — expired sessions and
 * challenges, stale sign-in failure counts, audit rows older than AUDIT_RETENTION_DAYS, the live
 * yard's events older than a day, delivered or failed notices older than AUDIT_RETENTION_DAYS. The
 * portal runs it at start and every hour; `npm run cli -- purgar` runs it by hand. With several
 * instances on one database, one purges at a time (an advisory lock) and the others skip.
 */
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Actor } from './db/auditoria';
import type { Db } from './db/client';
import { purgar } from './features/auditoria/servicio';
import { purgarIngresos } from './features/auth/servicio';
import { purgarEventosViejos } from './features/en-vivo/servicio';
import { purgarAvisos } from './features/avisos/servicio';
import { purgarIntentos } from './features/webhooks/servicio';

const LLAVE_MANTENIMIENTO = 730_214_003;
const CADA_MS = 60 * 60_000;

export interface Purgado {
  sesiones: number;
  desafios: number;
  fallos: number;
  auditoria: number;
  /** Events of the live yard older than a day. */
  eventos: number;
  /** Notices delivered or failed more than AUDIT_RETENTION_DAYS days ago (issue 25). */
  avisos: number;
  /** Webhook tries of the notices purged above. */
  intentosWebhook: number;
}

/**
 * One round of purging, in one transaction; undefined when another instance holds the round's
 * lock right now (it is doing the same).
 */
export function mantener(
  db: Db,
  config: Pick<Config, 'sessionIdleMinutes' | 'auditRetentionDays'>,
  actor: Actor,
): Promise<Purgado | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ libre: boolean }>(
      sql`select pg_try_advisory_xact_lock(${LLAVE_MANTENIMIENTO}) as libre`,
    );
    if (!rows[0]!.libre) return undefined;
    const ingresos = await purgarIngresos(tx, config.sessionIdleMinutes);
    return {
      ...ingresos,
      auditoria: await purgar(tx, config.auditRetentionDays, actor),
      eventos: await purgarEventosViejos(tx),
      avisos: await purgarAvisos(tx, config.auditRetentionDays),
      intentosWebhook: await purgarIntentos(tx),
    };
  });
}

/** Runs `mantener` now and every hour until the returned function is called. */
export function programarMantenimiento(
  db: Db,
  config: Pick<Config, 'sessionIdleMinutes' | 'auditRetentionDays'>,
  informar: (p: Purgado | undefined, error?: unknown) => void,
): () => void {
  const correr = () =>
    mantener(db, config, { actor: 'mantenimiento' }).then(
      (p) => informar(p),
      (e: unknown) => informar(undefined, e),
    );
  void correr();
  const reloj = setInterval(() => void correr(), CADA_MS);
  reloj.unref();
  return () => clearInterval(reloj);
}
