/**
 * Products (issue 21): the terminal's catalogue (code, name, active) and the products each client
 * may order in each business unit. The administration's routes, and the order form's spec route
 * `productos/productos-clientes`, which offers only active products.
 */
import { z } from 'zod';
import { codempre, entero, id, texto } from './comun';

// ---------------------------------------------------------------------------------------------
// The order form's catalogue (spec route)

/** `productos/productos-clientes { cliente, unineg }`: what a client may order in a unit. */
export const productosClientesBody = z.strictObject({ cliente: codempre, unineg: id });
export const productoCliente = z.object({ codpro: z.number().int(), nompro: z.string() });
export type ProductoCliente = z.infer<typeof productoCliente>;
export const productosClientesRespuesta = z.array(productoCliente);

// ---------------------------------------------------------------------------------------------
// The catalogue, for administrators

/** A product code: a positive integer, as the terminal's own system numbers them. */
const codpro = entero(1);
const nompro = texto(60).min(1);

export const productoAdministrado = z.object({
  codpro: z.number().int(),
  nompro: z.string(),
  activo: z.boolean(),
  /** How many client companies may order it (in any unit). */
  clientes: z.number().int(),
});
export type ProductoAdministrado = z.infer<typeof productoAdministrado>;
export const listaProductos = z.array(productoAdministrado);

export const crearProductoBody = z.strictObject({ codpro, nompro });
export type CrearProductoBody = z.input<typeof crearProductoBody>;
export const renombrarProductoBody = z.strictObject({ codpro, nompro });
export const activoProductoBody = z.strictObject({ codpro, activo: z.boolean() });
export const codproBody = z.strictObject({ codpro });

// ---------------------------------------------------------------------------------------------
// Products per client and unit, for administrators

export const productosDeClienteBody = z.strictObject({ codempre: entero(1), unineg: id });

/**
 * One line of a client's products in a unit: every active product (ticked when the client may
 * order it), and the deactivated ones it still has ticked.
 */
export const productoDeCliente = z.object({
  codpro: z.number().int(),
  nompro: z.string(),
  activo: z.boolean(),
  habilitado: z.boolean(),
  /** The client's open quotas in that unit that hold it: while any, it cannot be taken away. */
  cuposAbiertos: z.number().int(),
});
export type ProductoDeCliente = z.infer<typeof productoDeCliente>;
export const listaProductosDeCliente = z.array(productoDeCliente);

export const guardarProductosDeClienteBody = z.strictObject({
  codempre: entero(1),
  unineg: id,
  /** The whole list: what is not in it is taken away. */
  productos: z.array(codpro).max(5000),
});
export type GuardarProductosDeClienteBody = z.input<typeof guardarProductosDeClienteBody>;
