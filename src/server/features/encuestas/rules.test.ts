import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXTOS_ENCUESTAS } from '../../../shared/textos';
import { itemsDeRespuesta, type PreguntaVigente } from './rules';

const preguntasArb = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 40 }),
    obligatoria: fc.boolean(),
    esTexto: fc.boolean(),
  }),
  { minLength: 1, maxLength: 8, selector: (p) => p.id },
);

/** Answers to some of the questions, each with any mix of score, text and observations. */
const envioArb = (preguntas: PreguntaVigente[]) =>
  fc.subarray(preguntas).chain((elegidas) =>
    fc.tuple(
      ...elegidas.map((p) =>
        fc.record({
          preguntaId: fc.constant(p.id),
          puntaje: fc.option(fc.integer({ min: 0, max: 5 })),
          textoRespuesta: fc.option(fc.string({ minLength: 1, maxLength: 5 })),
          observaciones: fc.option(fc.string({ minLength: 1, maxLength: 5 })),
        }),
      ),
    ),
  );

describe('itemsDeRespuesta', () => {
  it('acepta el envío sii cada obligatoria tiene respuesta; guarda una fila por pregunta', () => {
    fc.assert(
      fc.property(
        preguntasArb.chain((preguntas) => fc.tuple(fc.constant(preguntas), envioArb(preguntas))),
        ([preguntas, envio]) => {
          const r = itemsDeRespuesta(preguntas, envio);
          const respondida = (p: PreguntaVigente) => {
            const e = envio.find((x) => x.preguntaId === p.id);
            return p.esTexto ? Boolean(e?.textoRespuesta) : (e?.puntaje ?? 0) >= 1;
          };
          const completa = preguntas.every((p) => !p.obligatoria || respondida(p));
          expect(r.ok).toBe(completa);
          if (!r.ok) {
            expect(r.msj).toBe(TEXTOS_ENCUESTAS.faltanObligatorias);
            return;
          }
          expect(r.items.map((i) => i.preguntaId)).toEqual(preguntas.map((p) => p.id));
          for (const [i, p] of preguntas.entries()) {
            const item = r.items[i]!;
            if (p.esTexto) {
              expect(item.puntaje).toBeNull();
              expect(item.observaciones).toBeNull();
            } else {
              expect(item.textoRespuesta).toBeNull();
              expect(item.puntaje === null || (item.puntaje >= 1 && item.puntaje <= 5)).toBe(true);
            }
          }
        },
      ),
    );
  });

  it('rechaza preguntas ajenas, repetidas y encuestas sin preguntas', () => {
    const preguntas = [{ id: 1, obligatoria: false, esTexto: false }];
    const r = (preguntaId: number, puntaje: number) => ({
      preguntaId,
      puntaje,
      observaciones: null,
      textoRespuesta: null,
    });
    expect(itemsDeRespuesta(preguntas, [r(2, 3)])).toEqual({
      ok: false,
      msj: TEXTOS_ENCUESTAS.preguntaAjena,
    });
    expect(itemsDeRespuesta(preguntas, [r(1, 3), r(1, 4)])).toEqual({
      ok: false,
      msj: TEXTOS_ENCUESTAS.preguntaRepetida,
    });
    expect(itemsDeRespuesta([], [])).toEqual({
      ok: false,
      msj: TEXTOS_ENCUESTAS.encuestaSinPreguntas,
    });
  });
});
