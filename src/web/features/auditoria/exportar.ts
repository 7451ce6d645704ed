/**
 * 'Generar Excel' of the trail: every row the filters select (not only the pages on screen),
 * read page by page with the largest page the API allows, newest first, like the screen.
 * Same conventions as the other exports: a header row in bold, real date cells. Each row is its
 * sentence (what the screen shows), then the stored codes and JSON, for the record.
 */
import type { FilaAuditoria } from '../../../shared/contracts/auditoria';
import { guardarExcel, type CeldaExcel } from '../../lib/excel';
import { nombreDeExportacion } from '../../lib/nombre-de-exportacion';
import { paginaAuditoria, type FiltrosAuditoria } from './api';
import { legible } from './cambios';
import { TEXTOS_AUDITORIA as T } from './textos';

/**
 * The largest page the API gives (the contract's MAXIMO_POR_PAGINA: contract values stay out of
 * the browser, so a test checks the two agree).
 */
export const PAGINA_EXCEL = 500;

/** A file of more rows than this would not open well; the person is told to narrow the filters. */
export const MAXIMO_EXCEL = 50_000;

/** '2026-11-21T14:03:22' as a date whose UTC fields are that wall time (as the surveys' export). */
export function fechaParaExcel(valor: string): Date {
  const [fecha = '', hora = '00:00:00'] = valor.split('T');
  const [a = 0, m = 1, d = 1] = fecha.split('-').map(Number);
  const [hh = 0, mm = 0, ss = 0] = hora.split(':').map(Number);
  return new Date(Date.UTC(a, m - 1, d, hh, mm, ss));
}

export function filasDeExcel(filas: FilaAuditoria[]): CeldaExcel[][] {
  return [
    [...T.columnasExcel],
    ...filas.map((f): CeldaExcel[] => [
      f.id,
      fechaParaExcel(f.fecha),
      f.actor,
      f.frase,
      f.accion,
      f.tabla,
      f.filaId,
      f.ip,
      legible(f.antes),
      legible(f.despues),
    ]),
  ];
}

/**
 * Reads the filtered rows page after page (keyset: each page starts below the last id seen),
 * telling `progreso` how many it has; stops at MAXIMO_EXCEL. `recortado` says it stopped early.
 */
export async function leerParaExcel(
  filtros: FiltrosAuditoria,
  progreso: (leidas: number) => void,
): Promise<{ filas: FilaAuditoria[]; recortado: boolean }> {
  const filas: FilaAuditoria[] = [];
  let antesDe: number | undefined;
  for (;;) {
    const limite = Math.min(PAGINA_EXCEL, MAXIMO_EXCEL - filas.length);
    const pagina = await paginaAuditoria(filtros, antesDe, limite);
    filas.push(...pagina.filas);
    progreso(filas.length);
    if (pagina.siguiente === null) return { filas, recortado: false };
    if (filas.length >= MAXIMO_EXCEL) return { filas, recortado: true };
    antesDe = pagina.siguiente;
  }
}

/**
 * 'Auditoría - usuario admin - tabla empresas - 2026-11-01 a 2026-11-26.xlsx': the filters that
 * chose the rows, in the screen's words, so the file says what it holds (issue 22).
 */
export function archivoDeAuditoria(filtros: FiltrosAuditoria): string {
  const con = (etiqueta: string, valor: string | number | undefined) =>
    valor === undefined || valor === '' ? '' : `${etiqueta.toLowerCase()} ${valor}`;
  return nombreDeExportacion({
    que: T.titulo,
    filtros: [
      con(T.usuario, filtros.actor),
      con(T.accion, filtros.accion),
      con(T.tabla, filtros.tabla),
      con(T.fila, filtros.filaId),
    ],
    desde: filtros.desde,
    hasta: filtros.hasta,
  });
}

export const exportarAuditoria = (filtros: FiltrosAuditoria, filas: FilaAuditoria[]) =>
  guardarExcel({
    archivo: archivoDeAuditoria(filtros),
    hoja: T.hoja,
    filas: filasDeExcel(filas),
    anchos: [10, 18, 16, 70, 14, 18, 10, 16, 50, 50],
    formatos: { 1: 'dd/mm/yyyy hh:mm:ss' },
  });
