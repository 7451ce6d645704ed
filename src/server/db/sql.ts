/** SQL fragments that several features share, so every screen shows them the same way. */
import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamptz as the terminal's wall time, '2026-11-21T14:03:22' (design section 8). Every
 * connection runs in the terminal's time zone (db/client.ts), so to_char gives local time.
 */
export const fechaLocal = (columna: SQL) => sql`to_char(${columna}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * The blend of a quota as text (design section 5): products by descending percentage,
 * 'Soja 70% / Maíz 30%'; a single product at 100% is just its name. Decimals with a comma,
 * as the rest of the screens: 'Soja 33,3%'.
 */
export const mezclaDeCupo = (cupoCtrl: SQL) => sql`(
  select string_agg(
           case when cp.porcentaje = 100 then p.nompro
                else p.nompro || ' ' || replace(trim_scale(cp.porcentaje)::text, '.', ',') || '%' end,
           ' / ' order by cp.porcentaje desc, p.nompro)
  from cupo_productos cp join productos p on p.codpro = cp.codpro
  where cp.cupo_ctrl = ${cupoCtrl})`;
