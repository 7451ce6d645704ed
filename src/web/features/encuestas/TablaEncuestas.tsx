import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import type { Encuesta } from '../../../shared/contracts/encuestas';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { useAvisoDeError } from './useAvisoDeError';

/**
 * The list of surveys both screens show (#, Título, Descripción, Fecha de creación) with its
 * loading, error and empty states; each screen adds its own columns after those.
 */
export function TablaEncuestas(props: {
  consulta: UseQueryResult<Encuesta[]>;
  /** 'Fecha de Creación' on the administration screen, 'Fecha de creación' on the list. */
  tituloFecha: string;
  columnas: string[];
  celdas: (encuesta: Encuesta, indice: number) => ReactNode;
}) {
  const { data, isPending, error } = props.consulta;
  useAvisoDeError(error, T.errorCargarEncuestas);

  if (isPending) return <Cargando />;
  if (error) return <AlgoSalioMal error={error} />;
  if (data.length === 0) return <p className="text-secondary">{T.sinEncuestas}</p>;
  return (
    <div className="tabla-desplazable">
      <Table striped hover className="align-middle bg-white">
        <thead>
          <tr>
            <th>#</th>
            <th>Título</th>
            <th>Descripción</th>
            <th className="text-nowrap">{props.tituloFecha}</th>
            {props.columnas.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((e, i) => (
            <tr key={e.Id}>
              <td>{i + 1}</td>
              <td className="celda-texto">{e.Titulo}</td>
              <td className="celda-texto">{e.Descripcion || T.sinDescripcionCorta}</td>
              <td className="text-nowrap">{fechaDdMmAaaaHhMm(e.FechaCreacion)}</td>
              {props.celdas(e, i)}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
