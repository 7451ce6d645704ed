import { memo, type ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { TEXTOS_UNIDADES } from '../../shared/textos';
import { useSeleccion } from '../lib/seleccion';

/**
 * Client company select bound to the kept selection. Memoized, like the unit's: it redraws when
 * the selection changes, not with every keystroke of the screen around it (at harvest scale it
 * holds hundreds of companies; issue 23).
 */
export const SelectorCliente = memo(function SelectorCliente({
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
});

/**
 * Business unit select bound to the kept selection (the trucks screen labels it 'Tipo despacho').
 * A deactivated unit stays, marked '(inactiva)': its trucks, quotas and stock are still found.
 */
export const SelectorUnidad = memo(function SelectorUnidad({
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
            {TEXTOS_UNIDADES.nombreUnidad(u)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
});

/** The row on top of the Cupos and Stock screens: client, business unit, and the screen's buttons. */
export function FilaSelectores({ children }: { children: ReactNode }) {
  return (
    <Row className="g-2 align-items-end mb-3">
      <Col xs={12} md={5} lg={4}>
        <SelectorCliente />
      </Col>
      <Col xs={12} md={3} lg={3}>
        <SelectorUnidad />
      </Col>
      <Col xs={12} md="auto" className="ms-md-auto d-flex gap-2">
        {children}
      </Col>
    </Row>
  );
}
