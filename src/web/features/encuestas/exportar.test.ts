import { describe, expect, it } from 'vitest';
import type { FilaRespuesta } from '../../../shared/contracts/encuestas';
import { COLUMNAS_EXCEL, fechaParaExcel, filasDeExcel, nombreArchivo } from './exportar';

const fila = (usuario: string, pregunta: string, extra: Partial<FilaRespuesta> = {}) =>
  ({
    UsuarioId: usuario === 'cliente1' ? 7 : 8,
    usuario,
    nomempre: `Empresa de ${usuario}`,
    PreguntaId: pregunta.length,
    PreguntaTexto: pregunta,
    Obligatoria: 1,
    Puntaje: 4,
    esTexto: 0,
    TextoRespuesta: null,
    Observaciones: null,
    FechaRespuesta: '2026-11-21T14:03:22',
    ...extra,
  }) satisfies FilaRespuesta;

describe('exportación de respuestas', () => {
  it('el archivo lleva el título con guiones bajos, o SinNombre', () => {
    expect(nombreArchivo('Encuesta de satisfacción 2026')).toBe(
      'Encuesta_de_satisfacción_2026.xlsx',
    );
    expect(nombreArchivo('  Embolsado  ')).toBe('Embolsado.xlsx');
    expect(nombreArchivo('')).toBe('SinNombre.xlsx');
    expect(nombreArchivo(undefined)).toBe('SinNombre.xlsx');
  });

  it('la fecha conserva la hora de pared que se ve en pantalla', () => {
    expect(fechaParaExcel('2026-11-21T14:03:22').toISOString()).toBe('2026-11-21T14:03:22.000Z');
  });

  it('una fila por respuesta, numeradas dentro de cada usuario, con números y fechas reales', () => {
    const filas = filasDeExcel([
      fila('cliente2', '¿Atención?'),
      fila('cliente2', 'Comentarios', {
        Obligatoria: 0,
        Puntaje: null,
        esTexto: 1,
        TextoRespuesta: 'Bien',
      }),
      fila('cliente1', '¿Atención?', { Puntaje: 2, Observaciones: 'Lento' }),
    ]);
    expect(filas[0]).toEqual([...COLUMNAS_EXCEL]);
    expect(filas.slice(1)).toEqual([
      ['cliente2', 'Empresa de cliente2', 1, '¿Atención?', 'Sí', 4, null, null, expect.any(Date)],
      [
        'cliente2',
        'Empresa de cliente2',
        2,
        'Comentarios',
        'No',
        null,
        'Bien',
        null,
        expect.any(Date),
      ],
      [
        'cliente1',
        'Empresa de cliente1',
        1,
        '¿Atención?',
        'Sí',
        2,
        null,
        'Lento',
        expect.any(Date),
      ],
    ]);
  });
});
