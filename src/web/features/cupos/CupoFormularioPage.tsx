import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import type { ErrorCupo } from '../../../shared/contracts/cupos';
import { SIN_ENVASE_ID, type CampoCupo, type ResultadoCupo } from '../../../shared/cupo-validacion';
import { TEXTOS, TEXTOS_CUPOS as T } from '../../../shared/textos';
import { paths } from '../../lib/paths';
import { useSeleccion } from '../../lib/seleccion';
import { useSesion } from '../../lib/sesion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { ErroresGuardado } from '../../components/ErroresGuardado';
import { ErrorApi } from '../../lib/api-client';
import { detalleCupoQuery, guardarCupoMutation } from './api';
import {
  cuerpoAlta,
  cuerpoModificacion,
  filaVacia,
  seleccionGuardada,
  trasAlta,
  valoresDeDetalle,
  valoresNuevos,
  type ValoresFormulario,
} from './formulario';
import { TablaProductos } from './TablaProductos';
import { useFormularioCupo, type CupoActual } from './useFormularioCupo';
import { CamposCupo } from './CamposCupo';

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
  actual?: CupoActual;
}) {
  const creando = props.codorden === undefined;
  const sesion = useSesion();
  const seleccion = useSeleccion();
  const navegar = useNavigate();
  const f = useFormularioCupo(props.inicial, creando, props.actual);
  const { v, setV, validacion, despachos, envases, productos } = f;
  /** Errors show once the user tried to save, and then follow every change. */
  const [intentado, setIntentado] = useState(false);
  const [erroresServidor, setErroresServidor] = useState<string[]>([]);
  const unidades = sesion.uniNegs.filter((u) => !u.inactiva || u.ctrl === props.actual?.unineg);
  const error = (campo: CampoCupo) => (intentado ? validacion.campos[campo] : undefined);

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
        <CamposCupo f={f} unidades={unidades} creando={creando} error={error} />

        <TablaProductos
          filas={v.productos}
          opciones={productos.data ?? []}
          resultado={validacion.productos}
          mostrarErrores={intentado}
          onCambiar={(filas) => f.cambiar({ productos: filas })}
          onAgregar={() => f.cambiar({ productos: [...v.productos, filaVacia()] })}
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
