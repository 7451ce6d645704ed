/** SQL fragments that several features share, so every screen shows them the same way. */
import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamptz as the terminal's wall time, '2026-11-21T14:03:22' (design section 8). Every
 * connection runs in the terminal's time zone (db/client.ts), so to_char gives local time.
 */
export const fechaLocal = (columna: SQL) => sql`to_char(${columna}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
