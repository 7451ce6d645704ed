import { PantallaPendiente } from '../../components/PantallaPendiente';

export function StockPage() {
  return <PantallaPendiente titulo="Listado de stock" />;
}
