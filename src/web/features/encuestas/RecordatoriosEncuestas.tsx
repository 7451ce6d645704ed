import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useSesion } from '../../lib/sesion';
import { api } from '../../lib/api-client';
import { ultimoIngreso } from '../../lib/ingreso-reciente';
import { recordatoriosQuery } from './api';

/** The last sign-in whose reminders were marked seen (kept across remounts of the shell). */
let ingresoMarcado = 0;

/**
 * The administrator's reminders (issue 16), at the first screen after a sign-in: one notice per
 * survey the user still has to answer, with a link to answer it. Not a toast: it holds a link,
 * and a link must not vanish on a timer; it stays until closed or the survey is opened. Once on
 * screen the reminders are marked seen (a POST: reading them has no side effects), so the next
 * sign-in does not show them again. A failed check or mark is only logged, as with the pending
 * notice.
 */
export function RecordatoriosEncuestas() {
  const { userId, esAdministrador } = useSesion();
  const ingreso = ultimoIngreso();
  const cliente = useQueryClient();
  const consulta = recordatoriosQuery(userId, ingreso);
  const { data, error } = useQuery({ ...consulta, enabled: ingreso > 0 && !esAdministrador });
  const { mutate: marcarVistos } = useMutation({
    mutationFn: (encuestaIds: number[]) =>
      api.post('/api/encuestas/recordatorios/vistos', { encuestaIds }),
    onError: (e) => console.error('No se pudieron marcar los recordatorios como vistos', e),
  });

  useEffect(() => {
    if (error) console.error('No se pudieron consultar los recordatorios de encuestas', error);
  }, [error]);

  useEffect(() => {
    if (!data || data.length === 0 || ingreso === ingresoMarcado) return;
    ingresoMarcado = ingreso;
    marcarVistos(data.map((r) => r.EncuestaId));
  }, [data, ingreso, marcarVistos]);

  if (!data || data.length === 0) return null;
  const cerrar = (encuestaId: number) =>
    cliente.setQueryData(consulta.queryKey, (lista) =>
      lista?.filter((r) => r.EncuestaId !== encuestaId),
    );
  return (
    <Container fluid as="section" aria-label="Recordatorios de encuestas" className="d-print-none">
      {data.map((r) => (
        <Alert
          key={r.EncuestaId}
          variant="info"
          role="status"
          dismissible
          closeLabel="Cerrar recordatorio"
          onClose={() => cerrar(r.EncuestaId)}
          className="text-break"
        >
          Recordatorio: la encuesta «{r.Titulo}» espera tu respuesta.{' '}
          <Link
            to={paths.encuestaResponder(r.EncuestaId)}
            className="alert-link"
            onClick={() => cerrar(r.EncuestaId)}
          >
            Responder ahora
          </Link>
        </Alert>
      ))}
    </Container>
  );
}
