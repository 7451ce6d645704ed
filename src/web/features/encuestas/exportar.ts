/**
 * The answers' spreadsheet (spec section 7): exactly the rows on screen, with real numeric and
 * date cells (design section 6), sheet 'Respuestas', file named after the survey.
 */
import type { FilaRespuesta } from '../../../shared/contracts/encuestas';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { guardarExcel, type CeldaExcel } from '../../lib/excel';

export const HOJA_RESPUESTAS = 'Respuestas';

export const COLUMNAS_EXCEL = ['Usuario', 'Empresa', ...T.columnasRespuestas];

/** `{title with spaces → _}.xlsx`, or `SinNombre.xlsx` without a title. */
export function nombreArchivo(titulo: string | null | undefined): string {
  const base = titulo?.trim() ? titulo.trim().replace(/\s/g, '_') : 'SinNombre';
  return `${base}.xlsx`;
}

/**
 * '2026-11-21T14:03:22' as a date whose UTC fields are that wall time: a spreadsheet has no time
 * zones, so the cell shows exactly what the screen shows.
 */
export function fechaParaExcel(valor: string): Date {
  const [fecha, hora] = valor.split('T') as [string, string];
  const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = hora.split(':').map(Number) as [number, number, number];
  return new Date(Date.UTC(a, m - 1, d, hh, mm, ss));
}

/** Answer sets in screen order, each with its rows numbered from 1. */
export function agruparPorUsuario(filas: FilaRespuesta[]): FilaRespuesta[][] {
  const grupos = new Map<number, FilaRespuesta[]>();
  for (const f of filas) {
    const grupo = grupos.get(f.UsuarioId);
    if (grupo) grupo.push(f);
    else grupos.set(f.UsuarioId, [f]);
  }
  return [...grupos.values()];
}

export const siNo = (valor: 0 | 1) => (valor === 1 ? T.si : T.no);

export function filasDeExcel(filas: FilaRespuesta[]): CeldaExcel[][] {
  return [
    [...COLUMNAS_EXCEL],
    ...agruparPorUsuario(filas).flatMap((grupo) =>
      grupo.map((f, i): CeldaExcel[] => [
        f.usuario,
        f.nomempre,
        i + 1,
        f.PreguntaTexto,
        siNo(f.Obligatoria),
        f.Puntaje,
        f.TextoRespuesta,
        f.Observaciones,
        fechaParaExcel(f.FechaRespuesta),
      ]),
    ),
  ];
}

/** Writes and saves the file (the spreadsheet library loads only now). */
export function exportarRespuestas(titulo: string | null | undefined, filas: FilaRespuesta[]) {
  return guardarExcel({
    archivo: nombreArchivo(titulo),
    hoja: HOJA_RESPUESTAS,
    filas: filasDeExcel(filas),
    anchos: [16, 28, 5, 50, 12, 9, 40, 40, 18],
    formatos: { 8: 'dd/mm/yyyy hh:mm' },
  });
}
