/**
 * 'Mi cuenta' → Correo y avisos (issue 25): my address (confirmed, or a new one waiting for its
 * link), a change of address (the server e-mails a link to the new one), and the notices I
 * choose to receive (none unless chosen). With e-mail off on the portal (no SMTP_URL) the
 * section says so and nothing can be chosen or changed.
 */
import './cuenta.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { AvisoCorreo, PreferenciasCorreo } from '../../../shared/contracts/avisos';
import { TEXTOS, TEXTOS_CORREO as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { mensajeDeError } from '../../lib/api-client';
import { marcarErroresDeCampo } from '../../lib/errores-de-campo';
import { cambiarCorreoMutation, correoCuentaQuery, guardarAvisosMutation } from './api';

/** The notices the contract offers, in the order the screen lists them. */
const AVISOS = Object.keys(T.nombres) as AvisoCorreo[];

/** Loose on purpose: the server decides (its contract's e-mail check); this catches typos. */
const PARECE_CORREO = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function CorreoYAvisos() {
  const correo = useQuery(correoCuentaQuery);
  let contenido;
  if (correo.isError) contenido = <AlgoSalioMal error={correo.error} />;
  else if (correo.isPending) contenido = <Cargando />;
  else {
    const p = correo.data;
    contenido = (
      <>
        {!p.correoActivo && (
          <Alert variant="warning" className="mb-3">
            {T.desactivado}
          </Alert>
        )}
        <Direccion preferencias={p} />
        <CambiarDireccion preferencias={p} />
        {/* Keyed by the stored choice: after a save the form starts from what the server has. */}
        <Preferencias key={p.avisos.join()} preferencias={p} />
      </>
    );
  }
  return (
    <Card className="mb-4" as="section" aria-labelledby="correo-y-avisos">
      <Card.Body>
        <h2 className="h5" id="correo-y-avisos">
          {T.titulo}
        </h2>
        <p className="text-secondary">{T.introduccion}</p>
        {contenido}
      </Card.Body>
    </Card>
  );
}

function Direccion({ preferencias: p }: { preferencias: PreferenciasCorreo }) {
  return (
    <>
      <dl className="row mb-2">
        <dt className="col-sm-4 col-lg-3">{T.direccion}</dt>
        <dd className="col-sm-8 col-lg-9 mb-1" data-testid="correo-actual">
          {p.correo ? (
            <>
              <span className="text-break me-2">{p.correo}</span>
              <Badge bg="success">{T.confirmada}</Badge>
            </>
          ) : (
            <span className="text-secondary">{T.sinDireccion}</span>
          )}
        </dd>
        {p.correoPendiente && (
          <>
            <dt className="col-sm-4 col-lg-3">{T.pendiente}</dt>
            <dd className="col-sm-8 col-lg-9 mb-1">
              <span className="text-break">{p.correoPendiente}</span>
            </dd>
          </>
        )}
      </dl>
      {p.correoPendiente && (
        <Alert variant="info" className="mb-3" role="status">
          {T.enlaceEnviado(p.correoPendiente)}
          {p.correo && ` ${T.mientrasTanto}`}
        </Alert>
      )}
    </>
  );
}

function CambiarDireccion({ preferencias: p }: { preferencias: PreferenciasCorreo }) {
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ correo: string }>({ defaultValues: { correo: '' } });
  const cambiar = useMutation({
    ...cambiarCorreoMutation,
    onSuccess: () => reset(),
    onError: (e) => setGeneral(marcarErroresDeCampo(e, ['correo'], setError)),
  });
  const apagado = !p.correoActivo;

  const enviar = handleSubmit(({ correo }) => {
    setGeneral(null);
    cambiar.mutate(correo.trim());
  });
  const validar = (v: string) => {
    const correo = v.trim().toLowerCase();
    if (correo === '') return TEXTOS.campoObligatorio;
    if (!PARECE_CORREO.test(correo)) return T.direccionInvalida;
    if (correo === p.correo) return T.mismaDireccion;
    return true;
  };

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)} className="mb-4">
      {general && (
        <Alert variant="danger" className="mb-2">
          {general}
        </Alert>
      )}
      <Form.Group controlId="correo-nuevo">
        <Form.Label>{p.correo || p.correoPendiente ? T.nuevaDireccion : T.direccion}</Form.Label>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <div className="campo-correo">
            <Form.Control
              type="email"
              autoComplete="email"
              inputMode="email"
              disabled={apagado}
              isInvalid={Boolean(errors.correo)}
              aria-invalid={Boolean(errors.correo)}
              aria-describedby={errors.correo ? 'correo-nuevo-error' : undefined}
              {...register('correo', { validate: validar })}
            />
            <Form.Control.Feedback type="invalid" id="correo-nuevo-error">
              {errors.correo?.message}
            </Form.Control.Feedback>
          </div>
          <Button type="submit" variant="outline-primary" disabled={apagado || cambiar.isPending}>
            {cambiar.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {T.enviarEnlace}
          </Button>
        </div>
      </Form.Group>
    </Form>
  );
}

function Preferencias({ preferencias: p }: { preferencias: PreferenciasCorreo }) {
  const { register, handleSubmit } = useForm<{ avisos: AvisoCorreo[] }>({
    defaultValues: { avisos: p.avisos },
  });
  const guardar = useMutation({
    ...guardarAvisosMutation,
    onSuccess: () => avisos.exito(T.guardados),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });
  const apagado = !p.correoActivo;
  // react-hook-form gives one checked box as a string, none as false.
  const enviar = handleSubmit((v) =>
    guardar.mutate(([] as (AvisoCorreo | false)[]).concat(v.avisos).filter((a) => a !== false)),
  );

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      <fieldset disabled={apagado}>
        <legend className="form-label fs-6 fw-semibold mb-2">{T.avisos}</legend>
        {AVISOS.map((a) => (
          <Form.Check
            key={a}
            id={`aviso-${a}`}
            type="checkbox"
            label={T.nombres[a]}
            value={a}
            {...register('avisos')}
          />
        ))}
        {!apagado && !p.correo && (
          <p className="text-secondary small mt-2 mb-0">{T.sinDireccionParaAvisos}</p>
        )}
        <Button type="submit" className="mt-3" disabled={apagado || guardar.isPending}>
          {guardar.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {T.guardar}
        </Button>
      </fieldset>
    </Form>
  );
}
