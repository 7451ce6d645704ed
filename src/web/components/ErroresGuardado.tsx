import Alert from 'react-bootstrap/Alert';
import { TEXTOS } from '../../shared/textos';

/** Red alert 'Los siguientes errores impidieron guardar los datos:' with one bullet per error. */
export function ErroresGuardado({ errores }: { errores: string[] }) {
  if (errores.length === 0) return null;
  return (
    <Alert variant="danger" className="my-2">
      <p className="mb-1">{TEXTOS.erroresAlGuardar}</p>
      <ul className="mb-0">
        {errores.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </Alert>
  );
}
