/**
 * Satisfaction surveys (spec sections 3 and 7, design section 7). Responses keep the spec's field
 * names and casing: surveys `Id, Titulo, Descripcion, FechaCreacion`, questions
 * `Id, Texto, Obligatoria, EsTexto` with the flags as 0/1.
 */
import { z } from 'zod';
import { LIMITES_ENCUESTA } from '../encuestas';
import { TEXTOS_ENCUESTAS } from '../textos';
import { codempre, dia, entero, fechaLocal, id, texto } from './comun';

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

/**
 * POST /api/encuestas/resultados (issue 16): the survey's figures, for the administrator, of one
 * company or all, for answers given between two days (inclusive, the terminal's calendar).
 */
export const resultadosBody = z.strictObject({
  id,
  codempre: codempre.optional(),
  desde: dia.optional(),
  hasta: dia.optional(),
});
export type ResultadosBody = z.input<typeof resultadosBody>;

/** The figures of a scored question over a month, when the survey ran for more than one. */
const mesDePregunta = z.object({
  /** 'AAAA-MM'. */
  mes: z.string(),
  respondidas: z.number().int(),
  promedio: z.number().nullable(),
  csat: z.number().nullable(),
});

export const resultadoPregunta = z.object({
  PreguntaId: z.number().int(),
  Texto: z.string(),
  esTexto: z.boolean(),
  /** Answer sets that answered it (a score, or a non-blank text). */
  respondidas: z.number().int(),
  /** Answer sets that left it unanswered. */
  omitidas: z.number().int(),
  /** Scored questions: the mean score; null with no score or for a text question. */
  promedio: z.number().nullable(),
  /** How many gave 1 (Malo) … 5 (Excelente), in that order. */
  distribucion: z.array(z.number().int()),
  /** Share (0–1) of the top two answers (4 and 5); null without scores. */
  csat: z.number().nullable(),
  meses: z.array(mesDePregunta),
  /** Text questions: the answers, newest first (at most 200). */
  textos: z.array(
    z.object({ usuario: z.string(), nomempre: z.string(), texto: z.string(), fecha: fechaLocal }),
  ),
});
export type ResultadoPregunta = z.infer<typeof resultadoPregunta>;

export const resultadosRespuesta = z.object({
  /** Users who answered (in the filter). */
  respondieron: z.number().int(),
  /** Active client users (of the company, if one was chosen) who have not answered yet. */
  pendientes: z.number().int(),
  /** respondieron / (respondieron + pendientes); null when both are 0. */
  tasaDeRespuesta: z.number().nullable(),
  preguntas: z.array(resultadoPregunta),
});
export type ResultadosRespuesta = z.infer<typeof resultadosRespuesta>;

/**
 * GET /api/encuestas/recordatorios/encuesta/{id} (issue 16): what sending a reminder now would do, for the
 * administrator's confirmation, and the last reminder sent.
 */
export const estadoRecordatorio = z.object({
  /** Active client users who have not answered the survey (none when it has no questions). */
  pendientes: z.number().int(),
  /** Of those, the ones a reminder would reach: not reminded of this survey in the last 7 days. */
  alcanzaria: z.number().int(),
  /** The last reminder sent: when, and to how many users; null when none was ever sent. */
  ultimo: z.object({ EnviadoEn: fechaLocal, usuarios: z.number().int() }).nullable(),
});
export type EstadoRecordatorio = z.infer<typeof estadoRecordatorio>;

/** POST /api/encuestas/recordatorio */
export const enviarRecordatorioBody = z.strictObject({ id });
export type EnviarRecordatorioBody = z.input<typeof enviarRecordatorioBody>;

export const enviarRecordatorioRespuesta = z.object({
  /** Pending users reminded now. */
  enviados: z.number().int(),
  /** Pending users left out: already reminded of this survey in the last 7 days. */
  omitidos: z.number().int(),
});
export type EnviarRecordatorioRespuesta = z.infer<typeof enviarRecordatorioRespuesta>;

/** GET /api/encuestas/recordatorios/usuario/{userId}: one row per survey with an unseen reminder. */
export const recordatorioPendiente = z.object({
  EncuestaId: z.number().int(),
  Titulo: z.string(),
  /** The newest unseen reminder of that survey. */
  EnviadoEn: fechaLocal,
});
export type RecordatorioPendiente = z.infer<typeof recordatorioPendiente>;
export const listaRecordatorios = z.array(recordatorioPendiente);

/** POST /api/encuestas/recordatorios/vistos: the user's reminders of these surveys were shown. */
export const recordatoriosVistosBody = z.strictObject({
  encuestaIds: z.array(id).min(1).max(500),
});
export type RecordatoriosVistosBody = z.input<typeof recordatoriosVistosBody>;

export const recordatoriosVistosRespuesta = z.object({ vistos: z.number().int() });
export type RecordatoriosVistosRespuesta = z.infer<typeof recordatoriosVistosRespuesta>;
