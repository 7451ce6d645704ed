/**
 * Spreadsheets written in the browser (spec section 7; design section 6: real numeric and date
 * cells). `write-excel-file` loads when a file is saved, never with a screen: it stays out of
 * the JavaScript the login page downloads.
 */
import { useState } from 'react';
import { TEXTOS } from '../../shared/textos';
import { avisos } from '../components/avisos';
import { nombreDeHoja } from './nombre-de-exportacion';

export type CeldaExcel = string | number | Date | null;

export interface HojaExcel {
  archivo: string;
  /** The sheet's name; past Excel's 31 characters it is cut at a word (nombreDeHoja). */
  hoja: string;
  /** The first row is the header (bold); the rest are the data rows. */
  filas: CeldaExcel[][];
  /** Column widths, in characters. */
  anchos: number[];
  /** Number or date format of a column's data cells, by column index ('#,##0.000'). */
  formatos?: Partial<Record<number, string>>;
}

export async function guardarExcel({ archivo, hoja, filas, anchos, formatos = {} }: HojaExcel) {
  const { default: escribir } = await import('write-excel-file/browser');
  const datos = filas.map((fila, i) =>
    fila.map((value, j) => {
      if (value === null) return null;
      if (i === 0) return { value, fontWeight: 'bold' as const };
      const format = formatos[j];
      return format && typeof value !== 'string' ? { value, format } : value;
    }),
  );
  await escribir(datos, {
    sheet: nombreDeHoja(hoja),
    columns: anchos.map((width) => ({ width })),
  }).toFile(archivo);
}

/** An export button's state: busy while the file is written, 'Algo salió mal' if it fails. */
export function useExportacion() {
  const [exportando, setExportando] = useState(false);
  const exportar = async (escribir: () => Promise<void>) => {
    setExportando(true);
    try {
      await escribir();
    } catch (e) {
      console.error(e);
      avisos.error(TEXTOS.algoSalioMalAcento);
    } finally {
      setExportando(false);
    }
  };
  return { exportando, exportar };
}
