import { PantallaPendiente } from '../../components/PantallaPendiente';

export function CupoFormularioPage() {
  return <PantallaPendiente titulo="Orden de cupo" />;
}
