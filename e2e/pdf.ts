/** What a downloaded PDF says, as text (pdf.js, as a reader extracts it). */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export async function textoDelPdf(ruta: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The card's fonts are PDF standard fonts: pdf.js reads their metrics from its own folder.
  const raiz = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const documento = await pdfjs.getDocument({
    data: new Uint8Array(await readFile(ruta)),
    standardFontDataUrl: `${path.join(raiz, 'standard_fonts')}/`,
  }).promise;
  const partes: string[] = [];
  for (let n = 1; n <= documento.numPages; n++) {
    const pagina = await documento.getPage(n);
    const contenido = await pagina.getTextContent();
    partes.push(contenido.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await documento.destroy();
  return partes.join('\n');
}
