import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { CamionEnPlaya, Ticket } from '../../../shared/contracts/camiones';
import type { DatosTerminal } from '../../../shared/contracts/terminal';
import { fechaHora19 } from '../../../shared/formato';
import { TEXTOS_CAMIONES as T } from '../../../shared/textos';
import { terminalQuery } from '../../lib/terminal';
import { ticketsQuery } from './api';
import { cargaKg } from './filas';
import { ModalCamion, SegunConsulta } from './ModalCamion';

const kg = (valor: number | null) => (valor === null ? '—' : cargaKg(valor));

/** 'Tickets': one card per weighing ticket, with every ticket field (spec section 3). */
export function ModalTickets({
  camion,
  onCerrar,
}: {
  camion: CamionEnPlaya;
  onCerrar: () => void;
}) {
  const tickets = useQuery(ticketsQuery(camion.ctrl));
  // The printed ticket's heading: asked with the modal, so it is there when 'Imprimir' is.
  const terminal = useQuery(terminalQuery);
  const [aImprimir, setAImprimir] = useState<Ticket | null>(null);
  // The printable ticket is drawn first (synchronously), then the browser's print dialog opens.
  const imprimir = (t: Ticket) => {
    flushSync(() => setAImprimir(t));
    window.print();
  };
  return (
    <ModalCamion
      id="titulo-tickets"
      titulo={T.tickets}
      camion={camion}
      tamano="lg"
      onCerrar={onCerrar}
    >
      <SegunConsulta consulta={tickets} vacio={T.sinTickets}>
        {(lista) => (
          <div className="d-grid gap-3">
            {lista.map((t) => (
              <TarjetaTicket key={t.ctrl} ticket={t} onImprimir={() => imprimir(t)} />
            ))}
          </div>
        )}
      </SegunConsulta>
      {aImprimir &&
        createPortal(
          <TicketImprimible ticket={aImprimir} terminal={terminal.data} />,
          document.body,
        )}
    </ModalCamion>
  );
}

function TarjetaTicket({ ticket: t, onImprimir }: { ticket: Ticket; onImprimir: () => void }) {
  const campos: [string, string][] = [
    ['Cliente', t.nomempre],
    ['Chofer', t.nomchofer],
    ['Camión', String(t.camion)],
    ['Patente chasis', t.patcha],
    ['Patente acoplado', t.pataco ?? '—'],
    ['Producto', t.mezcla || '—'],
    ['Tara', kg(t.tara)],
    ['Fecha tara', fechaHora19(t.fechatara)],
    ['Balanza tara', t.baltara],
    ['Bruto', kg(t.bruto)],
    ['Fecha bruto', fechaHora19(t.fechabruto) || '—'],
    ['Balanza bruto', t.balbruto ?? '—'],
  ];
  return (
    <Card as="article" aria-label={`Ticket ${t.ctrl}`}>
      <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h3 className="h6 mb-0 text-nowrap">Ticket N° {t.ctrl}</h3>
        <span className="d-flex flex-wrap align-items-center gap-3">
          <span className="text-nowrap">
            Neto <strong className="fs-5">{kg(t.neto)}</strong>
          </span>
          <Button
            size="sm"
            variant="outline-dark"
            onClick={onImprimir}
            aria-label={`Imprimir ticket N° ${t.ctrl}`}
          >
            Imprimir
          </Button>
        </span>
      </Card.Header>
      <Card.Body>
        <dl className="row mb-0 ticket-campos">
          {campos.map(([nombre, valor]) => (
            <div key={nombre} className="col-6 col-md-4">
              <dt className="small text-secondary fw-normal">{nombre}</dt>
              <dd className="mb-2">{valor}</dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}

/**
 * The scale-house ticket as printed (issue 14, screen 8): invisible on screen, and when printing
 * the only thing on the page (camiones.css, `@media print`). Drawn into the document's body,
 * beside the app and the modal, so the print stylesheet can hide them whole.
 */
function TicketImprimible({
  ticket: t,
  terminal,
}: {
  ticket: Ticket;
  /** The terminal's name, CUIT and address; until they load (or if they fail), the portal's name. */
  terminal: DatosTerminal | undefined;
}) {
  const datosTerminal = [terminal?.cuit && `CUIT ${terminal.cuit}`, terminal?.direccion]
    .filter(Boolean)
    .join(' · ');
  const patentes = t.pataco ? `${t.patcha} / ${t.pataco}` : t.patcha;
  const renglones: [string, string][] = [
    ['Cliente', t.nomempre],
    ['Camión', String(t.camion)],
    ['Patentes (chasis / acoplado)', patentes],
    ['Chofer', t.nomchofer],
    ['Producto', t.mezcla || '—'],
  ];
  const pesos: [string, string, string, string][] = [
    ['Tara', kg(t.tara), fechaHora19(t.fechatara), t.baltara],
    ['Bruto', kg(t.bruto), fechaHora19(t.fechabruto) || '—', t.balbruto ?? '—'],
  ];
  return (
    <div className="ticket-impresion" data-testid="ticket-impresion">
      <header className="ticket-impresion-cabecera">
        <div className="ticket-impresion-terminal">{terminal?.nombre ?? 'Portal Acopio'}</div>
        {datosTerminal && <div>{datosTerminal}</div>}
        <div>Ticket de balanza</div>
        <div className="ticket-impresion-numero">Ticket N° {t.ctrl}</div>
      </header>
      <dl className="ticket-impresion-datos">
        {renglones.map(([nombre, valor]) => (
          <div key={nombre}>
            <dt>{nombre}</dt>
            <dd>{valor}</dd>
          </div>
        ))}
      </dl>
      <table className="ticket-impresion-pesos">
        <thead>
          <tr>
            <th scope="col">Pesada</th>
            <th scope="col">Peso</th>
            <th scope="col">Fecha</th>
            <th scope="col">Balanza</th>
          </tr>
        </thead>
        <tbody>
          {pesos.map(([nombre, peso, fecha, balanza]) => (
            <tr key={nombre}>
              <th scope="row">{nombre}</th>
              <td>{peso}</td>
              <td>{fecha}</td>
              <td>{balanza}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Neto</th>
            <td>{kg(t.neto)}</td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
      <div className="ticket-impresion-firmas">
        <div>Firma balancero</div>
        <div>Firma chofer</div>
      </div>
    </div>
  );
}
