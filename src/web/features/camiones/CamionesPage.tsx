import { PantallaPendiente } from '../../components/PantallaPendiente';

export function CamionesPage() {
  return <PantallaPendiente titulo="Camiones en playa" />;
}
