/** Survey length limits (spec section 9), shared by the contract and the forms. */
export const LIMITES_ENCUESTA = {
  titulo: 255,
  descripcion: 255,
  pregunta: 500,
  textoRespuesta: 255,
  observaciones: 250,
} as const;
