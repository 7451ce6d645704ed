/**
 * The card just issued, shown once in a dialog: its grid of coordinates, its number and a PDF to
 * print. The values live only in this dialog's props (the page's state): closing it drops them.
 */
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { TarjetaEmitida } from '../../../shared/contracts/auth';
import { TEXTOS_TARJETA } from '../../../shared/textos';
import { DatosTarjeta, useDescargaTarjeta } from '../../components/TarjetaEmitida';
import { TEXTOS_USUARIOS as T } from './textos';

export function TarjetaModal(props: { tarjeta: TarjetaEmitida; onCerrar: () => void }) {
  const { tarjeta } = props;
  const descarga = useDescargaTarjeta(tarjeta, '/api/administracion/tarjetas/pdf');

  return (
    <Modal
      show
      onHide={props.onCerrar}
      // A click beside it must not throw the values away: only Cerrar (or Escape) does.
      backdrop="static"
      centered
      aria-labelledby="tarjeta-titulo"
    >
      <Modal.Header closeButton closeLabel={T.cerrar}>
        <Modal.Title id="tarjeta-titulo" as="h2" className="h5">
          {TEXTOS_TARJETA.tarjetaDe(tarjeta.usuario)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <DatosTarjeta tarjeta={tarjeta} />
        {descarga.aviso}
      </Modal.Body>
      <Modal.Footer>
        {descarga.boton}
        <Button variant="secondary" onClick={props.onCerrar}>
          {T.cerrar}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
