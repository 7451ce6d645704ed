import './encuestas.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import type { Id } from 'react-toastify';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { Pregunta } from '../../../shared/contracts/encuestas';
import { LIMITES_ENCUESTA } from '../../../shared/encuestas';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { paths } from '../../lib/paths';
import { useSesion } from '../../lib/sesion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { ErrorApi } from '../../lib/api-client';
import {
  encuestaQuery,
  idDeRuta,
  msjDelServidor,
  preguntasQuery,
  respondioQuery,
  responderEncuestaMutation,
} from './api';
import { useAvisoDeError } from './useAvisoDeError';
import {
  faltantes,
  respuestasIniciales,
  type RespuestaEnCurso,
  type Respuestas,
} from './validacion';

/** Spec section 9: the list comes back 2 s after the thanks. */
const ESPERA_ANTES_DE_VOLVER_MS = 2000;

/** Answer a survey: non-administrators only (spec sections 2, 5 and 6). */
export function ResponderPage() {
  const { esAdministrador } = useSesion();
  const id = idDeRuta(useParams().id);
  if (esAdministrador || id === null) return <NoEncontrada />;
  return <Responder key={id} id={id} />;
}

function NoEncontrada() {
  return (
    <Alert variant="warning" className="mt-3">
      {T.encuestaNoEncontrada}
    </Alert>
  );
}

const noExiste = (e: unknown) => e instanceof ErrorApi && (e.status === 404 || e.status === 400);

function Responder({ id }: { id: number }) {
  const { userId } = useSesion();
  const encuesta = useQuery(encuestaQuery(id));
  const preguntas = useQuery(preguntasQuery(id));
  const respondida = useQuery(respondioQuery(id, userId));
  const error = encuesta.error ?? preguntas.error;
  useAvisoDeError(error && !noExiste(error) ? error : null, T.errorCargarLaEncuesta);

  if (encuesta.isPending || preguntas.isPending || respondida.isPending) return <Cargando />;
  if (error) return noExiste(error) ? <NoEncontrada /> : <AlgoSalioMal error={error} />;
  const { Titulo, Descripcion } = encuesta.data!;

  return (
    <section className="pantalla-responder">
      <h1 className="titulo-pantalla mb-1 text-break">{Titulo}</h1>
      {Descripcion && <p className="text-secondary text-break">{Descripcion}</p>}
      {respondida.data ? (
        <Alert variant="info">
          {T.yaRespondiste}. <Link to={paths.encuestasListar}>{T.encuestasDisponibles}</Link>
        </Alert>
      ) : preguntas.data!.length === 0 ? (
        <p className="text-secondary">{T.sinPreguntas}</p>
      ) : (
        <Formulario encuestaId={id} preguntas={preguntas.data!} />
      )}
    </section>
  );
}

/** A question's field: react-hook-form would read a bare number in a path as an array index. */
const campo = (preguntaId: number) => `p${preguntaId}`;

