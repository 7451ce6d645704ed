import { eq, sql, type SQL } from 'drizzle-orm';
import {
  SIN_ENVASE,
  type CabeceraCupo,
  type CupoDisponible,
  type EnvaseVacio,
  type ProductoDeCupo,
  type TipoDespacho,
} from '../../../shared/contracts/cupos';
import { decimasAPorcentaje, SIN_ENVASE_ID } from '../../../shared/cupo-validacion';
import { TIPOS_ORDEN } from '../../../shared/textos';
import { auditarVarias, type EntradaAuditoria } from '../../db/auditoria';
import type { DbOTx } from '../../db/client';
import { cupoEnvasesVacios, cupoProductos, cupos } from '../../db/schema';
import { fechaLocal, listaEnteros } from '../../db/sql';
import type { Alcance } from '../../acceso';
import type { Pertenencia } from './rules';

/** Quotas not deleted and not assigned to a truck, newest first. */
export async function cuposDisponibles(
  db: DbOTx,
  codempre: number,
  unineg: number,
): Promise<CupoDisponible[]> {
  const { rows } = await db.execute<CupoDisponible>(sql`
    select c.ctrl, ${fechaLocal(sql`c.fechagen`)} as fechagen, d.nomdespacho,
           coalesce(e.nombre, ${SIN_ENVASE}) as nombreenvase,
           c.mezcla,
           c.cantidad, c.obs
    from cupos c
    join tipos_despacho d on d.coddespacho = c.coddespacho
    left join envases e on e.ctrl = c.tipenvase
    where c.codempre = ${codempre} and c.unineg = ${unineg}
      and c.eliminado_en is null and c.camion_ctrl is null
    order by c.fechagen desc, c.ctrl desc`);
  return rows;
}

/**
 * The quotas a user may address by id: administrators all; a client user those of its company in
 * its units. Anything else is filtered out, so it answers exactly as a missing quota (404).
 */
const visiblePara = (u: Alcance, c: SQL) =>
  u === 'terminal' || u.esAdministrador
    ? sql`true`
    : sql`(${c}.codempre = ${u.codempre} and ${c}.unineg = any(${listaEnteros(u.uniNegs.map((x) => x.ctrl))}))`;

export interface DetalleCupo {
  cabecera: CabeceraCupo;
  productos: ProductoDeCupo[];
  envasesVacios: EnvaseVacio[];
}

/**
 * A quota not deleted, with its blend and empty containers, in one round trip; null if missing
 * or not visible.
 */
export async function detalleCupo(
  db: DbOTx,
  usuario: Alcance,
  ctrl: number,
): Promise<DetalleCupo | null> {
  const { rows } = await db.execute<CabeceraCupo & Omit<DetalleCupo, 'cabecera'>>(sql`
    select c.ctrl, c.codempre, c.unineg, c.tipo,
           case c.tipo when 'R' then ${TIPOS_ORDEN.R} else ${TIPOS_ORDEN.D} end as tipodesc,
           c.coddespacho, d.nomdespacho,
           coalesce(c.tipenvase, ${SIN_ENVASE_ID}) as tipenvase,
           coalesce(e.nombre, ${SIN_ENVASE}) as nombreenvase,
           c.peso_envase as "pesoEnvase", c.cantidad, c.couting, c.obs,
           ${fechaLocal(sql`c.fechagen`)} as fechagen,
           c.camion_ctrl is not null as asignado,
           coalesce((
             select json_agg(json_build_object('ctrl', cp.codpro, 'nompro', p.nompro,
                                               'porcentaje', cp.porcentaje)
                             order by cp.porcentaje desc, p.nompro)
             from cupo_productos cp join productos p on p.codpro = cp.codpro
             where cp.cupo_ctrl = c.ctrl), '[]') as productos,
           coalesce((
             select json_agg(json_build_object('ctrlenvase', ev.ctrlenvase, 'nombre', ev_e.nombre,
                                               'unidades', ev.unidades)
                             order by ev_e.nombre)
             from cupo_envases_vacios ev join envases ev_e on ev_e.ctrl = ev.ctrlenvase
             where ev.cupo_ctrl = c.ctrl), '[]') as "envasesVacios"
    from cupos c
    join tipos_despacho d on d.coddespacho = c.coddespacho
    left join envases e on e.ctrl = c.tipenvase
    where c.ctrl = ${ctrl} and c.eliminado_en is null and ${visiblePara(usuario, sql`c`)}`);
  const fila = rows[0];
  if (!fila) return null;
  const { productos, envasesVacios, ...cabecera } = fila;
  return { cabecera, productos, envasesVacios };
}

