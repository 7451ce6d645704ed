/**
 * The weighing ticket of a finished truck as a PDF (A5), the attachment of the 'camión
 * finalizado' e-mail: terminal, company, plate, tare, gross and net with their scales and times.
 * Generated in memory when the e-mail is sent; never written anywhere.
 */
import PDFDocument from 'pdfkit';
import type { DatosTicket } from './repository-correo';

const fecha = (f: string) => f.replace('T', ' ');
const kg = (n: number) => `${n.toLocaleString('es-AR')} kg`;

export function ticketPdf(terminal: string, t: DatosTicket): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', margin: 36, info: { Title: `Ticket N° ${t.ticket}` } });
  const partes: Buffer[] = [];
  doc.on('data', (p: Buffer) => partes.push(p));
  const listo = new Promise<Buffer>((resolver) =>
    doc.on('end', () => resolver(Buffer.concat(partes))),
  );
  doc.font('Helvetica-Bold').fontSize(14).text(terminal);
  doc.font('Helvetica').fontSize(11).text(`Ticket de pesaje N° ${t.ticket}`).moveDown();
  const fila = (etiqueta: string, valor: string) =>
    doc
      .font('Helvetica-Bold')
      .text(`${etiqueta}: `, { continued: true })
      .font('Helvetica')
      .text(valor);
  fila('Empresa', `${t.nomempre} (${t.codempre})`);
  fila('Unidad de negocio', t.nomunineg);
  fila('Patente', t.patcha);
  fila('Camión', String(t.camion));
  doc.moveDown();
  fila('Tara', `${kg(t.tara)} — ${fecha(t.fechatara)} — balanza ${t.baltara}`);
  fila('Bruto', `${kg(t.bruto)} — ${fecha(t.fechabruto)} — balanza ${t.balbruto}`);
  fila('Neto', kg(t.bruto - t.tara));
  doc.end();
  return listo;
}
