import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import type { ErrorCupo, TipoDespacho } from '../../../shared/contracts/cupos';
import {
  SIN_ENVASE_ID,
  validarCupo,
  type CampoCupo,
  type ResultadoCupo,
} from '../../../shared/cupo-validacion';
import {
  ETIQUETAS_CUPO as E,
  TEXTOS,
  TEXTOS_CUPOS as T,
  TEXTOS_UNIDADES as TU,
  TIPOS_ORDEN,
} from '../../../shared/textos';
import { paths } from '../../app/paths';
import { useSeleccion } from '../../app/seleccion';
import { useSesion } from '../../app/sesion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { ErroresGuardado } from '../../components/ErroresGuardado';
import { ErrorApi } from '../../lib/api-client';
import {
  despachosQuery,
  detalleCupoQuery,
  envasesQuery,
  guardarCupoMutation,
  productosQuery,
} from './api';
import { unidadDeCarga } from './DetalleCupoModal';
import {
  cuerpoAlta,
  cuerpoModificacion,
  filaVacia,
  seleccionGuardada,
  trasAlta,
  valoresDeDetalle,
  valoresNuevos,
  type FilaProducto,
  type ValoresFormulario,
} from './formulario';
import { TablaProductos } from './TablaProductos';

const numero = (texto: string) => (texto === '' ? undefined : Number(texto));

/** /cupos/alta and /cupos/modificar/{codorden}: the quota order form (spec sections 2-5). */
export function CupoFormularioPage() {
  const { codorden } = useParams();
  return codorden === undefined ? <Alta /> : <Modificacion codorden={codorden} />;
}

function Alta() {
  const seleccion = useSeleccion();
  if (seleccion.cargando) return <Cargando />;
  if (seleccion.error) return <AlgoSalioMal />;
  // A deactivated unit takes no new quotas: the kept choice is not carried into the form.
  const activa = seleccion.unidades.some((u) => u.ctrl === seleccion.unineg && !u.inactiva);
  return (
    <FormularioCupo
      inicial={valoresNuevos(seleccion.codempre, activa ? seleccion.unineg : undefined)}
      asignado={false}
    />
  );
}

function Modificacion({ codorden }: { codorden: string }) {
  const valido = /^\d{1,10}$/.test(codorden);
  const detalle = useQuery({ ...detalleCupoQuery(Number(codorden)), enabled: valido });
  if (valido && detalle.isPending) return <Cargando />;
  const datos = detalle.data?.detalleCupo;
  const cabecera = datos?.cupo[0];
  if (!datos || !cabecera) {
    return (
      <section>
        <h1 className="titulo-pantalla">Modificar cupo</h1>
        <AlgoSalioMal error={detalle.error} />
        <Link to={paths.cupos}>Volver al listado</Link>
      </section>
    );
  }
  return (
    <FormularioCupo
      key={codorden}
      codorden={cabecera.ctrl}
      inicial={valoresDeDetalle(datos)}
      asignado={cabecera.asignado}
      actual={{
        unineg: cabecera.unineg,
        despacho: {
          coddespacho: cabecera.coddespacho,
          nomdespacho: cabecera.nomdespacho,
          // A bulk type never has a container, one in containers always has one.
          envase: cabecera.tipenvase === SIN_ENVASE_ID ? 'N' : 'S',
        },
      }}
    />
  );
}

