/** What a PDF answer says, as text: its pages' strings joined (pdf.js, as a reader extracts it). */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function textoDelPdf(datos: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(datos), verbosity: 0 }).promise;
  const partes: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const contenido = await (await pdf.getPage(n)).getTextContent();
    partes.push(contenido.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return partes.join('\n');
}
