/**
 * '/inicializar' (issue 21): the first set-up of a terminal, outside the session. While no
 * administrator exists it asks for the one-time code from the portal's log, the terminal's data
 * and the first administrator's user name; then it shows that administrator's card once, with
 * its PDF. Afterwards it only says the terminal is set up and points to the sign-in.
 */
import './inicializacion.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import type { TarjetaEmitida } from '../../../shared/contracts/auth';
import { errorDeCuit } from '../../../shared/cuit';
import { TEXTOS, TEXTOS_INICIALIZACION as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { PantallaIngreso } from '../../components/PantallaIngreso';
import { DatosTarjeta, useDescargaTarjeta } from '../../components/TarjetaEmitida';
import { ErrorApi } from '../../lib/api-client';
import { marcarErroresDeCampo } from '../../lib/errores-de-campo';
import { estadoInicializacionQuery } from '../../lib/inicializacion';
import { inicializar } from './api';

/** The sign-in is the app's root. */
const INGRESO = '/';

export function InicializacionPage() {
  const estado = useQuery(estadoInicializacionQuery);
  // The card's values: only here, until the person leaves the page.
  const [tarjeta, setTarjeta] = useState<TarjetaEmitida | null>(null);

  let contenido;
  if (tarjeta) contenido = <TarjetaDelAdministrador tarjeta={tarjeta} />;
  else if (estado.isError) contenido = <AlgoSalioMal error={estado.error} />;
  else if (estado.isPending) contenido = <Cargando />;
  else if (!estado.data.pendiente) contenido = <YaInicializada />;
  else contenido = <Formulario onInicializada={setTarjeta} />;

  return (
    <PantallaIngreso titulo={T.titulo} ancho="tarjeta-inicializacion">
      {contenido}
    </PantallaIngreso>
  );
}

function YaInicializada() {
  return (
    <>
      <Alert variant="success">
        <strong>{T.yaInicializada}</strong> {T.yaInicializadaDetalle}
      </Alert>
      <Link to={INGRESO} className="btn btn-primary w-100">
        {T.irAlIngreso}
      </Link>
    </>
  );
}

function TarjetaDelAdministrador({ tarjeta }: { tarjeta: TarjetaEmitida }) {
  const descarga = useDescargaTarjeta(tarjeta, '/api/inicializacion/tarjeta/pdf');
  return (
    <section aria-labelledby="inicializacion-lista">
      <h2 id="inicializacion-lista" className="h5">
        {T.enMarcha}
      </h2>
      <p>{T.tarjetaDelAdministrador(tarjeta.usuario)}</p>
      <DatosTarjeta tarjeta={tarjeta} />
      {descarga.aviso}
      <div className="d-flex flex-wrap gap-2 mt-3">
        {descarga.boton}
        <Link to={INGRESO} className="btn btn-outline-secondary">
          {T.irAlIngreso}
        </Link>
      </div>
    </section>
  );
}

interface Valores {
  codigo: string;
  nombre: string;
  cuit: string;
  direccion: string;
  usuario: string;
}
const CAMPOS = ['codigo', 'nombre', 'cuit', 'direccion', 'usuario'] as const;

const obligatorio = (v: string) => v.trim() !== '' || TEXTOS.campoObligatorio;

/** A field with its label, help and the message under it, tied together for screen readers. */
function Campo(props: {
  id: keyof Valores;
  etiqueta: string;
  ayuda?: string;
  error?: string;
  registro: UseFormRegisterReturn;
  extra?: ComponentProps<typeof Form.Control>;
}) {
  const control = `inicializacion-${props.id}`;
  const describe = [props.ayuda && `${control}-ayuda`, props.error && `${control}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group className="mb-3" controlId={control}>
      <Form.Label className="fw-semibold">{props.etiqueta}</Form.Label>
      <Form.Control
        isInvalid={Boolean(props.error)}
        aria-invalid={Boolean(props.error)}
        aria-describedby={describe || undefined}
        {...props.extra}
        {...props.registro}
      />
      {props.ayuda && (
        <Form.Text id={`${control}-ayuda`} className="d-block">
          {props.ayuda}
        </Form.Text>
      )}
      <Form.Control.Feedback id={`${control}-error`} type="invalid">
        {props.error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

function Formulario({ onInicializada }: { onInicializada: (t: TarjetaEmitida) => void }) {
  const cliente = useQueryClient();
  const [enviando, setEnviando] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Valores>({
    defaultValues: { codigo: '', nombre: '', cuit: '', direccion: '', usuario: '' },
  });
  const yaNoPendiente = () =>
    cliente.setQueryData(estadoInicializacionQuery.queryKey, { pendiente: false });

  const enviar = handleSubmit(async (valores) => {
    setGeneral(null);
    setEnviando(true);
    try {
      const tarjeta = await inicializar(valores);
      yaNoPendiente();
      onInicializada(tarjeta);
    } catch (e) {
      // Someone else set it up meanwhile: the page says so instead of the form.
      if (e instanceof ErrorApi && e.status === 409) yaNoPendiente();
      else if (e instanceof ErrorApi && e.status === 403) {
        setError('codigo', { type: 'server', message: e.msj });
      } else setGeneral(marcarErroresDeCampo(e, CAMPOS, setError));
    } finally {
      setEnviando(false);
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      <p className="text-secondary">{T.introduccion}</p>
      {general && (
        <Alert variant="danger" role="alert">
          {general}
        </Alert>
      )}
      <Campo
        id="codigo"
        etiqueta={T.codigo}
        ayuda={T.ayudaCodigo}
        error={errors.codigo?.message}
        registro={register('codigo', { validate: obligatorio })}
        extra={{
          autoFocus: true,
          autoComplete: 'off',
          autoCapitalize: 'characters',
          spellCheck: false,
          className: 'font-monospace',
          maxLength: 40,
        }}
      />
      <fieldset>
        <legend className="h6 mt-2 pb-1 border-bottom">{T.datosTerminal}</legend>
        <Campo
          id="nombre"
          etiqueta={T.nombre}
          error={errors.nombre?.message}
          registro={register('nombre', { validate: obligatorio })}
          extra={{ autoComplete: 'organization', maxLength: 100 }}
        />
        <Campo
          id="cuit"
          etiqueta={T.cuit}
          ayuda={T.ayudaCuit}
          error={errors.cuit?.message}
          registro={register('cuit', {
            validate: (v) => (v.trim() === '' ? TEXTOS.campoObligatorio : (errorDeCuit(v) ?? true)),
          })}
          extra={{ autoComplete: 'off', maxLength: 20 }}
        />
        <Campo
          id="direccion"
          etiqueta={T.direccion}
          ayuda={T.ayudaDireccion}
          error={errors.direccion?.message}
          registro={register('direccion', { validate: obligatorio })}
          extra={{ autoComplete: 'street-address', maxLength: 200 }}
        />
      </fieldset>
      <fieldset>
        <legend className="h6 mt-2 pb-1 border-bottom">{T.administrador}</legend>
        <Campo
          id="usuario"
          etiqueta={T.usuario}
          ayuda={T.ayudaUsuario}
          error={errors.usuario?.message}
          registro={register('usuario', { validate: obligatorio })}
          extra={{ autoComplete: 'username', autoCapitalize: 'none', maxLength: 50 }}
        />
      </fieldset>
      <Button type="submit" className="w-100" disabled={enviando}>
        {enviando && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {T.poner}
      </Button>
    </Form>
  );
}
