import './encuestas.css';
import { useQueries, useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { paths } from '../../lib/paths';
import { useSesion } from '../../lib/sesion';
import { encuestasQuery, respondioQuery } from './api';
import { TablaEncuestas } from './TablaEncuestas';

/** The surveys available to the user, each with whether it already answered it (spec 2, 4). */
export function EncuestasListarPage() {
  const { userId, esAdministrador } = useSesion();
  const navegar = useNavigate();
  const encuestas = useQuery(encuestasQuery);
  // One check per survey, as the spec's client does; a failed one counts as not answered.
  const respondidas = useQueries({
    queries: (encuestas.data ?? []).map((e) => respondioQuery(e.Id, userId)),
  });

  return (
    <section>
      <h1 className="titulo-pantalla">{T.encuestasDisponibles}</h1>
      <TablaEncuestas
        consulta={encuestas}
        tituloFecha="Fecha de creación"
        columnas={[
          {
            titulo: 'Respondida',
            celda: (_e, i) => {
              const consulta = respondidas[i];
              if (consulta?.isSuccess !== true) {
                return <Spinner size="sm" aria-label={T.cargandoRespondida} />;
              }
              return (
                <Badge bg={consulta.data ? 'success' : 'secondary'}>
                  {consulta.data ? T.si : T.no}
                </Badge>
              );
            },
          },
          {
            titulo: 'Acciones',
            acciones: true,
            celda: (e, i) => {
              const consulta = respondidas[i];
              if (consulta?.data === true) {
                return (
                  <Button size="sm" variant="outline-success" disabled>
                    {T.respondida}
                  </Button>
                );
              }
              return (
                <Button
                  size="sm"
                  disabled={consulta?.isSuccess !== true || esAdministrador}
                  title={esAdministrador ? T.administradorNoResponde : undefined}
                  onClick={() => void navegar(paths.encuestaResponder(e.Id))}
                >
                  {T.responder}
                </Button>
              );
            },
          },
        ]}
      />
    </section>
  );
}
