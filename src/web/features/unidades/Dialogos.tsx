/**
 * The units screen's dialogs: a name (a new unit, renaming a unit or a dispatch type) and a new
 * dispatch type (name, bulk or in containers). The form checks what it can; a 400 the server ties
 * to a field shows under it, anything else above the form.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { DespachoAdministrado, UnidadAdministrada } from '../../../shared/contracts/unidades';
import { TEXTOS_UNIDADES as T } from '../../../shared/textos';
import { avisos } from '../../components/avisos';
import { erroresDeCampo } from '../../lib/errores-de-campo';
import {
  crearDespachoMutation,
  crearUnidadMutation,
  renombrarDespachoMutation,
  renombrarUnidadMutation,
} from './api';

/** The columns' length (contracts/unidades.ts, LARGO_NOMBRE): the browser may not import zod. */
const LARGO = 60;

export type Dialogo =
  | { tipo: 'nueva' }
  | { tipo: 'renombrar'; unidad: UnidadAdministrada }
  | { tipo: 'nuevoDespacho'; unidad: UnidadAdministrada }
  | { tipo: 'renombrarDespacho'; unidad: UnidadAdministrada; despacho: DespachoAdministrado };

type DialogoDeNombre = Exclude<Dialogo, { tipo: 'nuevoDespacho' }>;

/** What each name dialog says and does. */
function textosDe(d: DialogoDeNombre) {
  switch (d.tipo) {
    case 'nueva':
      return { titulo: T.nueva, boton: T.crear, inicial: '', vacio: T.nombreVacio };
    case 'renombrar':
      return {
        titulo: `${T.renombrar} ${d.unidad.unineg}`,
        boton: T.guardar,
        inicial: d.unidad.unineg,
        vacio: T.nombreVacio,
      };
    case 'renombrarDespacho':
      return {
        titulo: `${T.renombrar} ${d.despacho.nomdespacho} (${d.unidad.unineg})`,
        boton: T.guardar,
        inicial: d.despacho.nomdespacho,
        vacio: T.nombreDespachoVacio,
      };
  }
}

/** Under its field: the server names it 'unineg' for a unit and 'nomdespacho' for a type. */
const CAMPOS_DEL_SERVIDOR = ['unineg', 'nomdespacho'] as const;

function useNombre(inicial: string, vacio: string) {
  const form = useForm<{ nombre: string }>({ defaultValues: { nombre: inicial } });
  const [general, setGeneral] = useState<string | null>(null);
  const registro = form.register('nombre', {
    validate: (v) => v.trim() !== '' || vacio,
  });
  /** A refusal of the server: under the name when it is about it, else above the form. */
  const alFallar = (error: unknown) => {
    const r = erroresDeCampo(error, CAMPOS_DEL_SERVIDOR);
    const mensaje = r.campos.unineg ?? r.campos.nomdespacho;
    if (mensaje) form.setError('nombre', { type: 'server', message: mensaje });
    setGeneral(r.general);
  };
  return { form, registro, general, setGeneral, alFallar };
}

