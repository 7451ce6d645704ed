/**
 * The notice of bookings in a paused band (issue 24, point 1): on the next visit after a pause,
 * a banner above every screen lists the user's bookings to move, with the pause's reason.
 */
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { diaConSemana, franjaHoraria } from '../../../shared/formato';
import { paths } from '../../lib/paths';
import { pausadosQuery } from './api';

export function AvisoTurnosPausados() {
  const { data } = useQuery(pausadosQuery);
  if (!data || data.length === 0) return null;
  return (
    <Alert variant="warning" className="mx-3 d-print-none" role="status">
      <p className="mb-1 fw-semibold">
        {data.length === 1
          ? 'Un turno suyo quedó en una franja pausada: cámbielo de franja.'
          : `${data.length} turnos suyos quedaron en franjas pausadas: cámbielos de franja.`}
      </p>
      <ul className="mb-1">
        {data.map((t) => (
          <li key={t.id}>
            <span className="font-monospace">{t.codigo}</span>: {diaConSemana(t.fecha)},{' '}
            {franjaHoraria(t.hora)} ({t.motivo})
          </li>
        ))}
      </ul>
      <Link to={paths.turnos} className="alert-link">
        Ir a Turnos
      </Link>
    </Alert>
  );
}
