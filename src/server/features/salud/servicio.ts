import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Whether the database answers (the load balancer's health check). */
export async function baseDisponible(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
