import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function NoEncontrada() {
  return (
    <section className="text-center py-5">
      <h1 className="h3">Página no encontrada</h1>
      <p className="text-secondary">La dirección que abrió no existe en el portal.</p>
      <Link to={paths.inicio} className="btn btn-primary">
        Ir al inicio
      </Link>
    </section>
  );
}
