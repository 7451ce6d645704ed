/**
 * The user form, in a modal: a new user (name, company, its units), or the units of one. A 400
 * that names a field shows under that field; creating a company-0 user may ask for the step-up.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, useWatch } from 'react-hook-form';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { UsuarioAdministrado } from '../../../shared/contracts/usuarios';
import { MENSAJES_ADMINISTRACION, TEXTOS_UNIDADES as TU } from '../../../shared/textos';
import { avisos } from '../../components/avisos';
import { erroresDeCampo } from '../../lib/errores-de-campo';
import { unidadesOfrecidas } from '../../lib/unidades';
import { useConReautenticacion } from '../../components/Reautenticacion';
import { cambiarUnidadesMutation, crearUsuario, recargarUsuarios } from './api';
import { TEXTOS_USUARIOS as T } from './textos';

interface Valores {
  usuario: string;
  codempre: string;
  unidades: string[];
}

const CAMPOS = ['usuario', 'codempre', 'unidades'] as const;

/** The server's rule for names (it trims and lowercases before checking). */
const NOMBRE = /^[a-z0-9._-]{3,50}$/;

export type ModoFormulario = { tipo: 'nuevo' } | { tipo: 'unidades'; usuario: UsuarioAdministrado };

export function ModalUsuario(props: {
  modo: ModoFormulario;
  empresas: readonly EmpresaAdministrada[];
  onCerrar: () => void;
}) {
  const { modo } = props;
  const editado = modo.tipo === 'unidades' ? modo.usuario : null;
  const client = useQueryClient();
  const conReautenticacion = useConReautenticacion();
  const [fallo, setFallo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = useForm<Valores>({
    defaultValues: {
      usuario: editado?.usuario ?? '',
      codempre: editado ? String(editado.codempre) : '',
      unidades: editado ? editado.unidades.map((u) => String(u.ctrl)) : [],
    },
  });
  const codempre = useWatch({ control, name: 'codempre' });
  const escrito = useWatch({ control, name: 'usuario' }).trim();
  const empresaDe = (c: string) => props.empresas.find((e) => String(e.codempre) === c);
  const empresa = empresaDe(codempre);

  /** Each message the server ties to a field goes under it; the rest above the form. */
  const alFallar = (e: unknown) => {
    const { campos, general } = erroresDeCampo(e, CAMPOS);
    for (const [campo, mensaje] of Object.entries(campos)) {
      setError(campo as keyof Valores, { type: 'server', message: mensaje });
    }
    setFallo(general);
  };

  const crear = useMutation({
    mutationFn: (cuerpo: { usuario: string; codempre: number; unidades: number[] }) =>
      conReautenticacion(() => crearUsuario(cuerpo)),
    onSuccess: (creado) => {
      // Cancelling the step-up leaves the form as it was, with nothing created.
      if (!creado) return;
      avisos.exito(T.creado(creado.usuario));
      props.onCerrar();
    },
    onError: alFallar,
    onSettled: () => recargarUsuarios(client),
  });
  const unidades = useMutation({
    ...cambiarUnidadesMutation,
    onSuccess: (_r, { usuario }) => {
      avisos.exito(T.unidadesGuardadas(usuario));
      props.onCerrar();
    },
    onError: alFallar,
  });
  const enviando = crear.isPending || unidades.isPending;

  const enviar = handleSubmit((v) => {
    setFallo(null);
    const elegidas = v.unidades.map(Number);
    if (editado) unidades.mutate({ usuario: editado.usuario, unidades: elegidas });
    else
      crear.mutate({ usuario: v.usuario.trim(), codempre: Number(v.codempre), unidades: elegidas });
  });

  /** A client's user needs a unit (the server says the same): it would see nothing. */
  const conUnidad = (elegidas: string[]) =>
    codempre === '0' || elegidas.length > 0 || MENSAJES_ADMINISTRACION.unidadRequerida;

  const titulo = editado ? T.formularioUnidades(editado.usuario) : T.formularioNuevo;
  // An inactive unit is offered only to the user who already holds it (to take it away).
  const unidadesDeLaEmpresa = unidadesOfrecidas(
    empresa?.unidades ?? [],
    editado?.unidades.map((u) => u.ctrl) ?? [],
  );

  return (
    <Modal show onHide={props.onCerrar} centered aria-labelledby="usuario-titulo">
      <Modal.Header closeButton closeLabel={T.cerrar}>
        <Modal.Title id="usuario-titulo" as="h2" className="h5">
          {titulo}
        </Modal.Title>
      </Modal.Header>
      <Form noValidate onSubmit={(e) => void enviar(e)}>
        <Modal.Body>
          {fallo && (
            <Alert variant="danger" role="alert">
              {fallo}
            </Alert>
          )}
          {editado ? (
            <p className="mb-3">
              {T.campoEmpresa}: <strong>{editado.nomempre}</strong> ({editado.codempre})
            </p>
          ) : (
            <>
              <Form.Group className="mb-3" controlId="usuario-nombre">
                <Form.Label>{T.campoUsuario}</Form.Label>
                <Form.Control
                  autoComplete="off"
                  autoFocus
                  aria-describedby={[
                    errors.usuario && 'usuario-nombre-error',
                    'usuario-nombre-ayuda',
                    escrito !== escrito.toLowerCase() && 'usuario-nombre-minusculas',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  aria-invalid={errors.usuario ? true : undefined}
                  isInvalid={Boolean(errors.usuario)}
                  {...register('usuario', {
                    validate: (v) => {
                      const nombre = v.trim().toLowerCase();
                      if (nombre === '') return T.faltaUsuario;
                      return NOMBRE.test(nombre) || T.usuarioInvalido;
                    },
                  })}
                />
                <Form.Text id="usuario-nombre-ayuda">{T.ayudaUsuario}</Form.Text>
                {/* The server keeps names in lower case: the person is told before, not after. */}
                {escrito !== escrito.toLowerCase() && (
                  <Form.Text
                    id="usuario-nombre-minusculas"
                    className="d-block text-warning-emphasis"
                  >
                    {T.seGuardaraComo(escrito.toLowerCase())}
                  </Form.Text>
                )}
                <Form.Control.Feedback type="invalid" id="usuario-nombre-error">
                  {errors.usuario?.message}
                </Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-3" controlId="usuario-empresa">
                <Form.Label>{T.campoEmpresa}</Form.Label>
                <Form.Select
                  isInvalid={Boolean(errors.codempre)}
                  aria-invalid={errors.codempre ? true : undefined}
                  aria-describedby={errors.codempre ? 'usuario-empresa-error' : undefined}
                  {...register('codempre', {
                    required: T.faltaEmpresa,
                    // Another company's units do not apply: the choice starts over, with the
                    // company's only unit ticked when it has just one.
                    onChange: (e: { target: { value: string } }) => {
                      const unidades = empresaDe(e.target.value)?.unidades ?? [];
                      setValue(
                        'unidades',
                        unidades.length === 1 ? [String(unidades[0]!.ctrl)] : [],
                      );
                    },
                  })}
                >
                  <option value="">{T.elegirEmpresa}</option>
                  {props.empresas.map((e) => (
                    <option key={e.codempre} value={e.codempre}>
                      {`${e.codempre} - ${e.nomempre}`}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid" id="usuario-empresa-error">
                  {errors.codempre?.message}
                </Form.Control.Feedback>
              </Form.Group>
            </>
          )}
          {codempre !== '' && (
            <fieldset
              className="mb-1"
              aria-describedby={errors.unidades ? 'usuario-unidades-error' : undefined}
            >
              <legend className="form-label fs-6 mb-2">{T.campoUnidades}</legend>
              {codempre === '0' ? (
                <p className="text-secondary small mb-0">{T.unidadesDeAdministrador}</p>
              ) : unidadesDeLaEmpresa.length === 0 ? (
                <p className="text-secondary small mb-0">{T.empresaSinUnidades}</p>
              ) : (
                unidadesDeLaEmpresa.map((u) => (
                  <Form.Check
                    key={u.ctrl}
                    id={`usuario-unidad-${u.ctrl}`}
                    type="checkbox"
                    label={TU.nombreUnidad(u)}
                    value={String(u.ctrl)}
                    isInvalid={Boolean(errors.unidades)}
                    {...register('unidades', { validate: conUnidad })}
                  />
                ))
              )}
              {errors.unidades && (
                <div id="usuario-unidades-error" className="invalid-feedback d-block">
                  {errors.unidades.message}
                </div>
              )}
            </fieldset>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={props.onCerrar}>
            {T.cancelar}
          </Button>
          <Button type="submit" disabled={enviando}>
            {enviando && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {editado ? T.guardar : T.crear}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
