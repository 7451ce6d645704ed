import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import { TEXTOS } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';

/**
 * The frame of the trucks screen's modals: the title with the truck it is about (so the operator
 * never acts on the wrong one) and a Cerrar button. Its own z-index (camiones.css) lets the
 * confirmation and the blocking modal open over it.
 */
export function ModalCamion({
  id,
  titulo,
  camion,
  tamano = 'xl',
  onCerrar,
  children,
}: {
  id: string;
  titulo: string;
  camion: CamionEnPlaya;
  tamano?: 'lg' | 'xl';
  onCerrar: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      show
      onHide={onCerrar}
      size={tamano}
      className="modal-camiones"
      backdropClassName="fondo-camiones"
      aria-labelledby={id}
    >
      <Modal.Header closeButton>
        <div>
          <Modal.Title id={id} as="h2" className="h5 mb-0">
            {titulo}
          </Modal.Title>
          <div className="small text-secondary">
            Camión {camion.ctrl} · {camion.patcha}
            {camion.pataco ? ` / ${camion.pataco}` : ''} · {camion.nomchofer}
          </div>
        </div>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCerrar}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** A modal's list: 'CARGANDO...', its error text, its empty text, or the list itself. */
export function SegunConsulta<T>({
  consulta,
  vacio,
  error = TEXTOS.algoSalioMal,
  children,
}: {
  consulta: UseQueryResult<T[]>;
  vacio: string;
  error?: string;
  children: (datos: T[]) => ReactNode;
}) {
  if (consulta.isPending) return <Cargando />;
  if (consulta.isError) return <AlgoSalioMal texto={error} error={consulta.error} />;
  if (consulta.data.length === 0) return <p className="text-secondary my-2">{vacio}</p>;
  return children(consulta.data);
}
