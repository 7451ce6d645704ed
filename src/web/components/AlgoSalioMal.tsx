import Alert from 'react-bootstrap/Alert';
import { TEXTOS } from '../../shared/textos';
import { ErrorApi } from '../lib/api-client';

/**
 * Failed load: 'Algo salio mal' (the assigned-quotas modal passes 'ALGO SALIO MAL'). When the
 * server answered, its request's reference follows, for the person to quote to the terminal.
 */
export function AlgoSalioMal({
  texto = TEXTOS.algoSalioMal,
  error,
}: {
  texto?: string;
  /** The failure, when there is one: an API error carries the request's reference. */
  error?: unknown;
}) {
  const referencia = error instanceof ErrorApi ? error.referencia : null;
  return (
    <Alert variant="danger" className="my-2">
      <div>{texto}</div>
      {referencia && (
        <div className="small mt-1">
          {TEXTOS.referencia}: <span className="font-monospace user-select-all">{referencia}</span>
        </div>
      )}
    </Alert>
  );
}
