/**
 * A row's 'Acciones' menu (the administration's lists): a small button named after the row, a
 * spinner while the row's act waits for the server, and its items; a dangerous item is red and
 * may come after a divider.
 */
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';

export interface AccionDeFila {
  texto: string;
  hacer: () => void;
  /** It takes something away: red. */
  peligro?: boolean;
  /** A divider before it. */
  aparte?: boolean;
}

export function MenuAcciones(props: {
  /** Unique in the page: the toggle's id. */
  id: string;
  /** What the toggle says to a screen reader: 'Acciones de Soja'. */
  etiqueta: string;
  texto: string;
  ocupado: boolean;
  acciones: AccionDeFila[];
}) {
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        size="sm"
        variant="outline-primary"
        id={props.id}
        disabled={props.ocupado}
        aria-label={props.etiqueta}
      >
        {props.ocupado && <Spinner size="sm" className="me-1" aria-hidden="true" />}
        {props.texto}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {props.acciones.flatMap((a) => [
          ...(a.aparte ? [<Dropdown.Divider key={`${a.texto}-aparte`} />] : []),
          <Dropdown.Item
            key={a.texto}
            as="button"
            onClick={a.hacer}
            className={a.peligro ? 'text-danger' : undefined}
          >
            {a.texto}
          </Dropdown.Item>,
        ])}
      </Dropdown.Menu>
    </Dropdown>
  );
}
