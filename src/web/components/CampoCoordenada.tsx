import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Coordenada } from '../../shared/contracts/auth';

/**
 * One coordinate the server asked for, labelled with its letter and position (spec section 2):
 * the sign-in's step 2 and the administrators' step-up ask the same way.
 */
export function CampoCoordenada(props: {
  id: string;
  coordenada: Coordenada;
  autoFocus: boolean;
  /** `register(nombre, { validate: validarCoordenada })` of the form. */
  registro: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const { letra, posicion } = props.coordenada;
  return (
    <Form.Group className="mb-3" controlId={props.id}>
      <Form.Label className="fw-semibold">{`${letra}${posicion}`}</Form.Label>
      <Form.Control
        type="number"
        inputMode="numeric"
        autoComplete="off"
        autoFocus={props.autoFocus}
        isInvalid={Boolean(props.error)}
        {...props.registro}
      />
      <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
    </Form.Group>
  );
}
