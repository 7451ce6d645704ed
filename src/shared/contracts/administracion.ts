/**
 * The administration of the portal (issue 14), for the terminal's administrators: users, their
 * coordinate cards, companies and business units, service tokens, the audit trail. The CLI and
 * these routes call the same services.
 */
import { z } from 'zod';
import { compararCoordenadasBody, pedirCoordenadasRespuesta } from './auth';
import { codempre, dia, entero, fechaLocal, id, texto, unidadNegocio } from './comun';

export { dia };

const nombreUsuario = texto(50).min(1);
const unidades = z.array(id).max(50);
const hecho = z.object({ ok: z.literal(true) });
export type Hecho = z.infer<typeof hecho>;
export { hecho as hechoRespuesta };

// ---------------------------------------------------------------------------------------------
// Users

export const usuarioAdministrado = z.object({
  id: z.number().int(),
  usuario: z.string(),
  codempre: z.number().int(),
  nomempre: z.string(),
  /** Its business units; an administrator (company 0) holds them all and lists none. */
  unidades: z.array(unidadNegocio),
  activo: z.boolean(),
  /** Locked after five failures, until this moment; null when it may sign in. */
  bloqueadoHasta: fechaLocal.nullable(),
  /** Consecutive failed sign-ins counted now. */
  fallos: z.number().int(),
  tarjeta: z.object({ ctrl: z.number().int(), emitida: fechaLocal }).nullable(),
  ultimoIngreso: fechaLocal.nullable(),
  sesionesAbiertas: z.number().int(),
});
export type UsuarioAdministrado = z.infer<typeof usuarioAdministrado>;
export const listaUsuarios = z.array(usuarioAdministrado);

export const crearUsuarioBody = z.strictObject({ usuario: nombreUsuario, codempre, unidades });
export type CrearUsuarioBody = z.input<typeof crearUsuarioBody>;
export const usuarioCreado = z.object({ id: z.number().int(), usuario: z.string() });

export const usuarioBody = z.strictObject({ usuario: nombreUsuario });
export const unidadesUsuarioBody = z.strictObject({ usuario: nombreUsuario, unidades });
export const activoUsuarioBody = z.strictObject({ usuario: nombreUsuario, activo: z.boolean() });
export const sesionesCerradasRespuesta = z.object({ cerradas: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Coordinate cards

const celda = z.string().regex(/^[A-J][1-5]$/);

/** A card as it is issued: its values exist in clear only in this answer. */
export const tarjetaEmitida = z.object({
  usuario: z.string(),
  ctrltarjeta: z.number().int(),
  emitida: fechaLocal,
  celdas: z.record(celda, z.number().int()),
});
export type TarjetaEmitida = z.infer<typeof tarjetaEmitida>;

/**
 * An answer that is a document, not JSON: how OpenAPI documents it (`content` by media type),
 * and how the route map tells it from a JSON answer.
 */
export interface RespuestaArchivo {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** What the browser gets of a document answer. */
export const documento = z.custom<Blob>();

/** The printable card: one A4 sheet, front and back at credit-card size, in PDF. */
export const tarjetaPdfRespuesta = {
  description: 'La tarjeta para imprimir: una hoja A4 con el frente y el dorso, en PDF',
  content: {
    'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
  },
} as const satisfies RespuestaArchivo;

/** The printable card: the values the issuing screen holds, checked against the card's HMACs. */
export const tarjetaPdfBody = z.strictObject({
  usuario: nombreUsuario,
  ctrltarjeta: id,
  celdas: z.record(celda, entero(1000, 9999)),
});
export type TarjetaPdfBody = z.input<typeof tarjetaPdfBody>;

// ---------------------------------------------------------------------------------------------
// Step-up: two fresh cells of the administrator's own card before a sensitive act

export const reautenticacionDesafioRespuesta = pedirCoordenadasRespuesta;
export const reautenticarBody = compararCoordenadasBody;
export const reautenticadoRespuesta = z.object({ hasta: fechaLocal });

// ---------------------------------------------------------------------------------------------
// Companies and business units

export const empresaAdministrada = z.object({
  codempre: z.number().int(),
  nomempre: z.string(),
  /** The units it works in (the terminal, company 0, works in all and lists none). */
  unidades: z.array(unidadNegocio),
  usuarios: z.number().int(),
});
export type EmpresaAdministrada = z.infer<typeof empresaAdministrada>;
export const listaEmpresasAdministradas = z.array(empresaAdministrada);
export const crearEmpresaBody = z.strictObject({
  codempre: entero(1),
  nomempre: texto(100).min(1),
  unidades,
});
export type CrearEmpresaBody = z.input<typeof crearEmpresaBody>;
export const unidadesEmpresaBody = z.strictObject({ codempre: entero(1), unidades });

// ---------------------------------------------------------------------------------------------
// Service tokens

export const tokenAdministrado = z.object({
  nombre: z.string(),
  creado: fechaLocal,
  ultimoUso: fechaLocal.nullable(),
  /** The last day it is worth, 'AAAA-MM-DD'; null if it never expires. */
  vence: z.string().nullable(),
  revocado: fechaLocal.nullable(),
});
export type TokenAdministrado = z.infer<typeof tokenAdministrado>;
export const listaTokens = z.array(tokenAdministrado);
export const crearTokenBody = z.strictObject({ nombre: texto(60).min(1), vence: dia.optional() });
export type CrearTokenBody = z.input<typeof crearTokenBody>;
/** The token in clear: shown once, never again. */
export const tokenCreado = z.object({ nombre: z.string(), token: z.string() });
export const nombreTokenBody = z.strictObject({ nombre: texto(60).min(1) });

// ---------------------------------------------------------------------------------------------
// The audit trail

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
