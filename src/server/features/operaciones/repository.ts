import { sql, type SQL } from 'drizzle-orm';
import type { CamionOperado } from '../../../shared/contracts/operaciones';
import type { DbOTx, Tx } from '../../db/client';
import { fechaLocal } from '../../db/sql';
import type { CamionEnOperacion, CupoDelCamion, Instante, TicketAbierto } from './rules';

/**
 * A timestamptz as an instant in UTC with microseconds, '2026-11-21T17:03:22.123456Z': exact (a
 * JS Date would drop the microseconds), and text in this one format sorts as time does.
 */
const instante = (columna: SQL) =>
  sql`to_char(${columna} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The moment an operation happened: the one the scale reports (read in the terminal's time zone
 * when it has none) or now, and whether it is plausible (not in the future beyond a clock's
 * drift, not older than the 30 days a gate may take to send what it buffered offline).
 */
export async function resolverFecha(
  tx: Tx,
  fecha: string | Date | undefined,
): Promise<{ fecha: Instante; plausible: boolean }> {
  const valor = fecha instanceof Date ? fecha.toISOString() : (fecha ?? null);
  const { rows } = await tx.execute<{ fecha: Instante; plausible: boolean }>(sql`
    select ${instante(sql`f`)} as fecha,
           f between now() - interval '30 days' and now() + interval '5 minutes' as plausible
    from (select coalesce(${valor}::timestamptz, now()) as f) x`);
  return rows[0]!;
}

export async function empresaYUnidadExisten(tx: Tx, codempre: number, unineg: number) {
  const { rows } = await tx.execute<{ empresa: boolean; unidad: boolean }>(sql`
    select exists (select 1 from empresas where codempre = ${codempre} and codempre <> 0) as empresa,
           exists (select 1 from unidades_negocio where ctrl = ${unineg}) as unidad`);
  return rows[0]!;
}

export interface CamionNuevo {
  codempre: number;
  unineg: number;
  patcha: string;
  pataco: string | null;
  cargateorica: number;
  nomchofer: string;
  dni: string;
}

/** The truck as it was written, in the fields of `CamionOperado` its row holds. */
export type CamionIngresado = Pick<
  CamionOperado,
  'camion' | 'codempre' | 'unineg' | 'patcha' | 'codestado' | 'ingplaya'
>;

export async function insertarCamion(
  tx: Tx,
  c: CamionNuevo,
  ingplaya: Instante,
): Promise<CamionIngresado> {
  const { rows } = await tx.execute<CamionIngresado & Record<string, unknown>>(sql`
    insert into camiones (codempre, unineg, patcha, pataco, cargateorica, nomchofer, dni, ingplaya,
                          estado_desde)
    values (${c.codempre}, ${c.unineg}, ${c.patcha}, ${c.pataco}, ${c.cargateorica},
            ${c.nomchofer}, ${c.dni}, ${ingplaya}, ${ingplaya})
    returning ctrl as camion, codempre, unineg, patcha, codestado, ${fechaLocal(sql`ingplaya`)} as ingplaya`);
  return rows[0]!;
}

/** Every operation on a truck takes its row first, as linking does: they pass one at a time. */
export async function bloquearCamionEnOperacion(
  tx: Tx,
  ctrl: number,
): Promise<CamionEnOperacion | undefined> {
  const { rows } = await tx.execute<CamionEnOperacion & Record<string, unknown>>(sql`
    select ctrl, codempre, unineg, codestado, ${instante(sql`ingplaya`)} as ingplaya,
           ${instante(sql`finalizado_en`)} as finalizado_en, ${instante(sql`egreso_en`)} as egreso_en
    from camiones where ctrl = ${ctrl} for update`);
  return rows[0];
}

export async function insertarTicket(
  tx: Tx,
  camion: number,
  tara: { kg: number; balanza: string; fecha: Instante },
): Promise<number> {
  const { rows } = await tx.execute<{ ctrl: number }>(sql`
    insert into tickets (camion_ctrl, tara, fechatara, baltara)
    values (${camion}, ${tara.kg}, ${tara.fecha}, ${tara.balanza})
    returning ctrl`);
  return rows[0]!.ctrl;
}

/** The ticket waiting for its gross weighing (the truck's row is already locked). */
export async function ticketAbierto(tx: Tx, camion: number) {
  const { rows } = await tx.execute<TicketAbierto & Record<string, unknown>>(sql`
    select ctrl, tara, ${instante(sql`fechatara`)} as fechatara from tickets
    where camion_ctrl = ${camion} and bruto is null
    order by ctrl desc limit 1`);
  return rows[0];
}

export async function registrarBrutoEnTicket(
  tx: Tx,
  ticket: number,
  bruto: { kg: number; balanza: string; fecha: Instante },
) {
  await tx.execute(sql`
    update tickets set bruto = ${bruto.kg}, fechabruto = ${bruto.fecha},
                       balbruto = ${bruto.balanza}
    where ctrl = ${ticket}`);
}

/** The truck's quotas with their blends, in the order they were linked. */
export async function cuposDelCamionParaReparto(tx: Tx, camion: number): Promise<CupoDelCamion[]> {
  const { rows } = await tx.execute<CupoDelCamion & Record<string, unknown>>(sql`
    select q.ctrl, q.codempre, q.unineg, q.tipo, q.cantidad_asignada, q.peso_envase,
           (select json_agg(json_build_object('codpro', cp.codpro, 'porcentaje', cp.porcentaje)
                            order by cp.codpro)
            from cupo_productos cp where cp.cupo_ctrl = q.ctrl) as productos
    from cupos q where q.camion_ctrl = ${camion}
    order by q.asignado_en, q.ctrl`);
  return rows;
}

/** Operando since the tare: the scale's instant. */
export async function marcarOperando(tx: Tx, camion: number, fecha: Instante) {
  await tx.execute(sql`
    update camiones set codestado = 3, estado_desde = ${fecha}, actualizado_en = now()
    where ctrl = ${camion}`);
}

export async function finalizarCamion(tx: Tx, camion: number, fecha: Instante) {
  await tx.execute(sql`
    update camiones set codestado = 4, finalizado_en = ${fecha}, estado_desde = ${fecha},
                        actualizado_en = now()
    where ctrl = ${camion}`);
}

export async function registrarEgresoCamion(tx: Tx, camion: number, fecha: Instante) {
  await tx.execute(sql`
    update camiones set egreso_en = ${fecha}, actualizado_en = now()
    where ctrl = ${camion}`);
}

/** The truck as every operation answers it, but for its ticket. */
export async function camionSinTicket(
  db: DbOTx,
  ctrl: number,
): Promise<Omit<CamionOperado, 'ticket'>> {
  const { rows } = await db.execute<Omit<CamionOperado, 'ticket'> & Record<string, unknown>>(sql`
    select c.ctrl as camion, c.codempre, c.unineg, c.patcha, c.codestado, e.nomestado,
           ${fechaLocal(sql`c.ingplaya`)} as ingplaya, ${fechaLocal(sql`c.egreso_en`)} as egreso,
           coalesce((select array_agg(q.ctrl order by q.ctrl) from cupos q where q.camion_ctrl = c.ctrl),
                    '{}') as cupos
    from camiones c join estados_camion e on e.codestado = c.codestado
    where c.ctrl = ${ctrl}`);
  return rows[0]!;
}

/** Product names of the movements a gross weighing answers. */
export async function nombresDeProductos(tx: Tx, codpros: number[]): Promise<Map<number, string>> {
  const { rows } = await tx.execute<{ codpro: number; nompro: string }>(sql`
    select codpro, nompro from productos where codpro = any(${`{${codpros.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [r.codpro, r.nompro]));
}
