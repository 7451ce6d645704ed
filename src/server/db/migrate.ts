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

export async function migrar(url: string): Promise<void> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    await cliente.query('select pg_advisory_lock($1)', [LLAVE_MIGRACION]);
    const db = drizzle(cliente);
    await migrate(db, { migrationsFolder: carpeta });
    // Audit rows older than their sentences get them now, before anyone reads the trail.
    await completarAuditoria(db);
  } finally {
    await cliente.query('select pg_advisory_unlock($1)', [LLAVE_MIGRACION]).catch(() => undefined);
    await cliente.end();
  }
}
