import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
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
  const { register, handleSubmit } = useForm<DatosEncuesta>({
    defaultValues: {
      titulo: props.inicial?.titulo ?? '',
      descripcion: props.inicial?.descripcion ?? '',
    },
  });
  const margen = props.compacto ? 'mb-2' : 'mb-3';

  // The spec's warning for a missing title is a notice, not a message under the field.
  const enviar = handleSubmit((datos) => {
    if (!datos.titulo.trim()) {
      avisos.advertencia(T.debeCompletarTitulo);
      return;
    }
    props.onGuardar(datos);
  });

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      <Form.Group className={margen} controlId={`${props.id}-titulo`}>
        <Form.Label>{props.etiquetas.titulo}</Form.Label>
        <Form.Control maxLength={LIMITES_ENCUESTA.titulo} {...register('titulo')} />
      </Form.Group>
      <Form.Group className={margen} controlId={`${props.id}-descripcion`}>
        <Form.Label>{props.etiquetas.descripcion}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={LIMITES_ENCUESTA.descripcion}
          {...register('descripcion')}
        />
      </Form.Group>
      <Button type="submit" size={props.compacto ? 'sm' : undefined} disabled={props.ocupado}>
        {props.textoBoton}
      </Button>
    </Form>
  );
}
