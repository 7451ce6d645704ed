import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import type { UmbralEspera } from '../../../shared/contracts/camiones';
import { TEXTOS_ESPERA } from '../../../shared/textos';
import { avisos } from '../../components/avisos';
import { ErroresGuardado } from '../../components/ErroresGuardado';
import { marcarErroresNombrados } from '../../lib/errores-de-campo';
import { guardarUmbralEsperaMutation } from './api';

type Campo = Exclude<keyof UmbralEspera, 'unineg'>;

const ESTADOS: { nombre: string; aviso: Campo; limite: Campo }[] = [
  { nombre: 'Playa sin orden', aviso: 'sinOrdenAviso', limite: 'sinOrdenLimite' },
  { nombre: 'Playa con orden', aviso: 'conOrdenAviso', limite: 'conOrdenLimite' },
];

/** The API names a field by its key: the screen says it as the form does. */
const NOMBRES: Record<Campo, string> = {
  sinOrdenAviso: 'Aviso de Playa sin orden',
  sinOrdenLimite: 'Límite de Playa sin orden',
  conOrdenAviso: 'Aviso de Playa con orden',
  conOrdenLimite: 'Límite de Playa con orden',
};

/** Dock-detention boards' usual values, offered when a unit has none yet. */
const SUGERIDOS: Record<Campo, number> = {
  sinOrdenAviso: 60,
  sinOrdenLimite: 120,
  conOrdenAviso: 60,
  conOrdenLimite: 120,
};

/**
 * The administrator sets how long a truck of this unit may wait (issue 15): past the warning it
 * is marked 'Demorado', past the limit 'Excedido'. The server checks each limit is above its
 * warning and answers naming the field.
 */
export function ModalUmbrales({
  unineg,
  nombreUnidad,
  actual,
  onCerrar,
}: {
  unineg: number;
  nombreUnidad: string;
  actual: UmbralEspera | undefined;
  onCerrar: () => void;
}) {
  const base = actual ?? SUGERIDOS;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Record<Campo, string>>({
    defaultValues: {
      sinOrdenAviso: String(base.sinOrdenAviso),
      sinOrdenLimite: String(base.sinOrdenLimite),
      conOrdenAviso: String(base.conOrdenAviso),
      conOrdenLimite: String(base.conOrdenLimite),
    },
  });
  const [errores, setErrores] = useState<string[]>([]);
  const guardar = useMutation({
    ...guardarUmbralEsperaMutation,
    onSuccess: () => {
      avisos.exito();
      onCerrar();
    },
    // A field's message goes under it, named as the form names it; anything else, below.
    onError: (e) => {
      const general = marcarErroresNombrados(e, NOMBRES, setError);
      setErrores(general ? [general] : []);
    },
  });

  const enviar = handleSubmit((valores) => {
    setErrores([]);
    guardar.mutate({ unineg, ...valores });
  });

  return (
    <Modal show onHide={onCerrar} centered aria-labelledby="titulo-umbrales">
      <Form onSubmit={(e) => void enviar(e)}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="titulo-umbrales">
            {TEXTOS_ESPERA.umbrales}: {nombreUnidad}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-secondary">
            Minutos en el estado. Pasado el aviso el camión se marca «Demorado»; pasado el límite,
            «Excedido».
          </p>
          {ESTADOS.map((estado) => (
            <fieldset key={estado.nombre} className="mb-3">
              <legend className="fs-6 fw-semibold mb-1">{estado.nombre}</legend>
              <Row className="g-2">
                {[
                  { campo: estado.aviso, etiqueta: 'Aviso (min)' },
                  { campo: estado.limite, etiqueta: 'Límite (min)' },
                ].map(({ campo, etiqueta }) => (
                  <Col xs={6} key={campo}>
                    <Form.Group controlId={`umbral-${campo}`}>
                      <Form.Label className="small">
                        {etiqueta}
                        <span className="visually-hidden"> de {estado.nombre}</span>
                      </Form.Label>
                      <Form.Control
                        type="number"
                        inputMode="numeric"
                        min={1}
                        step={1}
                        required
                        isInvalid={Boolean(errors[campo])}
                        aria-invalid={Boolean(errors[campo])}
                        aria-describedby={errors[campo] ? `umbral-${campo}-error` : undefined}
                        {...register(campo)}
                      />
                      <Form.Control.Feedback id={`umbral-${campo}-error`} type="invalid">
                        {errors[campo]?.message}
                      </Form.Control.Feedback>
                    </Form.Group>
                  </Col>
                ))}
              </Row>
            </fieldset>
          ))}
          <ErroresGuardado errores={errores} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCerrar}>
            Cancelar
          </Button>
          <Button type="submit" disabled={guardar.isPending}>
            Guardar
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
