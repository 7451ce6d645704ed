import Spinner from 'react-bootstrap/Spinner';
import { TEXTOS } from '../../shared/textos';

/** Loading state of every list and modal: a spinner and 'CARGANDO...'. */
export function Cargando() {
  return (
    <div className="d-flex align-items-center gap-2 text-secondary py-3" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{TEXTOS.cargando}</span>
    </div>
  );
}
