import { PantallaPendiente } from '../../components/PantallaPendiente';

export function EncuestasListarPage() {
  return <PantallaPendiente titulo="Encuestas disponibles" />;
}
