/**
 * 'Terminal' (issue 21, administrators only): the terminal's name, CUIT and address, as the
 * set-up left them, to correct. They go on the weighing tickets and the coordinate cards; every
 * change is audited on the server.
 */
import './terminal.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { DatosTerminal } from '../../../shared/contracts/terminal';
import { errorDeCuit, normalizarCuit } from '../../../shared/cuit';
import { TEXTOS, TEXTOS_TERMINAL as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { marcarErroresDeCampo } from '../../lib/errores-de-campo';
import { modificarTerminalMutation, terminalQuery } from './api';

export function TerminalPage() {
  const terminal = useQuery(terminalQuery);
  let contenido;
  if (terminal.isError) contenido = <AlgoSalioMal error={terminal.error} />;
  else if (terminal.isPending) contenido = <Cargando />;
  // Keyed by the data: after a save (here or elsewhere) the form starts from what is stored.
  else contenido = <Formulario key={JSON.stringify(terminal.data)} datos={terminal.data} />;
  return (
    <section>
      <h1 className="titulo-pantalla">{T.titulo}</h1>
      <p className="text-secondary">{T.introduccion}</p>
      {contenido}
    </section>
  );
}

type Valores = { nombre: string; cuit: string; direccion: string };
const CAMPOS = ['nombre', 'cuit', 'direccion'] as const;

/** A value as the server would store it, to tell whether it changed ('30712345671' did not). */
const comoSeGuarda = (campo: keyof Valores, valor: string) =>
  campo === 'cuit' ? (normalizarCuit(valor) ?? valor.trim()) : valor.trim().normalize('NFC');

function Formulario({ datos }: { datos: DatosTerminal }) {
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Valores>({
    defaultValues: {
      nombre: datos.nombre,
      cuit: datos.cuit ?? '',
      direccion: datos.direccion ?? '',
    },
  });
  const modificar = useMutation({
    ...modificarTerminalMutation,
    onSuccess: () => avisos.exito(T.guardados),
    onError: (error) => setGeneral(marcarErroresDeCampo(error, CAMPOS, setError)),
  });

  const enviar = handleSubmit((v) => {
    setGeneral(null);
    // Only what changed travels: the audit records exactly that.
    const cambios = Object.fromEntries(
      CAMPOS.filter((c) => comoSeGuarda(c, v[c]) !== (datos[c] ?? '')).map((c) => [c, v[c]]),
    );
    if (Object.keys(cambios).length === 0) {
      avisos.advertencia(T.sinCambios);
      return;
    }
    modificar.mutate(cambios);
  });

  const obligatorio = (v: string) => v.trim() !== '' || TEXTOS.campoObligatorio;
  const campo = (
    nombre: keyof Valores,
    etiqueta: string,
    validar: (v: string) => true | string,
    extra: { maxLength: number; autoComplete: string },
  ) => (
    <Form.Group className="mb-3" controlId={`terminal-${nombre}`}>
      <Form.Label className="fw-semibold">{etiqueta}</Form.Label>
      <Form.Control
        isInvalid={Boolean(errors[nombre])}
        aria-invalid={Boolean(errors[nombre])}
        aria-describedby={errors[nombre] ? `terminal-${nombre}-error` : undefined}
        {...extra}
        {...register(nombre, { validate: validar })}
      />
      <Form.Control.Feedback id={`terminal-${nombre}-error`} type="invalid">
        {errors[nombre]?.message}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Card className="formulario-terminal">
      <Card.Body>
        <Form noValidate onSubmit={(e) => void enviar(e)}>
          {general && (
            <Alert variant="danger" role="alert">
              {general}
            </Alert>
          )}
          {campo('nombre', T.nombre, obligatorio, { maxLength: 100, autoComplete: 'organization' })}
          {campo(
            'cuit',
            T.cuit,
            (v) => (v.trim() === '' ? TEXTOS.campoObligatorio : (errorDeCuit(v) ?? true)),
            { maxLength: 20, autoComplete: 'off' },
          )}
          {campo('direccion', T.direccion, obligatorio, {
            maxLength: 200,
            autoComplete: 'street-address',
          })}
          <Button type="submit" disabled={modificar.isPending}>
            {modificar.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {T.guardar}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
