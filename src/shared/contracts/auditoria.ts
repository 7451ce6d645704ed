/** The audit trail as the administration reads it (issue 14; sentences, issue 22). */
import { z } from 'zod';
import { dia, entero, fechaLocal, texto } from './comun';

export const MAXIMO_POR_PAGINA = 500;

export const auditoriaBody = z.strictObject({
  /** From this day, inclusive (terminal's calendar). */
  desde: dia.optional(),
  /** Up to this day, inclusive. */
  hasta: dia.optional(),
  actor: texto(100).optional(),
  accion: texto(60).optional(),
  tabla: texto(60).optional(),
  filaId: texto(60).optional(),
  /**
   * Words of the row's sentence (`frase`), all of them, in any order, without regard to case or
   * accents ('emitio tarjeta jperez').
   */
  texto: texto(200).optional(),
  /** Keyset pagination: the rows older than this id (the previous page's `siguiente`). */
  antesDe: entero(1, Number.MAX_SAFE_INTEGER).optional(),
  limite: entero(1, MAXIMO_POR_PAGINA).default(100),
});
export type AuditoriaBody = z.input<typeof auditoriaBody>;

export const filaAuditoria = z.object({
  id: z.number().int(),
  fecha: fechaLocal,
  actor: z.string(),
  accion: z.string(),
  tabla: z.string(),
  filaId: z.string().nullable(),
  ip: z.string().nullable(),
  antes: z.unknown(),
  despues: z.unknown(),
  /** The row as a sentence a person reads ('admin emitió la tarjeta N° 609163 de jperez'). */
  frase: z.string(),
  /** The names of what the row mentions when it was written, by kind and id. */
  nombres: z.record(z.string(), z.record(z.string(), z.string())).nullable(),
});
export type FilaAuditoria = z.infer<typeof filaAuditoria>;
export const paginaAuditoria = z.object({
  filas: z.array(filaAuditoria),
  /** Pass it as `antesDe` for the next page; null when this is the last. */
  siguiente: z.number().int().nullable(),
});
export const opcionesAuditoria = z.object({
  acciones: z.array(z.string()),
  tablas: z.array(z.string()),
});
