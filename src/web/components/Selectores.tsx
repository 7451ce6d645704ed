import Form from 'react-bootstrap/Form';
import { useSeleccion } from '../app/seleccion';

/** Client company select bound to the kept selection. */
export function SelectorCliente({
  etiqueta = 'Cliente',
  id = 'selector-cliente',
}: {
  etiqueta?: string;
  id?: string;
}) {
  const { empresas, codempre, elegirEmpresa, cargando } = useSeleccion();
  return (
    <Form.Group controlId={id}>
      <Form.Label>{etiqueta}</Form.Label>
      <Form.Select
        value={codempre ?? ''}
        disabled={cargando}
        onChange={(e) => elegirEmpresa(Number(e.target.value))}
      >
        {empresas.map((e) => (
          <option key={e.codempre} value={e.codempre}>
            {e.nomempre}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** Business unit select bound to the kept selection (the trucks screen labels it 'Tipo despacho'). */
export function SelectorUnidad({
  etiqueta = 'Unidad de Negocio',
  id = 'selector-unidad',
}: {
  etiqueta?: string;
  id?: string;
}) {
  const { unidades, unineg, elegirUnidad } = useSeleccion();
  return (
    <Form.Group controlId={id}>
      <Form.Label>{etiqueta}</Form.Label>
      <Form.Select value={unineg ?? ''} onChange={(e) => elegirUnidad(Number(e.target.value))}>
        {unidades.map((u) => (
          <option key={u.ctrl} value={u.ctrl}>
            {u.unineg}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
