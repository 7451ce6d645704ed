import { PantallaPendiente } from '../../components/PantallaPendiente';

export function CuposPage() {
  return <PantallaPendiente titulo="Listado de cupos disponibles" />;
}
