import { describe, expect, it } from 'vitest';
import type { Pregunta } from '../../../shared/contracts/encuestas';
import { faltantes, respuestasIniciales } from './validacion';

const preguntas: Pregunta[] = [
  { Id: 1, Texto: '¿Atención?', Obligatoria: 1, EsTexto: 0 },
  { Id: 2, Texto: 'Comentarios', Obligatoria: 1, EsTexto: 1 },
  { Id: 3, Texto: '¿Tiempos?', Obligatoria: 0, EsTexto: 0 },
];

describe('faltantes', () => {
  it('al empezar faltan todas las obligatorias: el puntaje inicial 0 no es una respuesta', () => {
    expect(faltantes(preguntas, respuestasIniciales(preguntas))).toEqual([1, 2]);
  });

  it('un texto en blanco no responde; un puntaje de 1 a 5 sí', () => {
    const r = respuestasIniciales(preguntas);
    r[1] = { puntaje: 1, textoRespuesta: '', observaciones: '' };
    r[2] = { puntaje: 0, textoRespuesta: '   ', observaciones: '' };
    expect(faltantes(preguntas, r)).toEqual([2]);
    r[2] = { puntaje: 0, textoRespuesta: 'Más balanzas', observaciones: '' };
    expect(faltantes(preguntas, r)).toEqual([]);
  });
});
