import '../../components/tabla-apilada.css';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { CamionEnPlaya, CupoAsignado } from '../../../shared/contracts/camiones';
import { fechaHora19, numeroAr } from '../../../shared/formato';
import { TEXTOS_CAMIONES as T } from '../../../shared/textos';
import { ErroresGuardado } from '../../components/ErroresGuardado';
import { cuposAsignadosQuery } from './api';
import { ModalCamion, SegunConsulta } from './ModalCamion';

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
    <ModalCamion
      id="titulo-cupos-asignados"
      titulo={T.cuposAsignados}
      camion={camion}
      onCerrar={onCerrar}
    >
      <ErroresGuardado errores={errores} />
      <SegunConsulta consulta={cupos} vacio={T.sinCupos} error={T.algoSalioMalAsignados}>
        {(lista) => (
          // At phone width each quota is a block of 'label: value' lines (tabla-apilada).
          <div className="tabla-desplazable position-relative">
            <Table hover size="sm" className="align-middle mb-0 tabla-modal tabla-apilada">
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
                {lista.map((c) => (
                  <tr key={c.ctrl}>
                    <td className="text-end" data-etiqueta="Carga máxima">
                      {numeroAr(c.cantidad)}
                    </td>
                    <td className="text-nowrap" data-etiqueta="Fecha Gen.">
                      {fechaHora19(c.fechagen)}
                    </td>
                    <td data-etiqueta="Mezcla">{c.mezcla}</td>
                    <td data-etiqueta="Tipo despacho">{c.tipo}</td>
                    <td data-etiqueta="Observaciones">{c.obs}</td>
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
      </SegunConsulta>
    </ModalCamion>
  );
}
