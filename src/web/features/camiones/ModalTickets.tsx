import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Modal from 'react-bootstrap/Modal';
import type { CamionEnPlaya, Ticket } from '../../../shared/contracts/camiones';
import { fechaHora19 } from '../../../shared/formato';
import { TEXTOS_CAMIONES as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { ticketsQuery } from './api';
import { cargaKg } from './filas';
import { TituloCamion } from './TituloCamion';

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
    <Modal
      show
      onHide={onCerrar}
      size="lg"
      className="modal-camiones"
      backdropClassName="fondo-camiones"
      aria-labelledby="titulo-tickets"
    >
      <Modal.Header closeButton>
        <TituloCamion id="titulo-tickets" titulo={T.tickets} camion={camion} />
      </Modal.Header>
      <Modal.Body>
        {tickets.isPending ? (
          <Cargando />
        ) : tickets.isError ? (
          <AlgoSalioMal />
        ) : tickets.data.length === 0 ? (
          <p className="text-secondary my-2">{T.sinTickets}</p>
        ) : (
          <div className="d-grid gap-3">
            {tickets.data.map((t) => (
              <TarjetaTicket key={t.ctrl} ticket={t} />
            ))}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCerrar}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
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
