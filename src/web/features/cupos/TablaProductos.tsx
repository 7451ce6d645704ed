import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import type { ProductoCliente } from '../../../shared/contracts/productos';
import { decimasAPorcentaje, type ResultadoProductos } from '../../../shared/cupo-validacion';
import { numeroAr } from '../../../shared/formato';
import { ETIQUETAS_CUPO as E } from '../../../shared/textos';
import type { FilaProducto } from './formulario';

/**
 * The order's product table: one row per product with its percentage (step 0.1, 0-100), rows
 * added and removed freely, and the running total. Errors are marked in red on each row.
 */
export function TablaProductos(props: {
  filas: FilaProducto[];
  opciones: ProductoCliente[];
  resultado: ResultadoProductos;
  mostrarErrores: boolean;
  onCambiar: (filas: FilaProducto[]) => void;
  onAgregar: () => void;
}) {
  const { filas, resultado, mostrarErrores } = props;
  const cambiarFila = (i: number, cambio: Partial<FilaProducto>) =>
    props.onCambiar(filas.map((f, j) => (j === i ? { ...f, ...cambio } : f)));
  const total = mostrarErrores ? resultado.total : undefined;

  return (
    <fieldset className="mt-4">
      <legend className="h5">Productos</legend>
      <div className="tabla-desplazable">
        <Table size="sm" className="align-top mb-2">
          <thead>
            <tr>
              <th>{E.producto}</th>
              <th>{E.porcentaje}</th>
              <th>
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {filas.map((f, i) => {
              const e = mostrarErrores ? resultado.filas[i] : undefined;
              return (
                <tr key={f.clave}>
                  <td style={{ minWidth: '9rem' }}>
                    <Form.Select
                      aria-label={`${E.producto} ${i + 1}`}
                      value={f.producto}
                      isInvalid={Boolean(e?.producto)}
                      onChange={(ev) => cambiarFila(i, { producto: ev.target.value })}
                    >
                      <option value="">Seleccione...</option>
                      {props.opciones.map((o) => (
                        <option key={o.codpro} value={o.codpro}>
                          {o.nompro}
                        </option>
                      ))}
                    </Form.Select>
                    <Form.Control.Feedback type="invalid">{e?.producto}</Form.Control.Feedback>
                  </td>
                  <td style={{ minWidth: '7rem', width: '11rem' }}>
                    <InputGroup hasValidation>
                      <Form.Control
                        type="number"
                        inputMode="decimal"
                        step={0.1}
                        min={0}
                        max={100}
                        aria-label={`${E.porcentaje} ${i + 1}`}
                        value={f.porcentaje}
                        isInvalid={Boolean(e?.porcentaje)}
                        onChange={(ev) => cambiarFila(i, { porcentaje: ev.target.value })}
                      />
                      <InputGroup.Text>%</InputGroup.Text>
                      <Form.Control.Feedback type="invalid">{e?.porcentaje}</Form.Control.Feedback>
                    </InputGroup>
                  </td>
                  <td className="text-end" style={{ width: '1%' }}>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Quitar la fila ${i + 1}`}
                      disabled={filas.length === 1}
                      onClick={() => props.onCambiar(filas.filter((_, j) => j !== i))}
                    >
                      Quitar
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th className="text-end">Total</th>
              <td>
                <span className={total ? 'text-danger fw-semibold' : 'fw-semibold'}>
                  {numeroAr(decimasAPorcentaje(resultado.sumaDecimas), 1)} %
                </span>
                {total && <div className="text-danger small">{total}</div>}
              </td>
              <td />
            </tr>
          </tfoot>
        </Table>
      </div>
      <Button variant="outline-primary" size="sm" onClick={props.onAgregar}>
        Agregar producto
      </Button>
    </fieldset>
  );
}
