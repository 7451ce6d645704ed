import { PantallaPendiente } from '../../components/PantallaPendiente';

export function EncuestasAdminPage() {
  return <PantallaPendiente titulo="Crear Encuesta" />;
}
