import '../../components/tabla-apilada.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { MENSAJES_ADMINISTRACION as M } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { useConfirmar } from '../../components/Confirmar';
import { SecretoUnaVez } from '../../components/SecretoUnaVez';
import { mensajeDeError } from '../../lib/api-client';
import { erroresDeCampo } from '../../lib/errores-de-campo';
import { useConReautenticacion } from '../../components/Reautenticacion';
import { crearTokenMutation, revocarTokenMutation, tokensQuery } from './api';

/** '2026-12-31' → '31/12/2026'. */
const diaAr = (dia: string) => dia.split('-').reverse().join('/');

/** Today in the browser's calendar, 'AAAA-MM-DD' (the earliest expiry the server takes). */
function hoy(): string {
  const d = new Date();
  const dos = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${dos(d.getMonth() + 1)}-${dos(d.getDate())}`;
}

const NOMBRE_VALIDO = /^[a-z0-9._-]{3,60}$/;
const CAMPOS = ['nombre', 'vence'] as const;

/**
 * 'Tokens de servicio' (issue 14, administrators only): the bearer tokens of the terminal's
 * machines (gate, scales) for the operations API. A new token is shown once; revoking one stops
 * it at once.
 */
export function TokensPage() {
  const tokens = useQuery(tokensQuery);
  const confirmar = useConfirmar();
  const [creado, setCreado] = useState<{ nombre: string; token: string } | null>(null);
  const revocar = useMutation({
    ...revocarTokenMutation,
    onSuccess: (_r, nombre) => avisos.exito(`Token '${nombre}' revocado.`),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });

  const pedirRevocar = async (nombre: string) => {
    if (
      await confirmar(
        `¿Revoca el token '${nombre}'? Deja de valer en el acto y no se puede volver a habilitar.`,
        { accion: 'Revocar', peligro: true },
      )
    ) {
      revocar.mutate(nombre);
    }
  };

  let tabla;
  if (tokens.isError) tabla = <AlgoSalioMal error={tokens.error} />;
  else if (tokens.isPending) tabla = <Cargando />;
  else {
    tabla = (
      <div className="tabla-desplazable position-relative">
        <Table striped hover size="sm" className="align-middle bg-white tabla-apilada">
          <caption className="visually-hidden">Tokens de servicio</caption>
          <thead>
            <tr>
              <th>Nombre</th>
              <th>Creado</th>
              <th>Último uso</th>
              <th>Vence</th>
              <th>Revocado</th>
              <th>
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.length === 0 ? (
              <tr>
                <td colSpan={6} className="text-center text-secondary py-3">
                  No hay tokens de servicio.
                </td>
              </tr>
            ) : (
              tokens.data.map((t) => (
                <tr key={`${t.nombre}-${t.creado}`} className={t.revocado ? 'text-secondary' : ''}>
                  <td className="text-break" data-etiqueta="Nombre">
                    <span className="font-monospace">{t.nombre}</span>
                  </td>
                  <td className="text-nowrap" data-etiqueta="Creado">
                    {fechaDdMmAaaaHhMm(t.creado)}
                  </td>
                  <td className="text-nowrap" data-etiqueta="Último uso">
                    {t.ultimoUso ? fechaDdMmAaaaHhMm(t.ultimoUso) : 'Nunca'}
                  </td>
                  <td className="text-nowrap" data-etiqueta="Vence">
                    {t.vence ? diaAr(t.vence) : 'No vence'}
                  </td>
                  <td className="text-nowrap" data-etiqueta="Revocado">
                    {t.revocado ? (
                      <Badge bg="secondary">{fechaDdMmAaaaHhMm(t.revocado)}</Badge>
                    ) : (
                      'No'
                    )}
                  </td>
                  <td className="text-end">
                    {!t.revocado && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={revocar.isPending}
                        onClick={() => void pedirRevocar(t.nombre)}
                        aria-label={`Revocar el token ${t.nombre}`}
                      >
                        Revocar
                      </Button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
    );
  }

  return (
    <section>
      <h1 className="titulo-pantalla">Tokens de servicio</h1>
      <NuevoToken onCreado={setCreado} />
      {tabla}
      <TokenCreado creado={creado} onCerrar={() => setCreado(null)} />
    </section>
  );
}

function NuevoToken({ onCreado }: { onCreado: (t: { nombre: string; token: string }) => void }) {
  const conReautenticacion = useConReautenticacion();
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ defaultValues: { nombre: '', vence: '' } });
  const crear = useMutation({
    ...crearTokenMutation(conReautenticacion),
    onSuccess: (creado: { nombre: string; token: string } | undefined) => {
      // undefined: the administrator cancelled the step-up; the form keeps what they typed.
      if (!creado) return;
      reset();
      onCreado(creado);
    },
    onError: (error) => {
      const r = erroresDeCampo(error, CAMPOS);
      for (const campo of CAMPOS) {
        const msj = r.campos[campo];
        if (msj) setError(campo, { type: 'server', message: msj });
      }
      setGeneral(r.general);
    },
  });

  const enviar = handleSubmit((v) => {
    setGeneral(null);
    crear.mutate({ nombre: v.nombre.trim().toLowerCase(), vence: v.vence || undefined });
  });

  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Nuevo token
        </Card.Title>
        <Form noValidate onSubmit={(e) => void enviar(e)}>
          {general && (
            <Alert variant="danger" role="alert">
              {general}
            </Alert>
          )}
          <div className="row g-3 align-items-start">
            <Form.Group className="col-12 col-md-5" controlId="token-nombre">
              <Form.Label className="fw-semibold">Nombre</Form.Label>
              <Form.Control
                autoComplete="off"
                maxLength={60}
                placeholder="p. ej. balanza-norte"
                aria-describedby={`token-nombre-ayuda${errors.nombre ? ' token-nombre-error' : ''}`}
                isInvalid={Boolean(errors.nombre)}
                aria-invalid={Boolean(errors.nombre)}
                {...register('nombre', {
                  validate: (v) =>
                    NOMBRE_VALIDO.test(v.trim().toLowerCase()) || M.nombreTokenInvalido,
                })}
              />
              <Form.Control.Feedback id="token-nombre-error" type="invalid">
                {errors.nombre?.message}
              </Form.Control.Feedback>
              <Form.Text id="token-nombre-ayuda" className="text-secondary">
                La máquina que lo usa: minúsculas, números, punto, guion o guion bajo.
              </Form.Text>
            </Form.Group>
            <Form.Group className="col-12 col-sm-6 col-md-3" controlId="token-vence">
              <Form.Label className="fw-semibold">Vence (opcional)</Form.Label>
              <Form.Control
                type="date"
                min={hoy()}
                aria-describedby={`token-vence-ayuda${errors.vence ? ' token-vence-error' : ''}`}
                isInvalid={Boolean(errors.vence)}
                aria-invalid={Boolean(errors.vence)}
                {...register('vence', {
                  validate: (v) => !v || v >= hoy() || M.vencimientoPasado,
                })}
              />
              <Form.Control.Feedback id="token-vence-error" type="invalid">
                {errors.vence?.message}
              </Form.Control.Feedback>
              <Form.Text id="token-vence-ayuda" className="text-secondary">
                Último día en que vale. Vacío: no vence.
              </Form.Text>
            </Form.Group>
            <div className="col-12 col-sm-6 col-md-4 d-flex align-items-end">
              <Button type="submit" className="mt-sm-4" disabled={crear.isPending}>
                {crear.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                Crear token
              </Button>
            </div>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** The new token, once: a 'Copiar' button and the notice that it will not be shown again. */
function TokenCreado(props: {
  creado: { nombre: string; token: string } | null;
  onCerrar: () => void;
}) {
  return (
    <SecretoUnaVez
      id="token-creado"
      valor={props.creado?.token ?? null}
      titulo={`Token '${props.creado?.nombre}' creado`}
      etiqueta="Token"
      advertencia={
        <>
          Cópielo ahora y guárdelo en la máquina que lo va a usar:{' '}
          <strong>no se va a volver a mostrar</strong>. Si se pierde, revóquelo y cree otro.
        </>
      }
      onCerrar={props.onCerrar}
    />
  );
}
