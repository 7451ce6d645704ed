/**
 * Dispatch quotas (design section 5): the list, the detail, create, edit, delete and 'Limpiar
 * Cupos', and the order form's catalogues. Every change runs in one transaction and audits each
 * quota with its values before and after. The screens and the yard simulator come through here.
 */
import type { z } from 'zod';
import type {
  CupoDisponible,
  crearCupoBody,
  DetalleCupoRespuesta,
  TipoDespacho,
} from '../../../shared/contracts/cupos';
import { enteroDe, SIN_ENVASE_ID, validarCupo } from '../../../shared/cupo-validacion';
import { TEXTOS_CUPOS } from '../../../shared/textos';
import { exigirEmpresaYUnidad, exigirUnidad, type Alcance } from '../../acceso';
import type { Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { conflicto, noEncontrado } from '../../errores';
import {
  actualizarCupo,
  auditarCupos,
  bloquearCupo,
  bloquearCuposSinAsignar,
  conAuditoria,
  cuposDisponibles,
  detalleCupo,
  eliminarCupos,
  fotosDeCupos,
  insertarCupos,
  tipoDespachoPorId,
  tiposDespachoDeUnidad,
  type CupoBloqueado,
  type DatosCupo,
} from './repository';
import { erroresDePertenencia, type Pertenencia } from './rules';
import { paraCupoEn as envaseParaCupoEn } from '../envases/servicio';
import { paraCupoEn as productosParaCupoEn } from '../productos/servicio';
import { cancelarDeCuposEn as cancelarTurnosEn } from '../turnos/servicio';

import { encolarEvento, type EventoCualquiera } from '../webhooks/servicio';

/** `mergedCupo` as the route receives it, after the contract's parsing. */
export type OrdenRecibida = z.output<typeof crearCupoBody>['mergedCupo'];

/** A save: the quotas saved, or the form's messages (a 400 with `erroresCupo`). */
export type ResultadoGuardado = { errores: string[] } | { cupos: number[] };

export async function disponibles(
  db: Db,
  alcance: Alcance,
  codempre: number,
  unineg: number,
): Promise<CupoDisponible[]> {
  exigirEmpresaYUnidad(alcance, codempre, unineg);
  return cuposDisponibles(db, codempre, unineg);
}

export async function detalle(
  db: Db,
  alcance: Alcance,
  codorden: number,
): Promise<DetalleCupoRespuesta> {
  const d = await detalleCupo(db, alcance, codorden);
  if (!d) throw noEncontrado();
  return {
    detalleCupo: { cupo: [d.cabecera], productos: d.productos, envasesVacios: d.envasesVacios },
  };
}

type OrdenValidada = { errores: string[] } | { datos: DatosCupo; cantidad: number };

/**
 * The order form's body checked as the form checks it (same messages), then against the
 * database. Another company or unit outside the user's answers 403 before anything else is said.
 */
async function validarOrden(
  db: DbOTx,
  alcance: Alcance,
  { cupo, productos }: OrdenRecibida,
  actual?: CupoBloqueado,
): Promise<OrdenValidada> {
  const creando = actual === undefined;
  const cliente = enteroDe(cupo.cliente);
  const uniNeg = enteroDe(cupo.uniNeg);
  if (cliente !== undefined && uniNeg !== undefined) exigirEmpresaYUnidad(alcance, cliente, uniNeg);

  const coddespacho = enteroDe(cupo.tipoDespacho);
  const despacho = coddespacho ? await tipoDespachoPorId(db, coddespacho) : undefined;
  const r = validarCupo(cupo, productos, {
    creando,
    conEnvase: despacho && despacho.envase === 'S',
  });
  if (!r.cupo) return { errores: r.errores };
  const c = r.cupo;

  const envase = c.envase === SIN_ENVASE_ID ? undefined : await envaseParaCupoEn(db, c.envase);
  const pertenencia: Pertenencia = {
    despacho,
    actual,
    envase,
    productos: await productosParaCupoEn(
      db,
      c.cliente,
      c.uniNeg,
      c.productos.map((p) => p.codpro),
    ),
  };
  const errores = erroresDePertenencia(c, pertenencia);
  if (errores.length > 0) return { errores };
  return {
    cantidad: c.cantCuposIguales,
    datos: {
      codempre: c.cliente,
      unineg: c.uniNeg,
      tipo: cupo.tipoOrden,
      coddespacho: c.tipoDespacho,
      tipenvase: envase ? c.envase : null,
      // The weight comes from the container itself, never from the body.
      pesoEnvase: envase?.peso ?? null,
      cantidad: c.cargaMaxima,
      couting: cupo.conCoating,
      obs: cupo.observaciones || null,
      productos: c.productos,
    },
  };
}

/**
 * Locks a quota the caller may change. Missing, deleted or another company's answers 404 (the
 * same); linked to a truck, 409: its truck is loading against it.
 */
async function exigirModificable(tx: DbOTx, alcance: Alcance, ctrl: number) {
  const cupo = await bloquearCupo(tx, alcance, ctrl);
  if (!cupo) throw noEncontrado();
  if (cupo.asignado) throw conflicto(TEXTOS_CUPOS.cupoVinculado);
  return cupo;
}

/** Webhooks' event of a quota, in the quota's group. */
const eventoCupo = (
  tipo: 'cupo.creado' | 'cupo.eliminado',
  ctrl: number,
  codempre: number,
  unineg: number,
): EventoCualquiera => ({
  tipo,
  codempre,
  datos: { cupo: ctrl, codempre, unineg },
  grupo: `cupo:${ctrl}`,
});

/** `cantCuposIguales` identical quotas (at most 100), all or none. */
export function crear(
  db: DbOTx,
  alcance: Alcance,
  actor: Actor,
  orden: OrdenRecibida,
): Promise<ResultadoGuardado> {
  return db.transaction(async (tx) => {
    const v = await validarOrden(tx, alcance, orden);
    if ('errores' in v) return v;
    const ctrls = await insertarCupos(tx, v.datos, v.cantidad, actor.usuarioId ?? null);
    const despues = await fotosDeCupos(tx, ctrls);
    await auditarCupos(tx, { ...actor, accion: 'crear' }, ctrls, new Map(), despues);
    await encolarEvento(
      tx,
      ...ctrls.map((ctrl) => eventoCupo('cupo.creado', ctrl, v.datos.codempre, v.datos.unineg)),
    );
    return { cupos: ctrls };
  });
}

/** Every value of an unassigned quota: header, blend and empty containers. */
export function editar(
  db: Db,
  alcance: Alcance,
  actor: Actor,
  orden: OrdenRecibida & { cupo: { ctrl: number } },
): Promise<ResultadoGuardado> {
  const ctrl = orden.cupo.ctrl;
  return db.transaction(async (tx) => {
    const actual = await exigirModificable(tx, alcance, ctrl);
    const v = await validarOrden(tx, alcance, orden, actual);
    if ('errores' in v) return v;
    await conAuditoria(tx, { ...actor, accion: 'modificar' }, [ctrl], () =>
      actualizarCupo(tx, ctrl, v.datos, actor.usuarioId ?? null),
    );
    return { cupos: [ctrl] };
  });
}

/** Soft delete of an unassigned quota: it stays, with who and when. */
export async function eliminar(db: DbOTx, alcance: Alcance, actor: Actor, ctrl: number) {
  await db.transaction(async (tx) => {
    const cupo = await exigirModificable(tx, alcance, ctrl);
    await conAuditoria(tx, { ...actor, accion: 'eliminar' }, [ctrl], () =>
      eliminarCupos(tx, [ctrl], actor.usuarioId ?? null),
    );
    // A deleted quota keeps no place in a band: its booking goes with it.
    await cancelarTurnosEn(tx, actor, [ctrl]);

    await encolarEvento(tx, eventoCupo('cupo.eliminado', ctrl, cupo.codempre, cupo.unineg));
  });
  return { eliminados: 1 };
}

/** 'Limpiar Cupos': every unassigned quota of a client and unit; returns how many went. */
export async function limpiar(
  db: Db,
  alcance: Alcance,
  actor: Actor,
  codempre: number,
  unineg: number,
) {
  exigirEmpresaYUnidad(alcance, codempre, unineg);
  const eliminados = await db.transaction(async (tx) => {
    const ctrls = await bloquearCuposSinAsignar(tx, codempre, unineg);
    await conAuditoria(tx, { ...actor, accion: 'limpiar' }, ctrls, () =>
      eliminarCupos(tx, ctrls, actor.usuarioId ?? null),
    );
    await cancelarTurnosEn(tx, actor, ctrls);

    await encolarEvento(tx, ...ctrls.map((c) => eventoCupo('cupo.eliminado', c, codempre, unineg)));
    return ctrls.length;
  });
  return { eliminados };
}

// The order form's dispatch types. Its containers and products are offered by their own features
// (envases, productos), whose services the checks above call: what the form offers is what the
// server accepts.

export function despachos(db: Db, alcance: Alcance, unineg: number): Promise<TipoDespacho[]> {
  exigirUnidad(alcance, unineg);
  return tiposDespachoDeUnidad(db, unineg);
}
