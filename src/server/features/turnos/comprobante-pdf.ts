/**
 * A turn's voucher as a person prints it or keeps it on the phone: one A5 sheet with the
 * terminal's band on top (the coordinate card's style, auth/tarjeta-pdf.ts), the booking's
 * data, the turn code large and a QR code that holds it (the gate reads either). Vector only:
 * the QR's modules are drawn as squares, no image is embedded. Generated in memory.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { ComprobanteTurno } from '../../../shared/contracts/turnos';
import { diaConSemana, franjaHoraria } from '../../../shared/formato';
import { ESTADOS_TURNO_TEXTO } from '../../../shared/textos';

const MM = 72 / 25.4;
const VERDE = '#0f3b1e';

/** The QR code of `texto` as black squares, `lado` points wide, from (x, y). */
function qr(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, lado: number) {
  const { modules } = QRCode.create(texto, { errorCorrectionLevel: 'M' });
  // Four modules of quiet zone around it, as readers expect.
  const celda = lado / (modules.size + 8);
  doc.save().fillColor('#000');
  for (let fila = 0; fila < modules.size; fila++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(fila, col)) {
        doc.rect(x + (col + 4) * celda, y + (fila + 4) * celda, celda, celda);
      }
    }
  }
  doc.fill().restore();
}

export function pdfDeComprobante(c: ComprobanteTurno): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 0,
    info: { Title: `Turno ${c.codigo}`, Author: c.terminal },
  });
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  const listo = new Promise<Buffer>((ok) => doc.on('end', () => ok(Buffer.concat(partes))));

  const ancho = doc.page.width;
  const margen = 12 * MM;
  const util = ancho - 2 * margen;
  doc.rect(0, 0, ancho, 22 * MM).fill(VERDE);
  doc
    .fillColor('#fff')
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(c.terminal, margen, 6 * MM, { width: util, lineBreak: false, ellipsis: true });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text('Comprobante de turno', margen, 13 * MM, { width: util });
  doc.fillColor('#000');

  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Código de turno', margen, 30 * MM, { width: util, align: 'center' });
  doc
    .font('Courier-Bold')
    .fontSize(34)
    .text(c.codigo, margen, 35 * MM, { width: util, align: 'center', characterSpacing: 3 });
  if (c.estado !== 'reservado') {
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(c.estado === 'presente' ? VERDE : '#a00')
      .text(ESTADOS_TURNO_TEXTO[c.estado].toUpperCase(), margen, 49 * MM, {
        width: util,
        align: 'center',
      })
      .fillColor('#000');
  }

  let fila = 57 * MM;
  for (const [etiqueta, valor] of [
    ['Día', diaConSemana(c.fecha)],
    ['Franja', franjaHoraria(c.hora)],
    ['Empresa', c.empresa],
    ['Unidad', `${c.unidad} · ${c.despacho}`],
    ['Cupo N°', String(c.cupo)],
    ['Producto', c.producto || '—'],
    ['Patente', c.patente ?? 'a informar en la portería'],
  ] as const) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#444')
      .text(etiqueta, margen, fila + 1, { width: 24 * MM });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#000')
      .text(valor, margen + 24 * MM, fila, {
        width: util - 24 * MM,
        lineBreak: false,
        ellipsis: true,
      });
    fila += 7.5 * MM;
  }

  const lado = 58 * MM;
  qr(doc, c.codigo, (ancho - lado) / 2, fila + 2 * MM, lado);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#333')
    .text(
      'Presente este comprobante (impreso o en el teléfono) en la portería: se lee el código QR o se dicta el código. Llegue dentro de su franja.',
      margen,
      fila + lado + 4 * MM,
      { width: util, align: 'center' },
    );
  doc.end();
  return listo;
}
