/**
 * Containers per client (issue 21): name and weight in kilograms, active or not. The
 * administration's routes, and the order form's spec route `envases/envases-clientes`, which
 * offers only active containers.
 */
import { z } from 'zod';
import { codempre, entero, id, texto } from './comun';

// ---------------------------------------------------------------------------------------------
// The order form's catalogue (spec route)

/** `envases/envases-clientes { cliente }`: the active containers of a client. */
export const envasesClientesBody = z.strictObject({ cliente: codempre });
export const envaseCliente = z.object({
  ctrl: z.number().int(),
  nombre: z.string(),
  /** Kilograms one container holds. */
  peso: z.number(),
});
export type EnvaseCliente = z.infer<typeof envaseCliente>;
export const envasesClientesRespuesta = z.array(envaseCliente);

// ---------------------------------------------------------------------------------------------
// For administrators

/** The largest weight the column holds (numeric(10, 3)). */
export const PESO_MAXIMO_ENVASE = 9_999_999.999;

/** Kilograms: more than 0, at most three decimals (the service says why in Spanish). */
const peso = z.number().finite();
const nombre = texto(60).min(1);

export const envaseAdministrado = z.object({
  ctrl: z.number().int(),
  codempre: z.number().int(),
  nombre: z.string(),
  peso: z.number(),
  activo: z.boolean(),
});
export type EnvaseAdministrado = z.infer<typeof envaseAdministrado>;
export const listaEnvases = z.array(envaseAdministrado);

export const envasesDeClienteBody = z.strictObject({ codempre: entero(1) });
export const crearEnvaseBody = z.strictObject({ codempre: entero(1), nombre, peso });
export type CrearEnvaseBody = z.input<typeof crearEnvaseBody>;
export const editarEnvaseBody = z.strictObject({ ctrl: id, nombre, peso });
export type EditarEnvaseBody = z.input<typeof editarEnvaseBody>;
export const activoEnvaseBody = z.strictObject({ ctrl: id, activo: z.boolean() });
export const ctrlEnvaseBody = z.strictObject({ ctrl: id });
