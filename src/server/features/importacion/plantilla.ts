/**
 * The templates, written from the kinds' definitions (the same the reader reads by): an xlsx
 * with one sheet per kind — its headers in bold and one example row — and one CSV per kind as
 * Excel in Spanish writes it (UTF-8 with BOM, `;`, decimal comma).
 */
import escribirXlsx from 'write-excel-file/node';
import { CLASES, CLASES_IMPORTACION, type Clase } from '../../../shared/contracts/importacion';

export async function plantillaXlsx(): Promise<Buffer> {
  return escribirXlsx(
    CLASES.map((clase) => {
      const d = CLASES_IMPORTACION[clase];
      return {
        sheet: d.hoja,
        data: [
          d.columnas.map((c) => ({ value: c.titulo, fontWeight: 'bold' as const })),
          d.columnas.map((c) => ({ value: c.ejemplo })),
        ],
        columns: d.columnas.map((c) => ({
          width: Math.max(c.titulo.length, String(c.ejemplo).length) + 4,
        })),
        stickyRowsCount: 1,
      };
    }),
  ).toBuffer();
}

/** A CSV field, quoted when it holds the separator, a quote or a line break. */
const campo = (valor: string) =>
  /[;"\r\n]/.test(valor) ? `"${valor.replace(/"/g, '""')}"` : valor;

export function plantillaCsv(clase: Clase): { contenido: Buffer; nombre: string } {
  const d = CLASES_IMPORTACION[clase];
  const fila = (valores: (string | number)[]) =>
    valores.map((v) => campo(typeof v === 'number' ? String(v).replace('.', ',') : v)).join(';');
  const texto = [fila(d.columnas.map((c) => c.titulo)), fila(d.columnas.map((c) => c.ejemplo))]
    .map((l) => `${l}\r\n`)
    .join('');
  return { contenido: Buffer.from(`\uFEFF${texto}`, 'utf8'), nombre: d.archivoCsv };
}
