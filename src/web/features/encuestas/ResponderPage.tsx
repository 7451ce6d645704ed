import { PantallaPendiente } from '../../components/PantallaPendiente';

export function ResponderPage() {
  return <PantallaPendiente titulo="Responder encuesta" />;
}
