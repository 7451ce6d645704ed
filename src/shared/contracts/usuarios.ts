/**
 * The terminal's administration of users (issue 14): list, create, units, activate, sessions.
 * Their coordinate cards are the sign-in's (contracts/auth.ts).
 */
import { z } from 'zod';
import { codempre, fechaLocal, listaDeUnidades, nombreUsuario, unidadNegocio } from './comun';

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

export const crearUsuarioBody = z.strictObject({
  usuario: nombreUsuario,
  codempre,
  unidades: listaDeUnidades,
});
export type CrearUsuarioBody = z.input<typeof crearUsuarioBody>;
export const usuarioCreado = z.object({ id: z.number().int(), usuario: z.string() });

export const usuarioBody = z.strictObject({ usuario: nombreUsuario });
export const unidadesUsuarioBody = z.strictObject({
  usuario: nombreUsuario,
  unidades: listaDeUnidades,
});
export const activoUsuarioBody = z.strictObject({ usuario: nombreUsuario, activo: z.boolean() });
export const sesionesCerradasRespuesta = z.object({ cerradas: z.number().int() });
