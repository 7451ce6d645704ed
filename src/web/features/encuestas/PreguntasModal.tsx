import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { useForm, useWatch } from 'react-hook-form';
import type { Encuesta, Pregunta } from '../../../shared/contracts/encuestas';
import { LIMITES_ENCUESTA } from '../../../shared/encuestas';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import {
  agregarPreguntaMutation,
  editarEncuestaMutation,
  editarPreguntaMutation,
  preguntasQuery,
} from './api';
import { FormularioEncuesta } from './FormularioEncuesta';

/** The dialog 'Preguntas de: {title}': edit the survey, add questions, edit each question. */
export function PreguntasModal({
  encuesta,
  onCerrar,
}: {
  encuesta: Encuesta;
  onCerrar: () => void;
}) {
  const preguntas = useQuery(preguntasQuery(encuesta.Id));

  return (
    <Modal show onHide={onCerrar} size="lg" scrollable aria-labelledby="preguntas-titulo">
      <Modal.Header closeButton>
        <Modal.Title id="preguntas-titulo" as="h2" className="h5 text-break">
          {T.preguntasDe(encuesta.Titulo)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <EdicionEncuesta encuesta={encuesta} />
        <NuevaPregunta encuestaId={encuesta.Id} />
        {preguntas.isPending ? (
          <Cargando />
        ) : preguntas.error ? (
          <AlgoSalioMal error={preguntas.error} />
        ) : preguntas.data.length === 0 ? (
          <p className="text-secondary mb-0">{T.sinPreguntas}</p>
        ) : (
          <ListGroup as="ol">
            {preguntas.data.map((p, i) => (
              <ListGroup.Item as="li" key={p.Id}>
                <EdicionPregunta encuestaId={encuesta.Id} pregunta={p} numero={i + 1} />
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Modal.Body>
    </Modal>
  );
}

/** The 'Editar Encuesta' / 'Cancelar' toggle with the new title and description. */
function EdicionEncuesta({ encuesta }: { encuesta: Encuesta }) {
  const [editando, setEditando] = useState(false);
  const guardar = useMutation({
    ...editarEncuestaMutation,
    onSuccess: () => {
      avisos.exito(T.encuestaActualizada);
      setEditando(false);
    },
    onError: () => avisos.error(T.errorActualizarEncuesta),
  });

  return (
    <div className="mb-3">
      <Button
        size="sm"
        variant={editando ? 'outline-secondary' : 'outline-primary'}
        onClick={() => setEditando(!editando)}
      >
        {editando ? T.cancelar : T.editarEncuesta}
      </Button>
      {editando && (
        <div className="border rounded p-3 mt-2 bg-light">
          <FormularioEncuesta
            id="editar"
            compacto
            etiquetas={{ titulo: 'Nuevo título', descripcion: 'Nueva descripción' }}
            inicial={{ titulo: encuesta.Titulo, descripcion: encuesta.Descripcion ?? '' }}
            textoBoton={T.guardarCambios}
            ocupado={guardar.isPending}
            onGuardar={(datos) => guardar.mutate({ id: encuesta.Id, ...datos })}
          />
        </div>
      )}
    </div>
  );
}

function NuevaPregunta({ encuestaId }: { encuestaId: number }) {
  const { register, handleSubmit, reset } = useForm({ defaultValues: { texto: '' } });
  const agregar = useMutation({
    ...agregarPreguntaMutation,
    onSuccess: () => {
      avisos.exito(T.preguntaAgregada);
      reset();
    },
    onError: () => avisos.error(T.errorAgregarPregunta),
  });

  const enviar = handleSubmit(({ texto }) => {
    // Spec section 5: an empty question is ignored silently.
    if (!texto.trim()) return;
    agregar.mutate({ EncuestaId: encuestaId, Texto: texto });
  });

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)} className="mb-3">
      <Form.Label htmlFor="nueva-pregunta">{T.agregarNuevaPregunta}</Form.Label>
      <InputGroup>
        <Form.Control
          id="nueva-pregunta"
          maxLength={LIMITES_ENCUESTA.pregunta}
          {...register('texto')}
        />
        <Button type="submit" disabled={agregar.isPending}>
          {T.agregar}
        </Button>
      </InputGroup>
    </Form>
  );
}

function EdicionPregunta(props: { encuestaId: number; pregunta: Pregunta; numero: number }) {
  const { encuestaId, pregunta, numero } = props;
  const { register, handleSubmit, control } = useForm({
    defaultValues: {
      texto: pregunta.Texto,
      obligatoria: pregunta.Obligatoria === 1,
      esTexto: pregunta.EsTexto === 1,
    },
  });
  const texto = useWatch({ control, name: 'texto' });
  const guardar = useMutation({
    ...editarPreguntaMutation(encuestaId),
    onSuccess: () => avisos.exito(T.preguntaActualizada),
    onError: () => avisos.error(T.errorActualizarPregunta),
  });
  const prefijo = `pregunta-${pregunta.Id}`;

  return (
    <Form
      noValidate
      className="edicion-pregunta"
      onSubmit={(e) => void handleSubmit((v) => guardar.mutate({ id: pregunta.Id, ...v }))(e)}
    >
      <Form.Label htmlFor={`${prefijo}-texto`} className="small fw-semibold mb-1">
        Pregunta {numero}
      </Form.Label>
      <Form.Control
        id={`${prefijo}-texto`}
        as="textarea"
        rows={2}
        maxLength={LIMITES_ENCUESTA.pregunta}
        className="mb-2"
        {...register('texto')}
      />
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Form.Check
          id={`${prefijo}-obligatoria`}
          label={T.obligatoria}
          {...register('obligatoria')}
        />
        <Form.Check id={`${prefijo}-es-texto`} label={T.esTexto} {...register('esTexto')} />
        <Button
          type="submit"
          size="sm"
          variant="success"
          className="ms-auto"
          disabled={guardar.isPending || !texto.trim()}
        >
          {T.guardar}
        </Button>
      </div>
    </Form>
  );
}