function CampoNombre(props: {
  id: string;
  etiqueta: string;
  registro: ReturnType<typeof useNombre>['registro'];
  error: string | undefined;
}) {
  return (
    <Form.Group className="mb-3" controlId={props.id}>
      <Form.Label className="fw-semibold">{props.etiqueta}</Form.Label>
      <Form.Control
        maxLength={LARGO}
        autoComplete="off"
        autoFocus
        isInvalid={Boolean(props.error)}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        {...props.registro}
      />
      <Form.Control.Feedback id={`${props.id}-error`} type="invalid">
        {props.error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

function Marco(props: {
  id: string;
  titulo: string;
  general: string | null;
  boton: string;
  enviando: boolean;
  onEnviar: () => void;
  onCerrar: () => void;
  children: ReactNode;
}) {
  return (
    <Modal show onHide={props.onCerrar} centered aria-labelledby={`${props.id}-titulo`}>
      <Modal.Header closeButton closeLabel={T.cerrar}>
        <Modal.Title id={`${props.id}-titulo`} as="h2" className="h5">
          {props.titulo}
        </Modal.Title>
      </Modal.Header>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onEnviar();
        }}
      >
        <Modal.Body>
          {props.general && (
            <Alert variant="danger" role="alert">
              {props.general}
            </Alert>
          )}
          {props.children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={props.onCerrar}>
            {T.cancelar}
          </Button>
          <Button type="submit" disabled={props.enviando}>
            {props.enviando && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {props.boton}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** A new unit, or a new name for a unit or a dispatch type. */
export function DialogoNombre(props: { dialogo: DialogoDeNombre; onCerrar: () => void }) {
  const { dialogo: d } = props;
  const textos = textosDe(d);
  const { form, registro, general, setGeneral, alFallar } = useNombre(textos.inicial, textos.vacio);
  const opciones = { onError: alFallar };
  const crear = useMutation({
    ...crearUnidadMutation,
    ...opciones,
    onSuccess: (u) => {
      avisos.exito(T.creada(u.unineg));
      props.onCerrar();
    },
  });
  const renombrar = useMutation({
    ...renombrarUnidadMutation,
    ...opciones,
    onSuccess: (u) => {
      avisos.exito(T.renombrada(u.unineg));
      props.onCerrar();
    },
  });
  const renombrarDespacho = useMutation({
    ...renombrarDespachoMutation,
    ...opciones,
    onSuccess: (x) => {
      avisos.exito(T.despachoRenombrado(x.nomdespacho));
      props.onCerrar();
    },
  });

  const enviar = form.handleSubmit(({ nombre }) => {
    setGeneral(null);
    if (d.tipo === 'nueva') crear.mutate({ unineg: nombre });
    else if (d.tipo === 'renombrar') renombrar.mutate({ ctrl: d.unidad.ctrl, unineg: nombre });
    else {
      renombrarDespacho.mutate({ coddespacho: d.despacho.coddespacho, nomdespacho: nombre });
    }
  });

  return (
    <Marco
      id="dialogo-nombre"
      titulo={textos.titulo}
      general={general}
      boton={textos.boton}
      enviando={crear.isPending || renombrar.isPending || renombrarDespacho.isPending}
      onEnviar={() => void enviar()}
      onCerrar={props.onCerrar}
    >
      <CampoNombre
        id="unidad-nombre"
        etiqueta={T.nombre}
        registro={registro}
        error={form.formState.errors.nombre?.message}
      />
    </Marco>
  );
}

/** A new dispatch type of a unit: its name, and whether it goes in bulk or in containers. */
export function DialogoDespacho(props: { unidad: UnidadAdministrada; onCerrar: () => void }) {
  const { form, registro, general, setGeneral, alFallar } = useNombre('', T.nombreDespachoVacio);
  const [envase, setEnvase] = useState<'N' | 'S'>('N');
  const crear = useMutation({
    ...crearDespachoMutation,
    onError: alFallar,
    onSuccess: (d) => {
      avisos.exito(T.despachoCreado(d.nomdespacho));
      props.onCerrar();
    },
  });
  const enviar = form.handleSubmit(({ nombre }) => {
    setGeneral(null);
    crear.mutate({ unineg: props.unidad.ctrl, nomdespacho: nombre, envase });
  });

  return (
    <Marco
      id="dialogo-despacho"
      titulo={`${T.nuevoDespacho} (${props.unidad.unineg})`}
      general={general}
      boton={T.crear}
      enviando={crear.isPending}
      onEnviar={() => void enviar()}
      onCerrar={props.onCerrar}
    >
      <CampoNombre
        id="despacho-nombre"
        etiqueta={T.nombre}
        registro={registro}
        error={form.formState.errors.nombre?.message}
      />
      <fieldset>
        <legend className="form-label fs-6 fw-semibold">{T.envase}</legend>
        <Form.Check
          type="radio"
          id="despacho-granel"
          name="despacho-envase"
          label={T.aGranelAyuda}
          checked={envase === 'N'}
          onChange={() => setEnvase('N')}
        />
        <Form.Check
          type="radio"
          id="despacho-envases"
          name="despacho-envase"
          label={T.enEnvasesAyuda}
          checked={envase === 'S'}
          onChange={() => setEnvase('S')}
        />
      </fieldset>
    </Marco>
  );
}
