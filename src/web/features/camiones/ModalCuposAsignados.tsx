import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import type { CamionEnPlaya, CupoAsignado } from '../../../shared/contracts/camiones';
import { fechaHora19, numeroAr } from '../../../shared/formato';
import { TEXTOS_CAMIONES as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { ErroresGuardado } from '../../components/ErroresGuardado';
import { cuposAsignadosQuery } from './api';
import { TituloCamion } from './TituloCamion';

interface Props {
  camion: CamionEnPlaya;
  /** Unassign mode adds the Desasignar column (spec section 2). */
  desasignar: boolean;
  errores: string[];
  onDesasignar: (cupo: CupoAsignado) => void;
  onCerrar: () => void;
}

/** 'Cupos asignados': the truck's quotas ('Ver cupo'), or the ones to unlink ('Desasignar'). */
export function ModalCuposAsignados({
  camion,
  desasignar,
  errores,
  onDesasignar,
  onCerrar,
}: Props) {
  const cupos = useQuery(cuposAsignadosQuery(camion.ctrl));
  return (
    <Modal
      show
      onHide={onCerrar}
      size="xl"
      className="modal-camiones"
      backdropClassName="fondo-camiones"
      aria-labelledby="titulo-cupos-asignados"
    >
      <Modal.Header closeButton>
        <TituloCamion id="titulo-cupos-asignados" titulo={T.cuposAsignados} camion={camion} />
      </Modal.Header>
      <Modal.Body>
        <ErroresGuardado errores={errores} />
        {cupos.isPending ? (
          <Cargando />
        ) : cupos.isError ? (
          <AlgoSalioMal texto={T.algoSalioMalAsignados} />
        ) : cupos.data.length === 0 ? (
          <p className="text-secondary my-2">{T.sinCupos}</p>
        ) : (
          <div className="tabla-desplazable">
            <Table hover size="sm" className="align-middle mb-0 tabla-modal">
              <thead>
                <tr>
                  <th scope="col" className="text-end">
                    Carga máxima
                  </th>
                  <th scope="col">Fecha Gen.</th>
                  <th scope="col">Mezcla</th>
                  <th scope="col">Tipo despacho</th>
                  <th scope="col">Observaciones</th>
                  {desasignar && <th scope="col">{T.desasignar}</th>}
                </tr>
              </thead>
              <tbody>
                {cupos.data.map((c) => (
                  <tr key={c.ctrl}>
                    <td className="text-end">{numeroAr(c.cantidad)}</td>
                    <td className="text-nowrap">{fechaHora19(c.fechagen)}</td>
                    <td>{c.mezcla}</td>
                    <td>{c.tipo}</td>
                    <td>{c.obs}</td>
                    {desasignar && (
                      <td>
                        <Button size="sm" variant="outline-danger" onClick={() => onDesasignar(c)}>
                          {T.desasignar}
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </Table>
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
