/**
 * Business units and their dispatch types (issue 21), for the terminal's administrators: list,
 * create, rename, deactivate or activate again, and delete what nothing refers to. The CLI and
 * these routes call the same service (src/server/features/unidades/servicio.ts).
 */
import { z } from 'zod';
import { TEXTOS_UNIDADES as T } from '../textos';
import { id, texto } from './comun';

/** Longest name of a unit or a dispatch type (the columns' length). */
export const LARGO_NOMBRE = 60;

const nombre = (vacio: string) => texto(LARGO_NOMBRE).refine((s) => s.length > 0, vacio);
export const nombreUnidad = nombre(T.nombreVacio);
export const nombreDespacho = nombre(T.nombreDespachoVacio);

/** 'N': bulk, no container; 'S': in containers. */
export const envaseDespacho = z.enum(['S', 'N']);
export type EnvaseDespacho = z.infer<typeof envaseDespacho>;

export const despachoAdministrado = z.object({
  coddespacho: z.number().int(),
  unineg: z.number().int(),
  nomdespacho: z.string(),
  envase: envaseDespacho,
  activo: z.boolean(),
});
export type DespachoAdministrado = z.infer<typeof despachoAdministrado>;

export const unidadAdministrada = z.object({
  ctrl: z.number().int(),
  unineg: z.string(),
  activo: z.boolean(),
  /** Its dispatch types, active or not, by code. */
  despachos: z.array(despachoAdministrado),
});
export type UnidadAdministrada = z.infer<typeof unidadAdministrada>;
export const listaUnidadesAdministradas = z.array(unidadAdministrada);

export const crearUnidadBody = z.strictObject({ unineg: nombreUnidad });
export type CrearUnidadBody = z.input<typeof crearUnidadBody>;
export const renombrarUnidadBody = z.strictObject({ ctrl: id, unineg: nombreUnidad });
export const activoUnidadBody = z.strictObject({ ctrl: id, activo: z.boolean() });
export const unidadBody = z.strictObject({ ctrl: id });

export const crearDespachoBody = z.strictObject({
  unineg: id,
  nomdespacho: nombreDespacho,
  envase: envaseDespacho,
});
export type CrearDespachoBody = z.input<typeof crearDespachoBody>;
export const renombrarDespachoBody = z.strictObject({
  coddespacho: id,
  nomdespacho: nombreDespacho,
});
export const activoDespachoBody = z.strictObject({ coddespacho: id, activo: z.boolean() });
export const despachoBody = z.strictObject({ coddespacho: id });
