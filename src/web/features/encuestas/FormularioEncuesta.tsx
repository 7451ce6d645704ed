import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LIMITES_ENCUESTA } from '../../../shared/encuestas';
import { TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { avisos } from '../../components/avisos';

export interface DatosEncuesta {
  titulo: string;
  descripcion: string;
}

/**
 * Title and description of a survey, to create it or to edit it. Without a title it warns
 * 'Debe completar el título' and sends nothing (spec section 5). The parent remounts it (`key`)
 * to start afresh.
 */
export function FormularioEncuesta(props: {
  id: string;
  etiquetas: DatosEncuesta;
  inicial?: DatosEncuesta;
  textoBoton: string;
  ocupado: boolean;
  compacto?: boolean;
  onGuardar: (datos: DatosEncuesta) => void;
}) {
  const [titulo, setTitulo] = useState(props.inicial?.titulo ?? '');
  const [descripcion, setDescripcion] = useState(props.inicial?.descripcion ?? '');
  const margen = props.compacto ? 'mb-2' : 'mb-3';

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!titulo.trim()) {
      avisos.advertencia(T.debeCompletarTitulo);
      return;
    }
    props.onGuardar({ titulo, descripcion });
  };

  return (
    <Form noValidate onSubmit={enviar}>
      <Form.Group className={margen} controlId={`${props.id}-titulo`}>
        <Form.Label>{props.etiquetas.titulo}</Form.Label>
        <Form.Control
          value={titulo}
          maxLength={LIMITES_ENCUESTA.titulo}
          onChange={(e) => setTitulo(e.target.value)}
        />
      </Form.Group>
      <Form.Group className={margen} controlId={`${props.id}-descripcion`}>
        <Form.Label>{props.etiquetas.descripcion}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={descripcion}
          maxLength={LIMITES_ENCUESTA.descripcion}
          onChange={(e) => setDescripcion(e.target.value)}
        />
      </Form.Group>
      <Button type="submit" size={props.compacto ? 'sm' : undefined} disabled={props.ocupado}>
        {props.textoBoton}
      </Button>
    </Form>
  );
}
