import '../../components/tabla-tarjetas.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import type { Encuesta } from '../../../shared/contracts/encuestas';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { useAvisoDeError } from './useAvisoDeError';

/** A column a screen adds after the common ones; `acciones` holds the row's buttons. */
export interface ColumnaEncuesta {
  titulo: string;
  celda: (encuesta: Encuesta, indice: number) => ReactNode;
  acciones?: boolean;
}

/**
 * The list of surveys both screens show (#, Título, Descripción, Fecha de creación) with its
 * loading, error and empty states; each screen adds its own columns after those. Below 768 px
 * each survey is a card (tabla-tarjetas.css), its title on top and its buttons last: on a phone
 * 'Responder' and the description are on screen, not past its edge.
 */
export function TablaEncuestas(props: {
  consulta: UseQueryResult<Encuesta[]>;
  /** 'Fecha de Creación' on the administration screen, 'Fecha de creación' on the list. */
  tituloFecha: string;
  columnas: ColumnaEncuesta[];
}) {
  const { data, isPending, error } = props.consulta;
  useAvisoDeError(error, T.errorCargarEncuestas);

  if (isPending) return <Cargando />;
  if (error) return <AlgoSalioMal error={error} />;
  if (data.length === 0) return <p className="text-secondary">{T.sinEncuestas}</p>;
  return (
    // position-relative keeps the phone's visually hidden header inside the box.
    <div className="tabla-desplazable position-relative">
      <Table hover className="align-middle bg-white tabla-tarjetas">
        <thead>
          <tr>
            <th>#</th>
            <th>Título</th>
            <th>Descripción</th>
            <th className="text-nowrap">{props.tituloFecha}</th>
            {props.columnas.map((c) => (
              <th key={c.titulo}>{c.titulo}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((e, i) => (
            <tr key={e.Id}>
              <td data-etiqueta="#">
                <span className="valor">{i + 1}</span>
              </td>
              <th scope="row" className="celda-texto fw-semibold">
                {e.Titulo}
              </th>
              <td className="celda-texto" data-etiqueta="Descripción">
                <span className="valor">{e.Descripcion || T.sinDescripcionCorta}</span>
              </td>
              <td className="text-nowrap" data-etiqueta={props.tituloFecha}>
                <span className="valor">{fechaDdMmAaaaHhMm(e.FechaCreacion)}</span>
              </td>
              {props.columnas.map((c) =>
                c.acciones ? (
                  <td key={c.titulo} className="celda-acciones">
                    {c.celda(e, i)}
                  </td>
                ) : (
                  <td key={c.titulo} data-etiqueta={c.titulo}>
                    <span className="valor">{c.celda(e, i)}</span>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
