/**
 * A coordinate card as a person keeps it: one A4 sheet with the card's front and back side by
 * side at credit-card size (ID-1, 85.6 × 54 mm), cut marks at the corners and a fold line
 * between them — cut, fold, and it is a card. Generated in memory for the one answer that
 * carries it; never written anywhere.
 */
import PDFDocument from 'pdfkit';
import { LETRAS_TARJETA, POSICIONES_TARJETA } from '../../../shared/contracts/auth';
import type { ValoresTarjeta } from './tarjetas';

export interface TarjetaImprimible {
  terminal: string;
  usuario: string;
  empresa: string;
  ctrltarjeta: number;
  /** The issue date as people read it: '23/11/2026 14:03'. */
  emitida: string;
  celdas: ValoresTarjeta;
  /** Where to sign in (PUBLIC_URL), printed on the sheet and the card; none, no line. */
  ingreso?: string;
}

const MM = 72 / 25.4;
const ANCHO = 85.6 * MM;
const ALTO = 53.98 * MM;
const AVISO =
  'Personal e intransferible. No la comparta, no la fotografíe y no la deje junto a su usuario: ' +
  'el portal nunca le pide más de dos coordenadas por vez. Si la pierde, avise a la terminal.';

/** Short lines outside each corner of the rectangle, where the scissors go. */
function marcasDeCorte(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number) {
  const largo = 4 * MM;
  const separacion = 1.5 * MM;
  doc.save().lineWidth(0.5).strokeColor('#000');
  for (const [cx, cy, dx, dy] of [
    [x, y, -1, -1],
    [x + w, y, 1, -1],
    [x, y + h, -1, 1],
    [x + w, y + h, 1, 1],
  ] as const) {
    doc
      .moveTo(cx + dx * separacion, cy)
      .lineTo(cx + dx * (separacion + largo), cy)
      .stroke();
    doc
      .moveTo(cx, cy + dy * separacion)
      .lineTo(cx, cy + dy * (separacion + largo))
      .stroke();
  }
  doc.restore();
}

/** The largest size up to `maximo` at which `texto` fits `ancho` on one line. */
function tamanoQueEntra(doc: PDFKit.PDFDocument, texto: string, maximo: number, ancho: number) {
  // Widths grow with the size: measured at 1 pt, scaled.
  return Math.min(maximo, ancho / doc.fontSize(1).widthOfString(texto));
}

/**
 * 'Ingrese en https://acopio.example' below the card's data, whole (an address cut with '…'
 * leads nowhere): on one line, smaller if it must; an address too long for that goes on a line
 * of its own under 'Ingrese en'.
 */
function direccion(doc: PDFKit.PDFDocument, x: number, y: number, ancho: number, url: string) {
  const linea = `Ingrese en ${url}`;
  doc.font('Helvetica-Bold');
  const tamano = tamanoQueEntra(doc, linea, 7.5, ancho);
  if (tamano >= 5.5) {
    doc.fontSize(tamano).text(linea, x, y + 1 * MM, { width: ancho, lineBreak: false });
    return;
  }
  doc.fontSize(6.5).text('Ingrese en', x, y, { width: ancho, lineBreak: false });
  doc
    .fontSize(tamanoQueEntra(doc, url, 7.5, ancho))
    .text(url, x, y + 3.2 * MM, { width: ancho, lineBreak: false });
}

function frente(doc: PDFKit.PDFDocument, x: number, y: number, t: TarjetaImprimible) {
  const margen = 4 * MM;
  doc
    .save()
    .rect(x, y, ANCHO, 11 * MM)
    .fill('#0f3b1e')
    .restore();
  doc
    .fillColor('#fff')
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(t.terminal, x + margen, y + 2.5 * MM, { width: ANCHO - 2 * margen });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text('Tarjeta de coordenadas', x + margen, y + 6.8 * MM, { width: ANCHO - 2 * margen });
  doc.fillColor('#000');
  let fila = y + 14 * MM;
  for (const [etiqueta, valor] of [
    ['Usuario', t.usuario],
    ['Empresa', t.empresa],
    ['Tarjeta N°', String(t.ctrltarjeta)],
    ['Emitida', t.emitida],
  ] as const) {
    doc
      .font('Helvetica')
      .fontSize(6.5)
      .text(etiqueta, x + margen, fila, { width: 18 * MM });
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(valor, x + margen + 18 * MM, fila - 0.6, {
        width: ANCHO - 2 * margen - 18 * MM,
        lineBreak: false,
        ellipsis: true,
      });
    fila += 4.6 * MM;
  }
  if (t.ingreso) direccion(doc, x + margen, fila, ANCHO - 2 * margen, t.ingreso);
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .fillColor('#333')
    .text(AVISO, x + margen, y + ALTO - 10.5 * MM, { width: ANCHO - 2 * margen })
    .fillColor('#000');
}

