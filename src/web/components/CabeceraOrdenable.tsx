import './cabecera-ordenable.css';

export type SentidoOrden = 'asc' | 'desc';

/**
 * A column header that sorts its table. The whole cell is the click target, not only its words:
 * a header row is as tall as its longest wrapped title, and a button's `height: 100%` does not
 * stretch inside a table cell (issue 20). The button keeps the focus, Enter and Space; its
 * `::after` covers the cell (cabecera-ordenable.css).
 */
export function CabeceraOrdenable({
  texto,
  orden,
  onOrden,
}: {
  texto: string;
  orden: SentidoOrden;
  onOrden: () => void;
}) {
  return (
    <th
      scope="col"
      className="cabecera-ordenable"
      aria-sort={orden === 'desc' ? 'descending' : 'ascending'}
    >
      <button type="button" onClick={onOrden} title={`Ordenar por ${texto.toLowerCase()}`}>
        {texto} <span aria-hidden="true">{orden === 'desc' ? '▼' : '▲'}</span>
      </button>
    </th>
  );
}