function Formulario({ encuestaId, preguntas }: { encuestaId: number; preguntas: Pregunta[] }) {
  const { userId } = useSesion();
  const navegar = useNavigate();
  const { control, handleSubmit, getValues, clearErrors } = useForm<
    Record<string, RespuestaEnCurso>
  >({
    defaultValues: Object.fromEntries(
      Object.entries(respuestasIniciales(preguntas)).map(([id, r]) => [campo(Number(id)), r]),
    ),
    // A question's mark goes at its first change, answered or not; the next send checks again.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const respuestas = (): Respuestas =>
    Object.fromEntries(preguntas.map((p) => [p.Id, getValues(campo(p.Id))]));
  /** The 'answer every obligatory question' warning on screen, until they are all answered. */
  const advertencia = useRef<Id | null>(null);
  const enviar = useMutation({
    ...responderEncuestaMutation,
    onSuccess: () => avisos.exito(T.graciasPorResponder),
    onError: (e) => avisos.error(msjDelServidor(e, T.errorEnviarRespuestas)),
  });

  useEffect(() => {
    if (!enviar.isSuccess) return;
    const t = setTimeout(() => void navegar(paths.encuestasListar), ESPERA_ANTES_DE_VOLVER_MS);
    return () => clearTimeout(t);
  }, [enviar.isSuccess, navegar]);

  const cambiado = (preguntaId: number) => {
    clearErrors(campo(preguntaId));
    // Its cause fixed, the warning goes.
    if (advertencia.current !== null && faltantes(preguntas, respuestas()).length === 0) {
      avisos.retirar(advertencia.current);
      advertencia.current = null;
    }
  };

  // Built in the event, not during render: the invalid case writes the warning's ref.
  const enviarFormulario = (e: FormEvent) =>
    void handleSubmit(
      (v) =>
        enviar.mutate({
          usuarioId: userId,
          encuestaId,
          respuestas: preguntas.map((p) => ({ preguntaId: p.Id, ...v[campo(p.Id)]! })),
        }),
      () => {
        advertencia.current = avisos.advertencia(T.faltanObligatorias);
      },
    )(e);

  const bloqueado = enviar.isPending || enviar.isSuccess;
  return (
    <Form noValidate onSubmit={enviarFormulario}>
      {preguntas.map((p, i) => (
        <Controller
          key={p.Id}
          control={control}
          name={campo(p.Id)}
          rules={{ validate: (r) => faltantes([p], { [p.Id]: r }).length === 0 }}
          render={({ field, fieldState }) => (
            <PreguntaCard
              numero={i + 1}
              pregunta={p}
              respuesta={field.value}
              falta={Boolean(fieldState.error)}
              deshabilitada={bloqueado}
              onCambio={(cambio) => {
                field.onChange({ ...field.value, ...cambio });
                cambiado(p.Id);
              }}
            />
          )}
        />
      ))}
      <Button type="submit" size="lg" disabled={bloqueado}>
        {enviar.isPending ? T.enviando : T.enviarRespuestas}
      </Button>
    </Form>
  );
}

function PreguntaCard(props: {
  numero: number;
  pregunta: Pregunta;
  respuesta: Respuestas[number];
  falta: boolean;
  deshabilitada: boolean;
  onCambio: (cambio: Partial<Respuestas[number]>) => void;
}) {
  const { numero, pregunta: p, respuesta: r, falta } = props;
  const idTitulo = `pregunta-${p.Id}`;
  return (
    <Card className={`mb-3 ${falta ? 'border-danger' : ''}`}>
      <Card.Body>
        <fieldset aria-labelledby={idTitulo} disabled={props.deshabilitada}>
          <p id={idTitulo} className="fw-semibold mb-2 text-break">
            {numero}. {p.Texto}
            {p.Obligatoria === 1 && (
              <span className="text-danger ms-1 fw-normal">{T.marcaObligatoria}</span>
            )}
          </p>
          {p.EsTexto === 1 ? (
            <Form.Control
              as="textarea"
              rows={3}
              aria-labelledby={idTitulo}
              isInvalid={falta}
              maxLength={LIMITES_ENCUESTA.textoRespuesta}
              value={r.textoRespuesta}
              // Spec section 5: typing text sets the score to 0.
              onChange={(e) => props.onCambio({ textoRespuesta: e.target.value, puntaje: 0 })}
            />
          ) : (
            <>
              <div
                className="d-flex flex-wrap gap-3 mb-2"
                role="radiogroup"
                aria-labelledby={idTitulo}
              >
                {T.puntajes.map((nombre, i) => (
                  <Form.Check
                    key={nombre}
                    type="radio"
                    id={`${idTitulo}-${i + 1}`}
                    name={idTitulo}
                    isInvalid={falta}
                    label={
                      <>
                        <strong>{i + 1}</strong> {nombre}
                      </>
                    }
                    checked={r.puntaje === i + 1}
                    onChange={() => props.onCambio({ puntaje: i + 1 })}
                  />
                ))}
              </div>
              <Form.Group controlId={`${idTitulo}-observaciones`}>
                <Form.Label className="small text-secondary mb-1">
                  {T.observacionesOpcional}
                </Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  maxLength={LIMITES_ENCUESTA.observaciones}
                  value={r.observaciones}
                  onChange={(e) => props.onCambio({ observaciones: e.target.value })}
                />
              </Form.Group>
            </>
          )}
        </fieldset>
      </Card.Body>
    </Card>
  );
}
