import Modal from 'react-bootstrap/Modal';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';

/** A modal's title with the truck it is about, so the operator never acts on the wrong one. */
export function TituloCamion({
  id,
  titulo,
  camion,
}: {
  id: string;
  titulo: string;
  camion: CamionEnPlaya;
}) {
  return (
    <div>
      <Modal.Title id={id} as="h2" className="h5 mb-0">
        {titulo}
      </Modal.Title>
      <div className="small text-secondary">
        Camión {camion.ctrl} · {camion.patcha}
        {camion.pataco ? ` / ${camion.pataco}` : ''} · {camion.nomchofer}
      </div>
    </div>
  );
}
