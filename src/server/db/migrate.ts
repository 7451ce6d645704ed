import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { completarAuditoria } from './auditoria';

const carpeta = fileURLToPath(new URL('./migrations', import.meta.url));

/** How many migrations this version of the portal brings (drizzle's journal lists them). */
export function migracionesIncluidas(): number {
  const diario = JSON.parse(readFileSync(path.join(carpeta, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return diario.entries.length;
}

/** Arbitrary but fixed: several instances starting together migrate one at a time. */
const LLAVE_MIGRACION = 730_214_001;

export interface OpcionesMigrar {
  /**
   * The terminal's zone (TZ). Migrations that fill rollups from existing rows turn instants into
   * days and hours (0024's days, 0031's histograms): in the database server's own zone, an upgrade
   * would file a truck finished at 22:00 in Buenos Aires under the next day.
   */
  zonaHoraria: string;
  /** Another migrations folder (tests). */
  carpeta?: string;
}

export async function migrar(url: string, opciones: OpcionesMigrar): Promise<void> {
  const cliente = new pg.Client({
    connectionString: url,
    options: `-c timezone=${opciones.zonaHoraria}`,
  });
  await cliente.connect();
  try {
    await cliente.query('select pg_advisory_lock($1)', [LLAVE_MIGRACION]);
    const db = drizzle(cliente);
    await migrate(db, { migrationsFolder: opciones.carpeta ?? carpeta });
    // Audit rows older than their sentences get them now, before anyone reads the trail.
    await completarAuditoria(db);
  } finally {
    await cliente.query('select pg_advisory_unlock($1)', [LLAVE_MIGRACION]).catch(() => undefined);
    await cliente.end();
  }
}