function dorso(doc: PDFKit.PDFDocument, x: number, y: number, t: TarjetaImprimible) {
  const margen = 3 * MM;
  const columna = (ANCHO - 2 * margen) / (POSICIONES_TARJETA.length + 1);
  const fila = (ALTO - 2 * margen - 3 * MM) / (LETRAS_TARJETA.length + 1);
  const arriba = y + margen;
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .text(`Tarjeta N° ${t.ctrltarjeta} · ${t.usuario}`, x + margen, y + ALTO - margen - 2.6 * MM, {
      width: ANCHO - 2 * margen,
      align: 'right',
    });
  doc.font('Helvetica-Bold').fontSize(7);
  POSICIONES_TARJETA.forEach((p, i) => {
    doc.text(String(p), x + margen + (i + 1) * columna, arriba + 1, {
      width: columna,
      align: 'center',
    });
  });
  LETRAS_TARJETA.forEach((l, j) => {
    const yFila = arriba + (j + 1) * fila;
    if (j % 2 === 0) {
      doc
        .save()
        .rect(x + margen, yFila - 0.8, ANCHO - 2 * margen, fila)
        .fill('#eef3ee')
        .restore();
    }
    doc
      .fillColor('#000')
      .font('Helvetica-Bold')
      .fontSize(7)
      .text(l, x + margen, yFila, { width: columna, align: 'center' });
    doc.font('Courier-Bold').fontSize(7.5);
    POSICIONES_TARJETA.forEach((p, i) => {
      doc.text(String(t.celdas[`${l}${p}`]), x + margen + (i + 1) * columna, yFila, {
        width: columna,
        align: 'center',
      });
    });
  });
}

/** The PDF's bytes. */
export function tarjetaEnPdf(t: TarjetaImprimible): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: {
      Title: `Tarjeta de coordenadas N° ${t.ctrltarjeta} — ${t.usuario}`,
      Author: t.terminal,
      Subject: 'Tarjeta de coordenadas del Portal Acopio',
    },
  });
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  const listo = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });

  const anchoHoja = doc.page.width;
  const x = (anchoHoja - 2 * ANCHO) / 2;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`Tarjeta de coordenadas de ${t.usuario}`, 20 * MM, 20 * MM, {
      width: anchoHoja - 40 * MM,
    });
  doc
    .font('Helvetica')
    .fontSize(10)
    .moveDown(0.6)
    .text(
      'Recorte por las marcas de las esquinas y doble por la línea de puntos, con lo impreso ' +
        'hacia afuera: el frente y el dorso quedan de cada lado. Al ingresar al portal se le ' +
        'pedirán dos coordenadas (letra y posición) del dorso.',
      { width: anchoHoja - 40 * MM },
    );
  if (t.ingreso) {
    doc
      .moveDown(0.6)
      .font('Helvetica-Bold')
      .text(`Ingrese en ${t.ingreso}`, { width: anchoHoja - 40 * MM })
      .font('Helvetica');
  }
  doc
    .moveDown(0.6)
    .text(AVISO, { width: anchoHoja - 40 * MM })
    .moveDown(0.6)
    .text(
      'Este documento no se guarda en el portal: imprímalo y destrúyalo. Emitir otra tarjeta ' +
        'anula esta y cierra las sesiones abiertas con ella.',
      { width: anchoHoja - 40 * MM },
    );

  // The card below the instructions, its cut marks (5.5 mm above it) clear of their last line.
  const y = Math.max(70 * MM, doc.y + 9 * MM);
  frente(doc, x, y, t);
  dorso(doc, x + ANCHO, y, t);
  doc
    .save()
    .lineWidth(0.3)
    .strokeColor('#999')
    .rect(x, y, 2 * ANCHO, ALTO)
    .stroke()
    .restore();
  doc
    .save()
    .lineWidth(0.6)
    .dash(2, { space: 2 })
    .strokeColor('#555')
    .moveTo(x + ANCHO, y - 6 * MM)
    .lineTo(x + ANCHO, y + ALTO + 6 * MM)
    .stroke()
    .undash()
    .restore();
  marcasDeCorte(doc, x, y, 2 * ANCHO, ALTO);
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#555')
    .text('doblar', x + ANCHO - 10 * MM, y + ALTO + 7 * MM, { width: 20 * MM, align: 'center' });
  doc.end();
  return listo;
}
