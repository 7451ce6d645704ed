import Alert from 'react-bootstrap/Alert';
import { TEXTOS } from '../../shared/textos';

/** Failed load: 'Algo salio mal' (the assigned-quotas modal passes 'ALGO SALIO MAL'). */
export function AlgoSalioMal({ texto = TEXTOS.algoSalioMal }: { texto?: string }) {
  return (
    <Alert variant="danger" className="my-2">
      {texto}
    </Alert>
  );
}
