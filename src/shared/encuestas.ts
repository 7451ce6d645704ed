/** Survey length limits (spec section 9), shared by the contract and the forms. */
export const LIMITES_ENCUESTA = {
  titulo: 255,
  descripcion: 255,
  pregunta: 500,
  textoRespuesta: 255,
  observaciones: 250,
} as const;

/**
 * CSAT (issue 16): the share of the top two answers (4 and 5). At or above `bueno` it is marked
 * green, at or above `regular` amber, below red.
 */
export const UMBRALES_CSAT = { bueno: 0.8, regular: 0.55 } as const;

/**
 * The recontact rule (issue 16): a user is reminded of a survey at most once in this many days,
 * however often the administrator sends reminders.
 */
export const DIAS_ENTRE_RECORDATORIOS = 7;
