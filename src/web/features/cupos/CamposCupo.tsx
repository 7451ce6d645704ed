import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import type { UnidadNegocio } from '../../../shared/contracts/comun';
import type { CampoCupo } from '../../../shared/cupo-validacion';
import { SIN_ENVASE_ID } from '../../../shared/cupo-validacion';
import { ETIQUETAS_CUPO as E, TEXTOS_UNIDADES as TU, TIPOS_ORDEN } from '../../../shared/textos';
import { useSeleccion } from '../../lib/seleccion';
import { unidadDeCarga } from './DetalleCupoModal';
import type { FormularioCupoEstado } from './useFormularioCupo';

/** The order's own fields, above the products (spec sections 2-4). */
export function CamposCupo({
  f,
  unidades,
  creando,
  error,
}: {
  f: FormularioCupoEstado;
  unidades: UnidadNegocio[];
  creando: boolean;
  error: (campo: CampoCupo) => string | undefined;
}) {
  const seleccion = useSeleccion();
  const { v, cambiar, listaDespachos, despacho, sinEnvase, envases } = f;
  return (
    <Row className="g-3">
      <Col xs={12} md={6}>
        <CampoSelect
          id="cupo-cliente"
          etiqueta={E.cliente}
          valor={v.cliente}
          error={error('cliente')}
          opciones={seleccion.empresas.map((x) => [x.codempre, x.nomempre])}
          onCambiar={f.cambiarCliente}
        />
      </Col>
      <Col xs={12} sm={6} md={3}>
        <CampoSelect
          id="cupo-unineg"
          etiqueta={E.uniNeg}
          valor={v.uniNeg}
          error={error('uniNeg')}
          opciones={unidades.map((u) => [u.ctrl, TU.nombreUnidad(u)])}
          onCambiar={f.cambiarUnidad}
        />
      </Col>
      <Col xs={12} sm={6} md={3}>
        <Form.Group controlId="cupo-tipo-orden">
          <Form.Label>{E.tipoOrden}</Form.Label>
          <Form.Select
            value={v.tipoOrden}
            onChange={(e) => cambiar({ tipoOrden: e.target.value === 'R' ? 'R' : 'D' })}
          >
            <option value="D">{TIPOS_ORDEN.D}</option>
            <option value="R">{TIPOS_ORDEN.R}</option>
          </Form.Select>
        </Form.Group>
      </Col>

      <Col xs={12} md={4}>
        <CampoSelect
          id="cupo-tipo-despacho"
          etiqueta={E.tipoDespacho}
          valor={v.tipoDespacho}
          error={error('tipoDespacho')}
          opciones={(listaDespachos ?? []).map((d) => [
            d.coddespacho,
            TU.nombreDespacho({ nomdespacho: d.nomdespacho, activo: !d.inactivo }),
          ])}
          onCambiar={f.cambiarDespacho}
        />
      </Col>
      <Col xs={12} md={4}>
        <CampoSelect
          id="cupo-envase"
          etiqueta={E.envase}
          valor={v.envase}
          error={error('envase')}
          deshabilitado={sinEnvase}
          opciones={[
            ...(despacho?.envase === 'S' ? [] : [[SIN_ENVASE_ID, 'Sin envase'] as const]),
            ...(sinEnvase ? [] : (envases.data ?? []).map((x) => [x.ctrl, x.nombre] as const)),
          ]}
          onCambiar={(envase) => cambiar({ envase })}
        />
      </Col>
      <Col xs={12} md={4}>
        <Form.Group controlId="cupo-carga-maxima">
          <Form.Label>{E.cargaMaxima}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              type="number"
              inputMode="decimal"
              min={0}
              step={sinEnvase ? 'any' : 1}
              value={v.cargaMaxima}
              isInvalid={Boolean(error('cargaMaxima'))}
              onChange={(e) => cambiar({ cargaMaxima: e.target.value })}
              aria-describedby="cupo-unidad-carga"
            />
            <InputGroup.Text id="cupo-unidad-carga">{unidadDeCarga(sinEnvase)}</InputGroup.Text>
            <Form.Control.Feedback type="invalid">{error('cargaMaxima')}</Form.Control.Feedback>
          </InputGroup>
        </Form.Group>
      </Col>

      <Col xs={12} sm={6} md={4}>
        {/* Level with the inputs beside it, whatever message appears under them. */}
        <Form.Check
          id="cupo-coating"
          type="switch"
          label={E.conCoating}
          checked={v.conCoating}
          onChange={(e) => cambiar({ conCoating: e.target.checked })}
          className="pt-sm-4 mt-sm-3"
        />
      </Col>
      {creando && (
        <Col xs={12} sm={6} md={4}>
          <Form.Group controlId="cupo-cantidad">
            <Form.Label>{E.cantCuposIguales}</Form.Label>
            <Form.Control
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              value={v.cantCuposIguales}
              isInvalid={Boolean(error('cantCuposIguales'))}
              onChange={(e) => cambiar({ cantCuposIguales: e.target.value })}
            />
            <Form.Control.Feedback type="invalid">
              {error('cantCuposIguales')}
            </Form.Control.Feedback>
          </Form.Group>
        </Col>
      )}
      <Col xs={12}>
        <Form.Group controlId="cupo-observaciones">
          <Form.Label>{E.observaciones}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={250}
            value={v.observaciones}
            onChange={(e) => cambiar({ observaciones: e.target.value })}
          />
        </Form.Group>
      </Col>
    </Row>
  );
}

/** A required select of the form: 'Seleccione...' first, its message in red under it. */
function CampoSelect(props: {
  id: string;
  etiqueta: string;
  valor: string;
  error: string | undefined;
  deshabilitado?: boolean;
  opciones: readonly (readonly [valor: number, texto: string])[];
  onCambiar: (valor: string) => void;
}) {
  return (
    <Form.Group controlId={props.id}>
      <Form.Label>{props.etiqueta}</Form.Label>
      <Form.Select
        value={props.valor}
        disabled={props.deshabilitado}
        isInvalid={Boolean(props.error)}
        onChange={(e) => props.onCambiar(e.target.value)}
      >
        <option value="">Seleccione...</option>
        {props.opciones.map(([valor, texto]) => (
          <option key={valor} value={valor}>
            {texto}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
    </Form.Group>
  );
}
