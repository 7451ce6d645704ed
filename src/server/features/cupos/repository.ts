import { sql } from 'drizzle-orm';
import { SIN_ENVASE, type CupoDisponible } from '../../../shared/contracts/cupos';
import type { DbOTx } from '../../db/client';
import { fechaLocal, mezclaDeCupo } from '../../db/sql';

/** Quotas not deleted and not assigned to a truck, newest first. */
export async function cuposDisponibles(
  db: DbOTx,
  codempre: number,
  unineg: number,
): Promise<CupoDisponible[]> {
  const { rows } = await db.execute<CupoDisponible>(sql`
    select c.ctrl, ${fechaLocal(sql`c.fechagen`)} as fechagen, d.nomdespacho,
           coalesce(e.nombre, ${SIN_ENVASE}) as nombreenvase,
           coalesce(${mezclaDeCupo(sql`c.ctrl`)}, '') as mezcla,
           c.cantidad, c.obs
    from cupos c
    join tipos_despacho d on d.coddespacho = c.coddespacho
    left join envases e on e.ctrl = c.tipenvase
    where c.codempre = ${codempre} and c.unineg = ${unineg}
      and c.eliminado_en is null and c.camion_ctrl is null
    order by c.fechagen desc, c.ctrl desc`);
  return rows;
}
