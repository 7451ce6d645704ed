/**
 * A secret shown once (a service token, a webhook's signing secret): in a dialog with the
 * warning that it will not be shown again, the value selectable, and a 'Copiar' button. The
 * value lives only in the props: whoever holds it decides when it goes.
 */
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

export function SecretoUnaVez(props: {
  /** Unique in the page: the ids of the title and the field. */
  id: string;
  /** The dialog shows while there is a value. */
  valor: string | null;
  titulo: string;
  /** The field's label ('Token', 'Secreto'). */
  etiqueta: string;
  /** What to do with it, and that it will not be shown again. */
  advertencia: ReactNode;
  onCerrar: () => void;
}) {
  const [copia, setCopia] = useState<'copiado' | 'fallo' | null>(null);
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(props.valor!);
      setCopia('copiado');
    } catch {
      setCopia('fallo');
    }
  };
  const cerrar = () => {
    setCopia(null);
    props.onCerrar();
  };

  return (
    <Modal
      show={props.valor !== null}
      onHide={cerrar}
      centered
      backdrop="static"
      aria-labelledby={`${props.id}-titulo`}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={`${props.id}-titulo`} as="h2" className="h5">
          {props.titulo}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning">{props.advertencia}</Alert>
        <Form.Group controlId={`${props.id}-valor`}>
          <Form.Label className="fw-semibold">{props.etiqueta}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            readOnly
            className="font-monospace"
            value={props.valor ?? ''}
            onFocus={(e) => e.currentTarget.select()}
          />
        </Form.Group>
        <div className="d-flex align-items-center gap-3 mt-3">
          <Button variant="primary" onClick={() => void copiar()}>
            Copiar
          </Button>
          <span role="status" className={copia === 'fallo' ? 'text-danger' : 'text-success'}>
            {copia === 'copiado' && 'Copiado'}
            {copia === 'fallo' && 'No se pudo copiar: selecciónelo y cópielo a mano.'}
          </span>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={cerrar}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
