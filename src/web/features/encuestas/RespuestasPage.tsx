import { PantallaPendiente } from '../../components/PantallaPendiente';

export function RespuestasPage() {
  return <PantallaPendiente titulo="Respuestas de la encuesta" />;
}
