import { z } from 'zod';
import { codempre, errorApi, fechaLocal, id, texto } from './comun';

/** POST /api/cupos: the unassigned quotas of a client and business unit (spec section 7). */
export const cuposBody = z.strictObject({ uniNeg: id, codEmpre: codempre });

export const cupoDisponible = z.object({
  ctrl: z.number().int(),
  fechagen: fechaLocal,
  nomdespacho: z.string(),
  nombreenvase: z.string(),
  mezcla: z.string(),
  cantidad: z.number(),
  obs: z.string().nullable(),
});
export type CupoDisponible = z.infer<typeof cupoDisponible>;

export const cuposRespuesta = z.object({ resultado: z.array(cupoDisponible) });
export type CuposRespuesta = z.infer<typeof cuposRespuesta>;

/** What the lists show for a quota without containers (bulk). */
export const SIN_ENVASE = 'Sin envase';

/** `cupo/detalle` and `cupos/eliminar`: a quota by its ctrl (codorden). */
export const codordenBody = z.strictObject({ codorden: id });

/**
 * `cupo[0]` of the detail: what the modal shows (tipodesc, nomdespacho, nombreenvase, cantidad,
 * obs) and the raw values the edit form loads back (design section 5).
 */
export const cabeceraCupo = z.object({
  ctrl: z.number().int(),
  codempre: z.number().int(),
  unineg: z.number().int(),
  tipo: z.enum(['D', 'R']),
  tipodesc: z.string(),
  coddespacho: z.number().int(),
  nomdespacho: z.string(),
  /** -1 when the quota has no container (bulk). */
  tipenvase: z.number().int(),
  nombreenvase: z.string(),
  pesoEnvase: z.number().nullable(),
  cantidad: z.number(),
  couting: z.boolean(),
  obs: z.string().nullable(),
  fechagen: fechaLocal,
  /** Linked to a truck: it can no longer be edited or deleted. */
  asignado: z.boolean(),
});
export type CabeceraCupo = z.infer<typeof cabeceraCupo>;

export const productoDeCupo = z.object({
  /** The product's codpro. */
  ctrl: z.number().int(),
  nompro: z.string(),
  porcentaje: z.number(),
});
export type ProductoDeCupo = z.infer<typeof productoDeCupo>;

export const envaseVacio = z.object({
  ctrlenvase: z.number().int(),
  nombre: z.string(),
  unidades: z.number().int(),
});
export type EnvaseVacio = z.infer<typeof envaseVacio>;

export const detalleCupoRespuesta = z.object({
  detalleCupo: z.object({
    cupo: z.array(cabeceraCupo),
    productos: z.array(productoDeCupo),
    envasesVacios: z.array(envaseVacio),
  }),
});
export type DetalleCupoRespuesta = z.infer<typeof detalleCupoRespuesta>;

/**
 * A value of the order form as it arrives: numbers or the text of a select or input. The
 * shared checks (cupo-validacion.ts) turn it into numbers or into the spec's messages, so that
 * a wrong value gets the same message from the server as from the form.
 */
const valorDeFormulario = z.union([z.number(), z.string().max(40), z.null()]).optional();

const filaProducto = z.strictObject({ producto: valorDeFormulario, porcentaje: valorDeFormulario });

/** `mergedCupo.cupo` (spec section 7, design section 5). */
export const cupoOrden = z.strictObject({
  cliente: valorDeFormulario,
  uniNeg: valorDeFormulario,
  tipoOrden: z.enum(['D', 'R']).default('D'),
  tipoDespacho: valorDeFormulario,
  envase: valorDeFormulario,
  cargaMaxima: valorDeFormulario,
  conCoating: z.boolean().default(false),
  observaciones: texto(250).nullable().optional(),
  cantCuposIguales: valorDeFormulario,
  /** Sent by the form; the server takes the weight from the container itself. */
  pesoEnvase: valorDeFormulario,
});

const productosOrden = z.array(filaProducto).max(50);

export const crearCupoBody = z.strictObject({
  mergedCupo: z.strictObject({ cupo: cupoOrden, productos: productosOrden }),
});
export type CrearCupoBody = z.input<typeof crearCupoBody>;

export const editarCupoBody = z.strictObject({
  mergedCupo: z.strictObject({ cupo: cupoOrden.extend({ ctrl: id }), productos: productosOrden }),
});
export type EditarCupoBody = z.input<typeof editarCupoBody>;

/** 201 of create and edit: the ctrl of every quota saved. */
export const cuposGuardadosRespuesta = z.object({ cupos: z.array(z.number().int()) });
export type CuposGuardadosRespuesta = z.infer<typeof cuposGuardadosRespuesta>;

/** 400 of create and edit: `msj` as every error, plus the list the form shows as bullets. */
export const errorCupo = errorApi.extend({ erroresCupo: z.array(z.string()).optional() });
export type ErrorCupo = z.infer<typeof errorCupo>;

/** `cupos/eliminar` and `cupos/limpiar`: how many quotas were deleted. */
export const eliminadosRespuesta = z.object({ eliminados: z.number().int() });
export type EliminadosRespuesta = z.infer<typeof eliminadosRespuesta>;

/** `cupos/limpiar { codEmpre, uniNeg }`: the same selection as the list. */
export const limpiarCuposBody = cuposBody;

/** `cupos/despachos { coddespacho }`: coddespacho carries the business unit (design section 5). */
export const despachosBody = z.strictObject({ coddespacho: id });
export const tipoDespacho = z.object({
  coddespacho: z.number().int(),
  nomdespacho: z.string(),
  /** 'N': bulk, no container. */
  envase: z.enum(['S', 'N']),
});
export type TipoDespacho = z.infer<typeof tipoDespacho>;
export const despachosRespuesta = z.array(tipoDespacho);