/**
 * Locks a quota the user may change (FOR UPDATE: a truck being linked to it at the same moment
 * waits, or made us wait and is seen here). Null if missing, deleted or not visible.
 */
/** A quota about to change: its unit and dispatch type may stay even if now inactive. */
export interface CupoBloqueado {
  ctrl: number;
  asignado: boolean;
  codempre: number;
  unineg: number;
  coddespacho: number;
}

export async function bloquearCupo(
  tx: DbOTx,
  usuario: Alcance,
  ctrl: number,
): Promise<CupoBloqueado | null> {
  const { rows } = await tx.execute<CupoBloqueado & Record<string, unknown>>(sql`
    select c.ctrl, c.camion_ctrl is not null as asignado, c.codempre, c.unineg, c.coddespacho
    from cupos c
    where c.ctrl = ${ctrl} and c.eliminado_en is null and ${visiblePara(usuario, sql`c`)}
    for update`);
  return rows[0] ?? null;
}

/** Locks and lists the unassigned quotas of a client and unit ('Limpiar Cupos'). */
export async function bloquearCuposSinAsignar(
  tx: DbOTx,
  codempre: number,
  unineg: number,
): Promise<number[]> {
  const { rows } = await tx.execute<{ ctrl: number }>(sql`
    select ctrl from cupos
    where codempre = ${codempre} and unineg = ${unineg}
      and eliminado_en is null and camion_ctrl is null
    order by ctrl
    for update`);
  return rows.map((r) => r.ctrl);
}

/** Every column of each quota plus its blend and empty containers: the audit's before/after. */
export async function fotosDeCupos(db: DbOTx, ctrls: number[]): Promise<Map<number, unknown>> {
  if (ctrls.length === 0) return new Map();
  const { rows } = await db.execute<{ ctrl: number; foto: unknown }>(sql`
    select c.ctrl, to_jsonb(c) || jsonb_build_object(
      'productos', coalesce((
        select jsonb_agg(jsonb_build_object('codpro', cp.codpro, 'porcentaje', cp.porcentaje)
                         order by cp.codpro)
        from cupo_productos cp where cp.cupo_ctrl = c.ctrl), '[]'::jsonb),
      'envasesVacios', coalesce((
        select jsonb_agg(jsonb_build_object('ctrlenvase', ev.ctrlenvase, 'unidades', ev.unidades))
        from cupo_envases_vacios ev where ev.cupo_ctrl = c.ctrl), '[]'::jsonb)) as foto
    from cupos c where c.ctrl = any(${listaEnteros(ctrls)})`);
  return new Map(rows.map((r) => [r.ctrl, r.foto]));
}

/** A quota's values as the order form leaves them, checked and owned (rules.ts). */
export interface DatosCupo {
  codempre: number;
  unineg: number;
  tipo: 'D' | 'R';
  coddespacho: number;
  tipenvase: number | null;
  pesoEnvase: number | null;
  cantidad: number;
  couting: boolean;
  obs: string | null;
  productos: { codpro: number; decimas: number }[];
}

const cabeceraDe = ({ productos: _p, ...cabecera }: DatosCupo) => cabecera;

async function guardarMezclaYEnvases(tx: DbOTx, ctrls: number[], d: DatosCupo) {
  await tx.insert(cupoProductos).values(
    ctrls.flatMap((cupoCtrl) =>
      d.productos.map((p) => ({
        cupoCtrl,
        codpro: p.codpro,
        porcentaje: decimasAPorcentaje(p.decimas),
      })),
    ),
  );
  // The client supplies one empty container per unit of a container quota (design section 5).
  if (d.tipenvase !== null) {
    const ctrlenvase = d.tipenvase;
    await tx
      .insert(cupoEnvasesVacios)
      .values(ctrls.map((cupoCtrl) => ({ cupoCtrl, ctrlenvase, unidades: d.cantidad })));
  }
}

