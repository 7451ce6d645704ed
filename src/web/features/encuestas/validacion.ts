import type { Pregunta } from '../../../shared/contracts/encuestas';

export interface RespuestaEnCurso {
  /** 0 until a score is chosen (spec section 5). */
  puntaje: number;
  textoRespuesta: string;
  observaciones: string;
}

export type Respuestas = Record<number, RespuestaEnCurso>;

export function respuestasIniciales(preguntas: Pregunta[]): Respuestas {
  return Object.fromEntries(
    preguntas.map((p) => [p.Id, { puntaje: 0, textoRespuesta: '', observaciones: '' }]),
  );
}

/**
 * Obligatory questions still without an answer: a text question needs non-blank text, a scored
 * one a score from 1 to 5. The spec's client only looked for a null score, which its initial 0
 * never is; the server refuses a 0 all the same, so the form says so before sending.
 */
export function faltantes(preguntas: Pregunta[], respuestas: Respuestas): number[] {
  return preguntas
    .filter((p) => {
      if (p.Obligatoria !== 1) return false;
      const r = respuestas[p.Id];
      return p.EsTexto === 1 ? !r?.textoRespuesta.trim() : !r || r.puntaje < 1;
    })
    .map((p) => p.Id);
}
