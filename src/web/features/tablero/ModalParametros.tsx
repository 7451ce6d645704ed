import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { avisos } from '../../components/avisos';
import { ErroresGuardado } from '../../components/ErroresGuardado';
import { mensajeDeError } from '../../lib/api-client';
import { guardarParametrosMutation } from './api';

/** The API names a field by its key: the dialog says it as its form does. */
const NOMBRES: Record<string, string> = {
  capacidadHora: 'Capacidad por hora',
  toleranciaFaltante: 'Tolerancia de faltante',
};
const conNombre = (msj: string) =>
  msj.replace(/^(\w+): /, (todo, campo: string) => (NOMBRES[campo] ? `${NOMBRES[campo]}: ` : todo));

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
  const [capacidad, setCapacidad] = useState(capacidadHora == null ? '' : String(capacidadHora));
  const [tolerancia, setTolerancia] = useState(
    toleranciaFaltante == null ? '' : String(toleranciaFaltante).replace('.', ','),
  );
  const [errores, setErrores] = useState<string[]>([]);
  const guardar = useMutation({
    ...guardarParametrosMutation,
    onSuccess: () => {
      avisos.exito();
      onCerrar();
    },
    onError: (e) => setErrores([conNombre(mensajeDeError(e))]),
  });

  function enviar(e: FormEvent) {
    e.preventDefault();
    const c = numero(capacidad);
    const t = numero(tolerancia);
    const encontrados: string[] = [];
    if (c !== null && !(Number.isInteger(c) && c >= 1 && c <= 10_000)) {
      encontrados.push(MENSAJES_PARAMETROS.capacidad);
    }
    if (t !== null && !(t >= 0 && t <= 100)) encontrados.push(MENSAJES_PARAMETROS.tolerancia);
    setErrores(encontrados);
    if (encontrados.length === 0) {
      guardar.mutate({ unineg, capacidadHora: c, toleranciaFaltante: t });
    }
  }

  return (
    <Modal show onHide={onCerrar} centered aria-labelledby="titulo-parametros-tablero">
      <Form onSubmit={enviar} noValidate>
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
              value={capacidad}
              onChange={(e) => setCapacidad(e.target.value)}
              aria-describedby="ayuda-capacidad"
            />
            <Form.Text id="ayuda-capacidad">
              Los camiones por hora que la unidad declara poder atender. Vacía: sin declarar.
            </Form.Text>
          </Form.Group>
          <Form.Group controlId="parametro-tolerancia">
            <Form.Label>Tolerancia de faltante (%)</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={tolerancia}
              onChange={(e) => setTolerancia(e.target.value)}
              aria-describedby="ayuda-tolerancia"
            />
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
