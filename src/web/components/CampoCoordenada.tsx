import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';
import Form from 'react-bootstrap/Form';
import type { Coordenada } from '../../shared/contracts/auth';

/**
 * What the input takes from its form: react-hook-form's `register(…)` (the step-up) or
 * `useCampos`' `campo(…)` (the sign-in, which does without react-hook-form: lib/campos.ts).
 */
export interface RegistroCampo {
  name: string;
  value?: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  ref: Ref<HTMLInputElement>;
}

/**
 * One coordinate the server asked for, labelled with its letter and position (spec section 2):
 * the sign-in's step 2 and the administrators' step-up ask the same way.
 */
export function CampoCoordenada(props: {
  id: string;
  coordenada: Coordenada;
  autoFocus: boolean;
  /** The form's field, checked with `validarCoordenada`. */
  registro: RegistroCampo;
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
