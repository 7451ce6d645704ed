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

/**
 * Chart and table side by side when every column of the table fits beside the chart at its
 * natural width; otherwise the table goes under the chart, full width (tablero.css). The table's
 * own columns decide, not the screen alone: at 1366 px the stages of 'Tiempo de permanencia' were
 * cut inside a narrow box beside the chart (issue 20), and more products widen the tons' table.
 */
export function GraficoYTabla({ grafico, tabla }: { grafico: ReactNode; tabla: ReactNode }) {
  return (
    <div className="grafico-y-tabla">
      <div className="grafico-y-tabla-grafico">{grafico}</div>
      <div className="grafico-y-tabla-tabla">{tabla}</div>
    </div>
  );
}
