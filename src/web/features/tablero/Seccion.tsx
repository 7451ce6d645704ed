import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';

export const SIN_DATOS = 'Sin datos en el rango elegido.';

/** A query's state as a section shows it. */
export interface EstadoSeccion {
  /** Nothing to show yet (first load). */
  cargando: boolean;
  /** The numbers on screen are the previous filters' while the new ones load. */
  actualizando: boolean;
  error: unknown;
  /** Loaded, and nothing happened in the range. */
  vacia: boolean;
}

/** One of the dashboard's sections: a card with its title, loading, error and empty states. */
export function Seccion({
  id,
  titulo,
  estado,
  children,
}: {
  id: string;
  titulo: string;
  estado: EstadoSeccion;
  children: ReactNode;
}) {
  let cuerpo: ReactNode;
  if (estado.error) cuerpo = <AlgoSalioMal error={estado.error} />;
  else if (estado.cargando) cuerpo = <Cargando />;
  else if (estado.vacia) cuerpo = <p className="text-secondary mb-0">{SIN_DATOS}</p>;
  else cuerpo = children;
  return (
    <section
      className="card mb-3 seccion-tablero"
      aria-labelledby={`titulo-${id}`}
      aria-busy={estado.actualizando || estado.cargando}
    >
      <div className="card-header d-flex align-items-center gap-2">
        <h2 className="h5 mb-0" id={`titulo-${id}`}>
          {titulo}
        </h2>
        {estado.actualizando && (
          <span
            className="ms-auto small text-secondary d-flex align-items-center gap-1"
            role="status"
          >
            <Spinner animation="border" size="sm" aria-hidden="true" />
            Actualizando…
          </span>
        )}
      </div>
      <div className="card-body">{cuerpo}</div>
    </section>
  );
}

/** Chart and table side by side on a wide screen, one under the other on a narrow one. */
export function GraficoYTabla({ grafico, tabla }: { grafico: ReactNode; tabla: ReactNode }) {
  return (
    <div className="row g-3">
      <div className="col-12 col-xl-7">{grafico}</div>
      <div className="col-12 col-xl-5">{tabla}</div>
    </div>
  );
}
