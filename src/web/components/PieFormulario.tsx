/** The foot of a dialog's form: cancel, and the submit button with a spinner while it waits. */
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

export function PieFormulario(props: {
  cancelar: string;
  enviar: string;
  pendiente: boolean;
  onCancelar: () => void;
}) {
  return (
    <Modal.Footer>
      <Button variant="secondary" onClick={props.onCancelar}>
        {props.cancelar}
      </Button>
      <Button type="submit" disabled={props.pendiente}>
        {props.pendiente && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {props.enviar}
      </Button>
    </Modal.Footer>
  );
}
