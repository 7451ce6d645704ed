import { useQuery } from '@tanstack/react-query';
import Card from 'react-bootstrap/Card';
import type { CamionEnPlaya, Ticket } from '../../../shared/contracts/camiones';
import { fechaHora19 } from '../../../shared/formato';
import { TEXTOS_CAMIONES as T } from '../../../shared/textos';
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
              <TarjetaTicket key={t.ctrl} ticket={t} />
            ))}
          </div>
        )}
      </SegunConsulta>
    </ModalCamion>
  );
}

function TarjetaTicket({ ticket: t }: { ticket: Ticket }) {
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
      <Card.Header className="d-flex justify-content-between align-items-baseline">
        <h3 className="h6 mb-0">Ticket N° {t.ctrl}</h3>
        <span>
          Neto <strong className="fs-5">{kg(t.neto)}</strong>
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
