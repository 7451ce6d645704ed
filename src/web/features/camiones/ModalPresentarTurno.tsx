/**
 * 'Presentar turno' (issue 24, point 3): the gate person types the truck's turn code, or the
 * plate read at the gate, and the truck checks in with today's booking. When the plate may be
 * more than one booking, the dialog lists them and the person chooses (by code, never a guess).
 * The answer says how the truck came (A tiempo, Temprano, Tarde) and the quota it now carries;
 * a refusal of the server is shown under the field, in its own words.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, useWatch } from 'react-hook-form';
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import type { Turno } from '../../../shared/contracts/turnos';
import { franjaHoraria } from '../../../shared/formato';
import { TEXTOS_LLEGADA_TURNO, TEXTOS_PRESENTAR_TURNO as T } from '../../../shared/textos';
import { ErrorApi, mensajeDeError } from '../../lib/api-client';
import { erroresDeCampo } from '../../lib/errores-de-campo';
import { presentarTurnoMutation } from './api';
import { ModalCamion } from './ModalCamion';

interface Valores {
  por: 'codigo' | 'patente';
  valor: string;
  /** The code of the booking chosen among the plate's candidates. */
  candidato: string;
}

const normalizar = (s: string) => s.toUpperCase().replace(/[\s.-]/g, '');

/** A refusal the person can act on: the server's own sentence (4xx); otherwise null. */
function motivoDelServidor(e: unknown): string | null {
  if (!(e instanceof ErrorApi) || e.status >= 500) return null;
  // A 400 of the contract names the field: only its sentence goes under the field.
  const r = erroresDeCampo(e, ['codigo', 'patente'] as const);
  return r.campos.codigo ?? r.campos.patente ?? r.general ?? e.msj;
}

export function ModalPresentarTurno({
  camion,
  onCerrar,
}: {
  camion: CamionEnPlaya;
  onCerrar: () => void;
}) {
  const { register, handleSubmit, formState, setError, control, resetField } = useForm<Valores>({
    defaultValues: { por: 'codigo', valor: '', candidato: '' },
  });
  const [candidatos, setCandidatos] = useState<Turno[] | null>(null);
  const [presentado, setPresentado] = useState<Turno | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const por = useWatch({ control, name: 'por' });

  const presentar = useMutation({
    ...presentarTurnoMutation,
    onSuccess: (r) => {
      if (r.turno) {
        setPresentado(r.turno);
        setCandidatos(null);
      } else {
        resetField('candidato');
        setCandidatos(r.candidatos);
      }
    },
    onError: (e) => {
      const motivo = motivoDelServidor(e);
      if (motivo === null) return setGeneral(mensajeDeError(e));
      setError(
        candidatos ? 'candidato' : 'valor',
        { type: 'server', message: motivo },
        { shouldFocus: true },
      );
    },
  });

  const enviar = handleSubmit((v) => {
    setGeneral(null);
    const cuerpo = { camion: camion.ctrl };
    if (candidatos) presentar.mutate({ ...cuerpo, codigo: v.candidato });
    else if (v.por === 'codigo') presentar.mutate({ ...cuerpo, codigo: v.valor });
    else presentar.mutate(v.valor.trim() ? { ...cuerpo, patente: v.valor } : cuerpo);
  });

  // Another code or plate: the earlier candidates no longer apply.
  const olvidarCandidatos = { onChange: () => setCandidatos(null) };
  const errorValor = formState.errors.valor?.message;
  const errorCandidato = formState.errors.candidato?.message;

  return (
    <ModalCamion
      id="presentar-turno-titulo"
      titulo={T.titulo}
      camion={camion}
      tamano="lg"
      onCerrar={onCerrar}
    >
      {presentado ? (
        <Alert variant="success" role="status" className="mb-0">
          <p className="mb-1 fw-semibold">
            {T.presentado(
              presentado.codigo,
              TEXTOS_LLEGADA_TURNO[presentado.clasificacion ?? 'a_tiempo'],
            )}
          </p>
          <p className="mb-0">{T.vinculado(camion.ctrl, presentado.cupo)}</p>
        </Alert>
      ) : (
        <Form noValidate onSubmit={(e) => void enviar(e)} aria-label={T.titulo}>
          {general && <Alert variant="danger">{general}</Alert>}
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{T.buscarPor}</legend>
            <Form.Check
              inline
              type="radio"
              id="presentar-por-codigo"
              label={T.porCodigo}
              value="codigo"
              {...register('por', olvidarCandidatos)}
            />
            <Form.Check
              inline
              type="radio"
              id="presentar-por-patente"
              label={T.porPatente}
              value="patente"
              {...register('por', olvidarCandidatos)}
            />
          </fieldset>
          <Form.Group className="mb-3" controlId="presentar-valor">
            <Form.Label>{por === 'codigo' ? T.porCodigo : T.porPatente}</Form.Label>
            <Form.Control
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-monospace text-uppercase"
              isInvalid={!!errorValor}
              aria-invalid={!!errorValor}
              aria-describedby={errorValor ? 'presentar-valor-error' : 'presentar-valor-ayuda'}
              {...register('valor', {
                ...olvidarCandidatos,
                validate: (valor, { por: p }) => {
                  const n = normalizar(valor);
                  if (p === 'codigo') return n.length > 0 || T.faltaCodigo;
                  return n === '' || /^[A-Z0-9]{5,10}$/.test(n) || T.patenteInvalida;
                },
              })}
            />
            {errorValor ? (
              <Form.Control.Feedback type="invalid" id="presentar-valor-error">
                {errorValor}
              </Form.Control.Feedback>
            ) : (
              <Form.Text id="presentar-valor-ayuda">
                {por === 'codigo' ? T.ayudaCodigo : T.ayudaPatente(camion.patcha)}
              </Form.Text>
            )}
          </Form.Group>
          {candidatos && (
            <fieldset
              className="mb-3"
              aria-describedby={errorCandidato ? 'presentar-candidato-error' : undefined}
            >
              <legend className="form-label fs-6">{T.candidatos}</legend>
              {candidatos.map((t) => (
                <Form.Check
                  key={t.id}
                  type="radio"
                  id={`presentar-candidato-${t.codigo}`}
                  value={t.codigo}
                  isInvalid={!!errorCandidato}
                  {...register('candidato', { required: T.faltaCandidato })}
                  label={
                    <>
                      <span className="font-monospace fw-semibold">{t.codigo}</span> ·{' '}
                      {franjaHoraria(t.hora)} · {T.patenteDe(t.patente ?? '—')} · cupo N° {t.cupo}
                    </>
                  }
                />
              ))}
              {errorCandidato && (
                <div className="invalid-feedback d-block" id="presentar-candidato-error">
                  {errorCandidato}
                </div>
              )}
            </fieldset>
          )}
          <Button type="submit" disabled={presentar.isPending}>
            {presentar.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {T.presentar}
          </Button>
        </Form>
      )}
    </ModalCamion>
  );
}
