/** The quota order form's values: new, loaded back from a quota, sent, and reset (spec 3, 4). */
import type {
  CrearCupoBody,
  DetalleCupoRespuesta,
  EditarCupoBody,
} from '../../../shared/contracts/cupos';
import type { GuardadoCupo } from './api';
import {
  decimasAPorcentaje,
  SIN_ENVASE_ID,
  type CupoValidado,
} from '../../../shared/cupo-validacion';

export interface FilaProducto {
  /** Stable React key of the row: rows are added and removed anywhere. */
  clave: number;
  producto: string;
  porcentaje: string;
}

/** What the inputs hold: text, as selects and inputs give it. */
export interface ValoresFormulario {
  cliente: string;
  uniNeg: string;
  tipoOrden: 'D' | 'R';
  tipoDespacho: string;
  envase: string;
  cargaMaxima: string;
  conCoating: boolean;
  observaciones: string;
  cantCuposIguales: string;
  productos: FilaProducto[];
}

let ultimaClave = 0;
export const filaVacia = (producto = '', porcentaje = ''): FilaProducto => ({
  clave: ++ultimaClave,
  producto,
  porcentaje,
});

const texto = (n: number | undefined) => (n === undefined ? '' : String(n));

/** A new order: the kept client and unit, order type D, one quota, one empty product row. */
export function valoresNuevos(codempre?: number, unineg?: number): ValoresFormulario {
  return {
    cliente: texto(codempre),
    uniNeg: texto(unineg),
    tipoOrden: 'D',
    tipoDespacho: '',
    envase: '',
    cargaMaxima: '',
    conCoating: false,
    observaciones: '',
    cantCuposIguales: '1',
    productos: [filaVacia()],
  };
}

/** Editing loads every value of the quota back. */
export function valoresDeDetalle({
  cupo,
  productos,
}: DetalleCupoRespuesta['detalleCupo']): ValoresFormulario {
  const c = cupo[0]!;
  return {
    cliente: String(c.codempre),
    uniNeg: String(c.unineg),
    tipoOrden: c.tipo,
    tipoDespacho: String(c.coddespacho),
    envase: String(c.tipenvase),
    cargaMaxima: String(c.cantidad),
    conCoating: c.couting,
    observaciones: c.obs ?? '',
    cantCuposIguales: '1',
    productos: productos.map((p) => filaVacia(String(p.ctrl), String(p.porcentaje))),
  };
}

/** `mergedCupo.cupo` as both crear and editar send it: the checked values as numbers. */
function cupoDe(v: ValoresFormulario, c: CupoValidado, pesoEnvase: number | null) {
  return {
    cliente: c.cliente,
    uniNeg: c.uniNeg,
    tipoOrden: v.tipoOrden,
    tipoDespacho: c.tipoDespacho,
    envase: c.envase,
    cargaMaxima: c.cargaMaxima,
    conCoating: v.conCoating,
    observaciones: v.observaciones,
    pesoEnvase: c.envase === SIN_ENVASE_ID ? null : pesoEnvase,
  };
}

const productosDe = (c: CupoValidado) =>
  c.productos.map((p) => ({ producto: p.codpro, porcentaje: decimasAPorcentaje(p.decimas) }));

/** `cupos/crear` (spec section 7), with the count of identical quotas. */
export const cuerpoAlta = (
  v: ValoresFormulario,
  c: CupoValidado,
  pesoEnvase: number | null,
): CrearCupoBody => ({
  mergedCupo: {
    cupo: { ...cupoDe(v, c, pesoEnvase), cantCuposIguales: c.cantCuposIguales },
    productos: productosDe(c),
  },
});

/** `cupos/editar`: `ctrl` is the numeric codorden, and the container's weight goes along. */
export const cuerpoModificacion = (
  v: ValoresFormulario,
  c: CupoValidado,
  pesoEnvase: number | null,
  codorden: number,
): EditarCupoBody => ({
  mergedCupo: { cupo: { ...cupoDe(v, c, pesoEnvase), ctrl: codorden }, productos: productosDe(c) },
});

/** The client and unit of a quota just sent: the selection follows them. */
export function seleccionGuardada(guardado: GuardadoCupo): { cliente: number; uniNeg: number } {
  const { cupo } = 'alta' in guardado ? guardado.alta.mergedCupo : guardado.modificacion.mergedCupo;
  return { cliente: Number(cupo.cliente), uniNeg: Number(cupo.uniNeg) };
}

/**
 * After a create (spec section 4): unit, dispatch type, container, maximum load, observations
 * and count go back to their defaults; client, order type, coating and products stay, ready for
 * the next similar order.
 */
export function trasAlta(v: ValoresFormulario, unineg: number | undefined): ValoresFormulario {
  const nuevos = valoresNuevos(undefined, unineg);
  return {
    ...v,
    uniNeg: nuevos.uniNeg,
    tipoDespacho: nuevos.tipoDespacho,
    envase: nuevos.envase,
    cargaMaxima: nuevos.cargaMaxima,
    observaciones: nuevos.observaciones,
    cantCuposIguales: nuevos.cantCuposIguales,
  };
}