/** `cantidad` identical quotas; returns their ctrl in ascending order. */
export async function insertarCupos(
  tx: DbOTx,
  d: DatosCupo,
  cantidad: number,
  usuarioId: number | null,
): Promise<number[]> {
  const fila = { ...cabeceraDe(d), creadoPor: usuarioId };
  const filas = await tx
    .insert(cupos)
    .values(Array.from({ length: cantidad }, () => fila))
    .returning({ ctrl: cupos.ctrl });
  const ctrls = filas.map((f) => f.ctrl).sort((a, b) => a - b);
  await guardarMezclaYEnvases(tx, ctrls, d);
  return ctrls;
}

/** Replaces every value of a quota (header, blend, empty containers). */
export async function actualizarCupo(
  tx: DbOTx,
  ctrl: number,
  d: DatosCupo,
  usuarioId: number | null,
) {
  await tx
    .update(cupos)
    .set({ ...cabeceraDe(d), actualizadoEn: sql`now()`, actualizadoPor: usuarioId })
    .where(eq(cupos.ctrl, ctrl));
  await tx.delete(cupoProductos).where(eq(cupoProductos.cupoCtrl, ctrl));
  await tx.delete(cupoEnvasesVacios).where(eq(cupoEnvasesVacios.cupoCtrl, ctrl));
  await guardarMezclaYEnvases(tx, [ctrl], d);
}

/** Soft delete: the rows stay, with who and when (design section 5). */
export async function eliminarCupos(tx: DbOTx, ctrls: number[], usuarioId: number | null) {
  if (ctrls.length === 0) return;
  await tx.execute(sql`
    update cupos set eliminado_en = now(), eliminado_por = ${usuarioId}
    where ctrl = any(${listaEnteros(ctrls)})`);
}

/** One audit row per quota in a single insert: a clean-up may touch hundreds. */
export async function auditarCupos(
  tx: DbOTx,
  base: Pick<EntradaAuditoria, 'usuarioId' | 'actor' | 'ip'> & { accion: string },
  ctrls: number[],
  antes: Map<number, unknown>,
  despues: Map<number, unknown>,
) {
  await auditarVarias(
    tx,
    ctrls.map((ctrl) => ({
      ...base,
      tabla: 'cupos',
      filaId: ctrl,
      antes: antes.get(ctrl) ?? null,
      despues: despues.get(ctrl) ?? null,
    })),
  );
}

/** Runs a change of some quotas and audits each with its values before and after. */
export async function conAuditoria(
  tx: DbOTx,
  base: Pick<EntradaAuditoria, 'usuarioId' | 'actor' | 'ip'> & { accion: string },
  ctrls: number[],
  cambio: () => Promise<void>,
) {
  const antes = await fotosDeCupos(tx, ctrls);
  await cambio();
  await auditarCupos(tx, base, ctrls, antes, await fotosDeCupos(tx, ctrls));
}

// ---------------------------------------------------------------------------------------------
// The order form's dispatch types. The same queries back the list the form offers and the
// ownership the server checks, so what the form shows and what the server accepts agree.

/** The active dispatch types of a unit: what a new quota may take (issue 21). */
export async function tiposDespachoDeUnidad(db: DbOTx, unineg: number): Promise<TipoDespacho[]> {
  const { rows } = await db.execute<TipoDespacho>(sql`
    select coddespacho, nomdespacho, envase from tipos_despacho
    where unineg = ${unineg} and activo order by coddespacho`);
  return rows;
}

/** A dispatch type, whether it and its unit are active. */
export async function tipoDespachoPorId(
  db: DbOTx,
  coddespacho: number,
): Promise<Pertenencia['despacho']> {
  const { rows } = await db.execute<NonNullable<Pertenencia['despacho']>>(sql`
    select d.unineg, d.envase, d.activo, un.activo as "unidadActiva"
    from tipos_despacho d join unidades_negocio un on un.ctrl = d.unineg
    where d.coddespacho = ${coddespacho}`);
  return rows[0];
}
