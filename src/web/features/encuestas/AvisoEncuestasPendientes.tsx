import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TEXTOS_ENCUESTAS } from '../../../shared/textos';
import { useSesion } from '../../lib/sesion';
import { avisos } from '../../components/avisos';
import { ultimoIngreso } from '../../lib/ingreso-reciente';
import { pendientesQuery } from './api';
import { RecordatoriosEncuestas } from './RecordatoriosEncuestas';

/** The last sign-in already told about its pending surveys (kept across remounts of the shell). */
let ingresoAvisado = 0;

/**
 * After a sign-in, a non-administrator with pending surveys gets the info notice (spec sections 4
 * and 8); a reload does not repeat it. A failed check is only logged. The administrator's
 * reminders (issue 16) follow the same sign-in, named survey by survey.
 */
export function AvisoEncuestasPendientes() {
  const { userId, esAdministrador } = useSesion();
  const ingreso = ultimoIngreso();
  const { data, error } = useQuery({
    ...pendientesQuery(userId, ingreso),
    enabled: ingreso > 0 && !esAdministrador,
  });

  useEffect(() => {
    if (error) console.error('No se pudieron consultar las encuestas pendientes', error);
  }, [error]);

  useEffect(() => {
    if (!data || ingreso === ingresoAvisado) return;
    ingresoAvisado = ingreso;
    if (data.length > 0) avisos.info(TEXTOS_ENCUESTAS.pendientes(data.length));
  }, [data, ingreso]);

  return <RecordatoriosEncuestas />;
}
