/**
 * Satisfaction surveys (spec sections 3 and 7, design section 7). Responses keep the spec's field
 * names and casing: surveys `Id, Titulo, Descripcion, FechaCreacion`, questions
 * `Id, Texto, Obligatoria, EsTexto` with the flags as 0/1.
 */
import { z } from 'zod';
import { LIMITES_ENCUESTA } from '../encuestas';
import { TEXTOS_ENCUESTAS } from '../textos';
import { entero, fechaLocal, id, texto } from './comun';

/** A survey flag as the API sends it. */
const cero0Uno = z.union([z.literal(0), z.literal(1)]);

/** `pregunta/editar` takes the flags as booleans or as 0/1 (design section 7). */
const bandera = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1);

const titulo = texto(LIMITES_ENCUESTA.titulo).min(1, TEXTOS_ENCUESTAS.debeCompletarTitulo);
/** Optional: blank or missing is stored as no description. */
const descripcion = texto(LIMITES_ENCUESTA.descripcion)
  .nullish()
  .transform((v) => v || null);
const textoPregunta = texto(LIMITES_ENCUESTA.pregunta).min(1, TEXTOS_ENCUESTAS.preguntaVacia);
/** Blank answers count as no answer. */
const opcional = (max: number) =>
  texto(max)
    .nullish()
    .transform((v) => v || null);

export const encuesta = z.object({
  Id: z.number().int(),
  Titulo: z.string(),
  Descripcion: z.string().nullable(),
  FechaCreacion: fechaLocal,
});
export type Encuesta = z.infer<typeof encuesta>;
export const listaEncuestas = z.array(encuesta);

export const pregunta = z.object({
  Id: z.number().int(),
  Texto: z.string(),
  Obligatoria: cero0Uno,
  EsTexto: cero0Uno,
});
export type Pregunta = z.infer<typeof pregunta>;
export const listaPreguntas = z.array(pregunta);

export const encuestaParams = z.strictObject({ id });
export const usuarioParams = z.strictObject({ userId: id });
export const encuestaUsuarioParams = z.strictObject({ id, userId: id });

/** POST /api/encuestas */
export const crearEncuestaBody = z.strictObject({ titulo, descripcion });
export type CrearEncuestaBody = z.input<typeof crearEncuestaBody>;

/** POST /api/encuestas/editar */
export const editarEncuestaBody = z.strictObject({ id, titulo, descripcion });
export type EditarEncuestaBody = z.input<typeof editarEncuestaBody>;

/** POST /api/encuestas/pregunta: a new question is scored and optional until edited. */
export const crearPreguntaBody = z.strictObject({ EncuestaId: id, Texto: textoPregunta });
export type CrearPreguntaBody = z.input<typeof crearPreguntaBody>;

/** POST /api/encuestas/pregunta/editar */
export const editarPreguntaBody = z.strictObject({
  id,
  texto: textoPregunta,
  obligatoria: bandera,
  esTexto: bandera,
});
export type EditarPreguntaBody = z.input<typeof editarPreguntaBody>;

/**
 * One answer of a submission. `puntaje` 0 (the form's initial value) or null means no score;
 * text questions store none whatever is sent (design section 7).
 */
export const respuestaPregunta = z.strictObject({
  preguntaId: id,
  puntaje: entero(0, 5).nullish(),
  observaciones: opcional(LIMITES_ENCUESTA.observaciones),
  textoRespuesta: opcional(LIMITES_ENCUESTA.textoRespuesta),
});
export type RespuestaPregunta = z.output<typeof respuestaPregunta>;

/** POST /api/encuestas/responder */
export const responderBody = z.strictObject({
  usuarioId: id,
  encuestaId: id,
  respuestas: z.array(respuestaPregunta).max(500),
});
export type ResponderBody = z.input<typeof responderBody>;

export const responderRespuesta = z.object({
  Id: z.number().int(),
  EncuestaId: z.number().int(),
  UsuarioId: z.number().int(),
  FechaRespuesta: fechaLocal,
});
export type ResponderRespuesta = z.infer<typeof responderRespuesta>;

/** GET /api/encuestas/{id}/respuestas: one row per answered question of each user. */
export const filaRespuesta = z.object({
  UsuarioId: z.number().int(),
  usuario: z.string(),
  nomempre: z.string(),
  PreguntaId: z.number().int(),
  PreguntaTexto: z.string(),
  Obligatoria: cero0Uno,
  Puntaje: z.number().int().nullable(),
  esTexto: cero0Uno,
  TextoRespuesta: z.string().nullable(),
  Observaciones: z.string().nullable(),
  FechaRespuesta: fechaLocal,
});
export type FilaRespuesta = z.infer<typeof filaRespuesta>;
export const listaRespuestas = z.array(filaRespuesta);

/** GET /api/encuestas/{id}/usuario/{userId}/respondio */
export const respondioRespuesta = z.object({ respondio: z.boolean() });
export type RespondioRespuesta = z.infer<typeof respondioRespuesta>;
