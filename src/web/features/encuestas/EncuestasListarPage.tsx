import './encuestas.css';
import { useQueries, useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useNavigate } from 'react-router';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { paths } from '../../app/paths';
import { useSesion } from '../../app/sesion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { encuestasQuery, respondioQuery } from './api';
import { useAvisoDeError } from './useAvisoDeError';

/** The surveys available to the user, each with whether it already answered it (spec 2, 4). */
export function EncuestasListarPage() {
  const { userId, esAdministrador } = useSesion();
  const navegar = useNavigate();
  const encuestas = useQuery(encuestasQuery);
  // One check per survey, as the spec's client does; a failed one counts as not answered.
  const respondidas = useQueries({
    queries: (encuestas.data ?? []).map((e) => respondioQuery(e.Id, userId)),
  });
  useAvisoDeError(encuestas.error, T.errorCargarEncuestas);

  let contenido;
  if (encuestas.isPending) contenido = <Cargando />;
  else if (encuestas.error) contenido = <AlgoSalioMal />;
  else if (encuestas.data.length === 0)
    contenido = <p className="text-secondary">{T.sinEncuestas}</p>;
  else {
    contenido = (
      <div className="tabla-desplazable">
        <Table striped hover className="align-middle bg-white">
          <thead>
            <tr>
              <th>#</th>
              <th>Título</th>
              <th>Descripción</th>
              <th className="text-nowrap">Fecha de creación</th>
              <th>Respondida</th>
              <th>Acciones</th>
            </tr>
          </thead>
          <tbody>
            {encuestas.data.map((e, i) => {
              const consulta = respondidas[i];
              const respondida = consulta?.data === true;
              const sabido = consulta?.isSuccess === true;
              return (
                <tr key={e.Id}>
                  <td>{i + 1}</td>
                  <td className="celda-texto">{e.Titulo}</td>
                  <td className="celda-texto">{e.Descripcion || T.sinDescripcionCorta}</td>
                  <td className="text-nowrap">{fechaDdMmAaaaHhMm(e.FechaCreacion)}</td>
                  <td>
                    {sabido ? (
                      <Badge bg={respondida ? 'success' : 'secondary'}>
                        {respondida ? T.si : T.no}
                      </Badge>
                    ) : (
                      <Spinner size="sm" aria-label={T.cargandoRespondida} />
                    )}
                  </td>
                  <td>
                    {respondida ? (
                      <Button size="sm" variant="outline-success" disabled>
                        {T.respondida}
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        disabled={!sabido || esAdministrador}
                        title={esAdministrador ? T.administradorNoResponde : undefined}
                        onClick={() => void navegar(paths.encuestaResponder(e.Id))}
                      >
                        {T.responder}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
    );
  }

  return (
    <section>
      <h1 className="titulo-pantalla">{T.encuestasDisponibles}</h1>
      {contenido}
    </section>
  );
}