function FormularioCupo(props: {
  inicial: ValoresFormulario;
  codorden?: number;
  asignado: boolean;
  /**
   * The edited quota's unit and dispatch type as saved: offered even if deactivated since (the
   * quota keeps them, issue 21); a new quota gets only active ones.
   */
  actual?: { unineg: number; despacho: TipoDespacho };
}) {
  const creando = props.codorden === undefined;
  const sesion = useSesion();
  const seleccion = useSeleccion();
  const navegar = useNavigate();
  const [v, setV] = useState(props.inicial);
  /** Errors show once the user tried to save, and then follow every change. */
  const [intentado, setIntentado] = useState(false);
  const [erroresServidor, setErroresServidor] = useState<string[]>([]);

  const despachos = useQuery(despachosQuery(numero(v.uniNeg)));
  const listaDespachos = conDespachoActual(despachos.data, props.actual, v.uniNeg);
  const unidades = sesion.uniNegs.filter((u) => !u.inactiva || u.ctrl === props.actual?.unineg);
  const envases = useQuery(envasesQuery(numero(v.cliente)));
  const productos = useQuery(productosQuery(numero(v.cliente), numero(v.uniNeg)));

  const despacho = listaDespachos?.find((d) => String(d.coddespacho) === v.tipoDespacho);
  const sinEnvase = despacho?.envase === 'N';
  const validacion = validarCupo(v, v.productos, {
    creando,
    conEnvase: despacho && despacho.envase === 'S',
  });
  const error = (campo: CampoCupo) => (intentado ? validacion.campos[campo] : undefined);

  const cambiar = (cambio: Partial<ValoresFormulario>) => setV((x) => ({ ...x, ...cambio }));
  const sinProductos = (filas: FilaProducto[]) => filas.map((f) => ({ ...f, producto: '' }));

  // Containers belong to the client, dispatch types and products to the unit (and client):
  // what was chosen from the old lists no longer applies.
  const cambiarCliente = (valor: string) =>
    setV((x) => ({
      ...x,
      cliente: valor,
      envase: x.envase === String(SIN_ENVASE_ID) ? x.envase : '',
      productos: sinProductos(x.productos),
    }));
  const cambiarUnidad = (valor: string) =>
    setV((x) => ({
      ...x,
      uniNeg: valor,
      tipoDespacho: '',
      envase: '',
      productos: sinProductos(x.productos),
    }));
  // A bulk dispatch type has no container: -1, and the select is disabled (spec section 4).
  const cambiarDespacho = (valor: string) => {
    const elegido = listaDespachos?.find((d) => String(d.coddespacho) === valor);
    setV((x) => ({
      ...x,
      tipoDespacho: valor,
      envase:
        elegido?.envase === 'N'
          ? String(SIN_ENVASE_ID)
          : elegido?.envase === 'S' && x.envase === String(SIN_ENVASE_ID)
            ? ''
            : x.envase,
    }));
  };

  const guardado = useMutation({
    ...guardarCupoMutation,
    onSuccess: async (_datos, enviado) => {
      avisos.exito();
      // The list shows what was just saved when the user goes back to it.
      const { cliente, uniNeg } = seleccionGuardada(enviado);
      seleccion.elegirEmpresa(cliente);
      seleccion.elegirUnidad(uniNeg);
      if (creando) {
        setV((x) => trasAlta(x, uniNeg));
        setIntentado(false);
      } else {
        await navegar(paths.cupos);
      }
    },
    onError: (err) => setErroresServidor(erroresDe(err)),
  });

  function guardar(e: FormEvent) {
    e.preventDefault();
    setIntentado(true);
    setErroresServidor([]);
    const c = validacion.cupo;
    if (!c) return; // the product check failed: the form is not sent (spec section 5)
    const peso = envases.data?.find((x) => x.ctrl === c.envase)?.peso ?? null;
    guardado.mutate(
      props.codorden === undefined
        ? { alta: cuerpoAlta(v, c, peso) }
        : { modificacion: cuerpoModificacion(v, c, peso, props.codorden) },
    );
  }

  const catalogoFallo = despachos.isError || envases.isError || productos.isError;
  return (
    // A form stretched over a wide screen is hard to scan: it keeps a readable width.
    <section style={{ maxWidth: '64rem' }}>
      <h1 className="titulo-pantalla">
        {creando ? 'Nueva orden de cupo' : `Modificar cupo N° ${props.codorden}`}
      </h1>
      {catalogoFallo && (
        <AlgoSalioMal error={despachos.error ?? envases.error ?? productos.error} />
      )}
      {props.asignado && <Alert variant="warning">{T.cupoVinculado}</Alert>}
      <Form noValidate onSubmit={guardar}>
        <Row className="g-3">
          <Col xs={12} md={6}>
            <CampoSelect
              id="cupo-cliente"
              etiqueta={E.cliente}
              valor={v.cliente}
              error={error('cliente')}
              opciones={seleccion.empresas.map((x) => [x.codempre, x.nomempre])}
              onCambiar={cambiarCliente}
            />
          </Col>
          <Col xs={12} sm={6} md={3}>
            <CampoSelect
              id="cupo-unineg"
              etiqueta={E.uniNeg}
              valor={v.uniNeg}
              error={error('uniNeg')}
              opciones={unidades.map((u) => [u.ctrl, TU.nombreUnidad(u)])}
              onCambiar={cambiarUnidad}
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
              onCambiar={cambiarDespacho}
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

        <TablaProductos
          filas={v.productos}
          opciones={productos.data ?? []}
          resultado={validacion.productos}
          mostrarErrores={intentado}
          onCambiar={(filas) => cambiar({ productos: filas })}
          onAgregar={() => cambiar({ productos: [...v.productos, filaVacia()] })}
        />

        <MensajesProductos intentado={intentado} validacion={validacion} />
        <ErroresGuardado errores={erroresServidor} />

        <div className="d-flex gap-2 mt-3">
          <Button type="submit" disabled={guardado.isPending || props.asignado}>
            {guardado.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Guardar
          </Button>
          <Link to={paths.cupos} className="btn btn-outline-secondary">
            Volver
          </Link>
        </div>
      </Form>
    </section>
  );
}

/**
 * The unit's active dispatch types and, when editing in the quota's own unit, the quota's type
 * if it is no longer among them (deactivated), marked.
 */
function conDespachoActual(
  activos: TipoDespacho[] | undefined,
  actual: { unineg: number; despacho: TipoDespacho } | undefined,
  uniNeg: string,
): (TipoDespacho & { inactivo?: true })[] | undefined {
  if (!activos || !actual || String(actual.unineg) !== uniNeg) return activos;
  if (activos.some((d) => d.coddespacho === actual.despacho.coddespacho)) return activos;
  return [...activos, { ...actual.despacho, inactivo: true }];
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

/** 'Hay errores en la sección de productos.' and where to look, when the product check fails. */
function MensajesProductos({
  intentado,
  validacion,
}: {
  intentado: boolean;
  validacion: ResultadoCupo;
}) {
  if (!intentado || validacion.productos.errores.length === 0) return null;
  return (
    <Alert variant="danger" className="mt-3 mb-0">
      <div>{T.erroresProductos}</div>
      <div>{T.erroresMarcados}</div>
    </Alert>
  );
}

/** The server's erroresCupo, or its msj; anything thrown otherwise is 'Error interno del servidor'. */
function erroresDe(error: unknown): string[] {
  if (!(error instanceof ErrorApi) || error.status < 400 || error.status >= 500) {
    return [TEXTOS.errorInterno];
  }
  const lista = (error.cuerpo as Partial<ErrorCupo> | null)?.erroresCupo;
  return lista?.length ? lista : [error.msj];
}
