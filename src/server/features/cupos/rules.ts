import type { z } from 'zod';
import type { crearCupoBody } from '../../../shared/contracts/cupos';
import {
  enteroDe,
  SIN_ENVASE_ID,
  validarCupo,
  type CupoValidado,
} from '../../../shared/cupo-validacion';
import { TEXTOS_CUPOS } from '../../../shared/textos';
import type { DbOTx } from '../../db/client';
import { conflicto, noEncontrado } from '../../errores';
import { exigirEmpresaYUnidad, type UsuarioSesion } from '../../plugins/session';
import {
  bloquearCupo,
  envasePorId,
  productosParaOrden,
  tipoDespachoPorId,
  type DatosCupo,
} from './repository';

/** `mergedCupo` as the route receives it, after the contract's parsing. */
export type OrdenRecibida = z.output<typeof crearCupoBody>['mergedCupo'];

export interface Pertenencia {
  despacho?: { unineg: number; envase: 'S' | 'N' };
  envase?: { codempre: number; peso: number; activo: boolean };
  productos: Map<number, { nompro: string; habilitado: boolean }>;
}

/**
 * What the form cannot know for sure: the dispatch type is of that unit, the container of that
 * client (and only when the dispatch type takes one), every product one the client handles in
 * that unit.
 */
export function erroresDePertenencia(c: CupoValidado, p: Pertenencia): string[] {
  const errores: string[] = [];
  if (!p.despacho || p.despacho.unineg !== c.uniNeg) errores.push(TEXTOS_CUPOS.despachoAjeno);
  else if (p.despacho.envase === 'N' && c.envase !== SIN_ENVASE_ID) {
    errores.push(TEXTOS_CUPOS.granelSinEnvase);
  }
  if (
    c.envase !== SIN_ENVASE_ID &&
    (!p.envase || p.envase.codempre !== c.cliente || !p.envase.activo)
  ) {
    errores.push(TEXTOS_CUPOS.envaseAjeno);
  }
  for (const { codpro } of c.productos) {
    const producto = p.productos.get(codpro);
    if (!producto?.habilitado) {
      errores.push(TEXTOS_CUPOS.productoAjeno(producto?.nompro ?? String(codpro)));
    }
  }
  return errores;
}

export type OrdenValidada = { errores: string[] } | { datos: DatosCupo; cantidad: number };

/**
 * The order form's body checked as the form checks it (same messages), then against the
 * database. Another company or unit outside the user's answers 403 before anything else is said.
 */
export async function validarOrden(
  db: DbOTx,
  usuario: UsuarioSesion,
  { cupo, productos }: OrdenRecibida,
  creando: boolean,
): Promise<OrdenValidada> {
  const cliente = enteroDe(cupo.cliente);
  const uniNeg = enteroDe(cupo.uniNeg);
  if (cliente !== undefined && uniNeg !== undefined) exigirEmpresaYUnidad(usuario, cliente, uniNeg);

  const coddespacho = enteroDe(cupo.tipoDespacho);
  const despacho = coddespacho ? await tipoDespachoPorId(db, coddespacho) : undefined;
  const r = validarCupo(cupo, productos, {
    creando,
    conEnvase: despacho && despacho.envase === 'S',
  });
  if (!r.cupo) return { errores: r.errores };
  const c = r.cupo;

  const envase = c.envase === SIN_ENVASE_ID ? undefined : await envasePorId(db, c.envase);
  const pertenencia: Pertenencia = {
    despacho,
    envase,
    productos: await productosParaOrden(
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
 * Locks a quota the user may change. Missing, deleted or another company's answers 404 (the
 * same); linked to a truck, 409: its truck is loading against it.
 */
export async function exigirCupoModificable(tx: DbOTx, usuario: UsuarioSesion, ctrl: number) {
  const cupo = await bloquearCupo(tx, usuario, ctrl);
  if (!cupo) throw noEncontrado();
  if (cupo.asignado) throw conflicto(TEXTOS_CUPOS.cupoVinculado);
}
