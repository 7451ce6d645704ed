import { memo } from 'react';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { TEXTOS } from '../../shared/textos';

/**
 * Blocks the screen while a link or unlink call runs: it cannot be closed by the user. Memoized:
 * a hidden modal still runs its hooks, and the screens around it redraw on every keystroke.
 */
export const ModalBloqueo = memo(function ModalBloqueo({ visible }: { visible: boolean }) {
  return (
    <Modal
      show={visible}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby="bloqueo-titulo"
    >
      <Modal.Body className="text-center py-4">
        <Spinner animation="border" className="mb-3" aria-hidden="true" />
        <h2 id="bloqueo-titulo" className="h5">
          {TEXTOS.bloqueoTitulo}
        </h2>
        <p className="mb-0 text-secondary">{TEXTOS.bloqueoDetalle}</p>
      </Modal.Body>
    </Modal>
  );
});
