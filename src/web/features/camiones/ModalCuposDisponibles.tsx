import '../../components/tabla-apilada.css';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import type { CupoDisponible } from '../../../shared/contracts/cupos';
import { fechaHora19, numeroAr, obsCorta } from '../../../shared/formato';
import { TEXTOS_CAMIONES as T } from '../../../shared/textos';
import { ErroresGuardado } from '../../components/ErroresGuardado';
import { cuposDisponiblesQuery } from '../../lib/cupos-disponibles';
import { ModalCamion, SegunConsulta } from './ModalCamion';

interface Props {
  camion: CamionEnPlaya;
  codempre: number;
  unineg: number;
  errores: string[];
  onAsignar: (cupo: CupoDisponible) => void;
  onCerrar: () => void;
}

/** 'Cupos disponibles': the unassigned quotas of the truck's client and unit, to link one. */
export function ModalCuposDisponibles({
  camion,
  codempre,
  unineg,
  errores,
  onAsignar,
  onCerrar,
}: Props) {
  const cupos = useQuery({
    ...cuposDisponiblesQuery(codempre, unineg),
    select: (r) => r.resultado,
  });
  return (
    <ModalCamion
      id="titulo-cupos-disponibles"
      titulo={T.cuposDisponibles}
      camion={camion}
      onCerrar={onCerrar}
    >
      <ErroresGuardado errores={errores} />
      <SegunConsulta consulta={cupos} vacio={T.sinCupos}>
        {(lista) => (
          // At phone width each quota is a block of 'label: value' lines (tabla-apilada), as in
          // the quota list: 'Asginar' stays on screen instead of past its right edge.
          <div className="tabla-desplazable position-relative">
            <Table hover size="sm" className="align-middle mb-0 tabla-modal tabla-apilada">
              <thead>
                <tr>
                  <th scope="col">Fecha Gen.</th>
                  <th scope="col">Despacho</th>
                  <th scope="col">Envase</th>
                  <th scope="col">Mezcla</th>
                  <th scope="col" className="text-end">
                    Cantidad
                  </th>
                  <th scope="col">Obs</th>
                  <th scope="col">
                    <span className="visually-hidden">Acción</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lista.map((c) => (
                  <tr key={c.ctrl}>
                    <td className="text-nowrap" data-etiqueta="Fecha Gen.">
                      {fechaHora19(c.fechagen)}
                    </td>
                    <td data-etiqueta="Despacho">{c.nomdespacho}</td>
                    <td data-etiqueta="Envase">{c.nombreenvase}</td>
                    <td data-etiqueta="Mezcla">{c.mezcla}</td>
                    <td className="text-end" data-etiqueta="Cantidad">
                      {numeroAr(c.cantidad)}
                    </td>
                    <td title={c.obs ?? undefined} data-etiqueta="Obs">
                      {obsCorta(c.obs)}
                    </td>
                    <td>
                      <Button variant="link" size="sm" className="p-0" onClick={() => onAsignar(c)}>
                        {T.asignarCupo}
                      </Button>
                    </td>
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
