import type { RespuestaPregunta } from '../../../shared/contracts/encuestas';
import { TEXTOS_ENCUESTAS } from '../../../shared/textos';

export type PreguntaVigente = {
  id: number;
  obligatoria: boolean;
  esTexto: boolean;
};

/** What is stored for one question of a submission. */
export interface ItemRespuesta {
  preguntaId: number;
  puntaje: number | null;
  textoRespuesta: string | null;
  observaciones: string | null;
}

export type ResultadoRespuestas = { ok: true; items: ItemRespuesta[] } | { ok: false; msj: string };

/**
 * Checks a submission against the survey's questions as they are now (spec section 5, design
 * section 7) and gives one item per question: a question left unanswered is kept as an empty
 * item, so the answers show what each user was asked. A scored question keeps only a score 1-5
 * (0 is the form's "none chosen") and its observations; a text question keeps only its text.
 */
export function itemsDeRespuesta(
  preguntas: PreguntaVigente[],
  respuestas: RespuestaPregunta[],
): ResultadoRespuestas {
  if (preguntas.length === 0) return { ok: false, msj: TEXTOS_ENCUESTAS.encuestaSinPreguntas };
  const porPregunta = new Map<number, RespuestaPregunta>();
  const ids = new Set(preguntas.map((p) => p.id));
  for (const r of respuestas) {
    if (!ids.has(r.preguntaId)) return { ok: false, msj: TEXTOS_ENCUESTAS.preguntaAjena };
    if (porPregunta.has(r.preguntaId)) {
      return { ok: false, msj: TEXTOS_ENCUESTAS.preguntaRepetida };
    }
    porPregunta.set(r.preguntaId, r);
  }

  const items = preguntas.map((p): ItemRespuesta => {
    const r = porPregunta.get(p.id);
    if (p.esTexto) {
      return {
        preguntaId: p.id,
        puntaje: null,
        textoRespuesta: r?.textoRespuesta ?? null,
        observaciones: null,
      };
    }
    const puntaje = r?.puntaje ?? 0;
    return {
      preguntaId: p.id,
      puntaje: puntaje >= 1 ? puntaje : null,
      textoRespuesta: null,
      observaciones: r?.observaciones ?? null,
    };
  });

  const faltaAlguna = preguntas.some((p, i) => {
    const item = items[i]!;
    return p.obligatoria && (p.esTexto ? item.textoRespuesta === null : item.puntaje === null);
  });
  if (faltaAlguna) return { ok: false, msj: TEXTOS_ENCUESTAS.faltanObligatorias };
  return { ok: true, items };
}
