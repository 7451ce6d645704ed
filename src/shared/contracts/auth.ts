import { z } from 'zod';
import {
  entero,
  fechaLocal,
  id,
  nombreUsuario as nombreAdministrado,
  texto,
  unidadNegocio,
  type RespuestaArchivo,
} from './comun';

export const LETRAS_TARJETA = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export const POSICIONES_TARJETA = [1, 2, 3, 4, 5] as const;

export const coordenada = z.strictObject({
  letra: z.enum(LETRAS_TARJETA),
  posicion: z.number().int().min(1).max(5),
});
export type Coordenada = z.infer<typeof coordenada>;

export const nombreUsuario = texto(50)
  .refine((s) => s.length > 0, 'Este campo es obligatorio')
  .transform((s) => s.toLowerCase());

export const pedirCoordenadasBody = z.strictObject({ userName: nombreUsuario });

/** `[[{ ctrltarjeta }], [coordenada, coordenada]]` (spec section 3, design section 3). */
export const pedirCoordenadasRespuesta = z.tuple([
  z.array(z.object({ ctrltarjeta: z.number().int() })),
  z.array(coordenada),
]);
export type PedirCoordenadasRespuesta = z.infer<typeof pedirCoordenadasRespuesta>;

const valorCoordenada = z.number().int().min(0).max(99_999);

export const compararCoordenadasBody = z.strictObject({
  solicitadas: z.array(coordenada).length(2),
  ingresadas: z.strictObject({ coordenada1: valorCoordenada, coordenada2: valorCoordenada }),
  tarjeta: z.number().int().min(0).max(2_147_483_647),
});
export type CompararCoordenadasBody = z.input<typeof compararCoordenadasBody>;

export const compararCoordenadasRespuesta = z.object({
  codempre: z.number().int(),
  uniNegs: z.array(unidadNegocio),
  usuario: z.string(),
});
export type CompararCoordenadasRespuesta = z.infer<typeof compararCoordenadasRespuesta>;

export const verificarUsuarioRespuesta = z.union([
  z.object({
    loggedIn: z.literal(true),
    usuario: z.string(),
    codempre: z.number().int(),
    uniNegs: z.array(unidadNegocio),
    userId: z.number().int(),
  }),
  z.object({ loggedIn: z.literal(false) }),
]);
export type VerificarUsuarioRespuesta = z.infer<typeof verificarUsuarioRespuesta>;

export const cerrarSesionRespuesta = z.object({ cerrada: z.literal(true) });
export type CerrarSesionRespuesta = z.infer<typeof cerrarSesionRespuesta>;

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

/** The printable card: one A4 sheet, front and back at credit-card size, in PDF. */
export const tarjetaPdfRespuesta = {
  description: 'La tarjeta para imprimir: una hoja A4 con el frente y el dorso, en PDF',
  content: {
    'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
  },
} as const satisfies RespuestaArchivo;

/** The printable card: the values the issuing screen holds, checked against the card's HMACs. */
export const tarjetaPdfBody = z.strictObject({
  usuario: nombreAdministrado,
  ctrltarjeta: id,
  celdas: z.record(celda, entero(1000, 9999)),
});
export type TarjetaPdfBody = z.input<typeof tarjetaPdfBody>;

// ---------------------------------------------------------------------------------------------
// Step-up: two fresh cells of the administrator's own card before a sensitive act

export const reautenticacionDesafioRespuesta = pedirCoordenadasRespuesta;
export const reautenticarBody = compararCoordenadasBody;
export const reautenticadoRespuesta = z.object({ hasta: fechaLocal });
