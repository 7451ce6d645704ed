/**
 * 'Generar Excel' (spec sections 7 and 9): `Stock.xlsx`, one sheet `Sheet1`, a header row and
 * exactly the rows on screen, tonnes as numeric cells shown with three decimals; the committed
 * and available tonnes (issue 16) follow the spec's three columns.
 *
 * 'Exportar a Excel' of a product's history: every movement of the range (not only the pages on
 * screen), read page by page with the largest page the API allows, newest first like the screen.
 */
import type { LineaStock, MovimientoStock } from '../../../shared/contracts/stock';
import { TEXTOS_STOCK as T } from '../../../shared/textos';
import { guardarExcel, type CeldaExcel } from '../../lib/excel';
import { nombreDeExportacion } from '../../lib/nombre-de-exportacion';
import { paginaMovimientos, type RangoHistorial } from './api';
import { fechaHoraExcel } from '../../lib/dias';
import { TEXTOS_HISTORIAL as H, TEXTOS_LISTADO as L, TIPOS_MOVIMIENTO } from './textos';

const TONELADAS = '#,##0.000';

export function filasDeStock(lineas: LineaStock[]): CeldaExcel[][] {
  return [
    [...L.columnas],
    ...lineas.map((l) => [l.codpro, l.nompro, l.toneladas, l.comprometidas, l.disponibles]),
  ];
}

export const exportarStock = (lineas: LineaStock[]) =>
  guardarExcel({
    archivo: T.archivo,
    hoja: T.hoja,
    filas: filasDeStock(lineas),
    anchos: [10, 32, 16, 16, 16],
    formatos: { 2: TONELADAS, 3: TONELADAS, 4: TONELADAS },
  });

/**
 * The largest page the API gives (the contract's MAXIMO_MOVIMIENTOS_POR_PAGINA: contract values
 * stay out of the browser, so a test checks the two agree).
 */
export const PAGINA_EXCEL = 500;

/** A file of more rows than this would not open well; the person is told to narrow the range. */
export const MAXIMO_EXCEL = 50_000;

export function filasDeMovimientos(movimientos: MovimientoStock[]): CeldaExcel[][] {
  return [
    [...H.columnasExcel],
    ...movimientos.map((m): CeldaExcel[] => [
      fechaHoraExcel(m.fecha),
      TIPOS_MOVIMIENTO[m.tipo],
      m.patente,
      m.ticket,
      m.cupo,
      m.observacion,
      m.toneladas,
      m.saldo,
    ]),
  ];
}

/**
 * Reads the range's movements page after page, newest first by date (keyset: each page starts
 * below the last movement seen), telling `progreso` how many it has; stops at MAXIMO_EXCEL. `recortado` says it stopped
 * early.
 */
export async function leerMovimientosParaExcel(
  rango: RangoHistorial,
  progreso: (leidos: number) => void,
): Promise<{ movimientos: MovimientoStock[]; recortado: boolean }> {
  const movimientos: MovimientoStock[] = [];
  let antesDe: number | undefined;
  for (;;) {
    const limite = Math.min(PAGINA_EXCEL, MAXIMO_EXCEL - movimientos.length);
    const pagina = await paginaMovimientos(rango, antesDe, limite);
    movimientos.push(...pagina.movimientos);
    progreso(movimientos.length);
    if (pagina.siguiente === null) return { movimientos, recortado: false };
    if (movimientos.length >= MAXIMO_EXCEL) return { movimientos, recortado: true };
    antesDe = pagina.siguiente;
  }
}

/** Whose the movements are, for the file's name: the product, its client and unit. */
export interface DeQuienMovimientos {
  nompro: string;
  cliente: { codempre: number; nomempre: string } | undefined;
  unidad: string | undefined;
}

/** 'Movimientos de Soja - Cliente 1 Agro S.A. - Granos - 2026-10-28 a 2026-11-26.xlsx' */
export const exportarMovimientos = (
  rango: RangoHistorial,
  deQuien: DeQuienMovimientos,
  movimientos: MovimientoStock[],
) =>
  guardarExcel({
    archivo: nombreDeExportacion({
      que: H.titulo(deQuien.nompro),
      cliente: deQuien.cliente,
      unidad: deQuien.unidad,
      desde: rango.desde,
      hasta: rango.hasta,
    }),
    hoja: H.hoja,
    filas: filasDeMovimientos(movimientos),
    anchos: [18, 14, 12, 10, 10, 36, 14, 14],
    formatos: { 0: 'dd/mm/yyyy hh:mm', 6: TONELADAS, 7: TONELADAS },
  });
