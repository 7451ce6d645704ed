import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { avisos } from '../../components/avisos';
import { ErroresGuardado } from '../../components/ErroresGuardado';
import { marcarErroresNombrados } from '../../lib/errores-de-campo';
import { guardarParametrosMutation } from './api';

type Campo = 'capacidadHora' | 'toleranciaFaltante';

/** The API names a field by its key: the dialog says it as its form does. */
const NOMBRES: Record<Campo, string> = {
  capacidadHora: 'Capacidad por hora',
  toleranciaFaltante: 'Tolerancia de faltante',
};

export const MENSAJES_PARAMETROS = {
  capacidad:
    'La capacidad por hora debe ser un número entero entre 1 y 10.000 camiones, o quedar vacía.',
  tolerancia: 'La tolerancia de faltante debe ser un número entre 0 y 100 %, o quedar vacía.',
} as const;

/** '12,5' or '12.5' → 12.5; '' → null; anything else → NaN. */
function numero(texto: string): number | null {
  const t = texto.trim().replace(',', '.');
  if (t === '') return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * 'Parámetros del tablero' (administrators): the unit's declared hourly capacity (the charts'
 * reference line) and the shortfall tolerance (a net weight this far below the quota's maximum
 * is listed as 'Faltante'). Empty means not declared. Checked here with Spanish messages before
 * the server checks again.
 */
export function ModalParametros({
  unineg,
  nombreUnidad,
  capacidadHora,
  toleranciaFaltante,
  onCerrar,
}: {
  unineg: number;
  nombreUnidad: string;
  capacidadHora: number | null | undefined;
  toleranciaFaltante: number | null | undefined;
  onCerrar: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Record<Campo, string>>({
    defaultValues: {
      capacidadHora: capacidadHora == null ? '' : String(capacidadHora),
      toleranciaFaltante:
        toleranciaFaltante == null ? '' : String(toleranciaFaltante).replace('.', ','),
    },
  });
  const [errores, setErrores] = useState<string[]>([]);
  const guardar = useMutation({
    ...guardarParametrosMutation,
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

  const enviar = handleSubmit((v) => {
    setErrores([]);
    guardar.mutate({
      unineg,
      capacidadHora: numero(v.capacidadHora),
      toleranciaFaltante: numero(v.toleranciaFaltante),
    });
  });

  return (
    <Modal show onHide={onCerrar} centered aria-labelledby="titulo-parametros-tablero">
      <Form onSubmit={(e) => void enviar(e)} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="titulo-parametros-tablero">
            Parámetros del tablero: {nombreUnidad}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="parametro-capacidad" className="mb-3">
            <Form.Label>Capacidad por hora (camiones)</Form.Label>
            <Form.Control
              inputMode="numeric"
              isInvalid={Boolean(errors.capacidadHora)}
              aria-invalid={Boolean(errors.capacidadHora)}
              aria-describedby={
                errors.capacidadHora ? 'capacidad-error ayuda-capacidad' : 'ayuda-capacidad'
              }
              {...register('capacidadHora', {
                validate: (texto) => {
                  const c = numero(texto);
                  return (
                    c === null ||
                    (Number.isInteger(c) && c >= 1 && c <= 10_000) ||
                    MENSAJES_PARAMETROS.capacidad
                  );
                },
              })}
            />
            <Form.Control.Feedback id="capacidad-error" type="invalid">
              {errors.capacidadHora?.message}
            </Form.Control.Feedback>
            <Form.Text id="ayuda-capacidad">
              Los camiones por hora que la unidad declara poder atender. Vacía: sin declarar.
            </Form.Text>
          </Form.Group>
          <Form.Group controlId="parametro-tolerancia">
            <Form.Label>Tolerancia de faltante (%)</Form.Label>
            <Form.Control
              inputMode="decimal"
              isInvalid={Boolean(errors.toleranciaFaltante)}
              aria-invalid={Boolean(errors.toleranciaFaltante)}
              aria-describedby={
                errors.toleranciaFaltante ? 'tolerancia-error ayuda-tolerancia' : 'ayuda-tolerancia'
              }
              {...register('toleranciaFaltante', {
                validate: (texto) => {
                  const t = numero(texto);
                  return t === null || (t >= 0 && t <= 100) || MENSAJES_PARAMETROS.tolerancia;
                },
              })}
            />
            <Form.Control.Feedback id="tolerancia-error" type="invalid">
              {errors.toleranciaFaltante?.message}
            </Form.Control.Feedback>
            <Form.Text id="ayuda-tolerancia">
              Un neto por debajo de la carga máxima en más de este porcentaje se lista como
              faltante. Vacía: solo se listan los excesos.
            </Form.Text>
          </Form.Group>
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
