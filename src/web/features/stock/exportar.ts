/**
 * 'Generar Excel' (spec sections 7 and 9): `Stock.xlsx`, one sheet `Sheet1`, a header row and
 * exactly the rows on screen, tonnes as numeric cells shown with three decimals.
 */
import type { LineaStock } from '../../../shared/contracts/stock';
import { TEXTOS_STOCK as T } from '../../../shared/textos';
import { guardarExcel, type CeldaExcel } from '../../lib/excel';

export function filasDeStock(lineas: LineaStock[]): CeldaExcel[][] {
  return [[...T.columnas], ...lineas.map((l) => [l.codpro, l.nompro, l.toneladas])];
}

export const exportarStock = (lineas: LineaStock[]) =>
  guardarExcel({
    archivo: T.archivo,
    hoja: T.hoja,
    filas: filasDeStock(lineas),
    anchos: [10, 32, 16],
    formatos: { 2: '#,##0.000' },
  });
