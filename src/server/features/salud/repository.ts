import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Migrations applied to the database: drizzle's own table, one row per migration. */
export async function migracionesAplicadas(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return rows[0]!.n;
}
