import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/**
 * The end of a list read a page at a time, newest first (audit trail, stock ledger, notices,
 * webhook deliveries): a button for the next page, busy while it loads, or a line saying there
 * is nothing older. The words are the list's own ('Más antiguos', 'Más antiguas').
 */
export function MasAntiguos(props: {
  consulta: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  boton: string;
  noHayMas: string;
  /** Bootstrap's bottom margin of the button and the line ('mb-3' in a page, none in a modal). */
  margen?: string;
}) {
  const { consulta, margen = 'mb-0' } = props;
  return consulta.hasNextPage ? (
    <Button
      variant="outline-primary"
      onClick={() => void consulta.fetchNextPage()}
      disabled={consulta.isFetchingNextPage}
      className={margen === 'mb-0' ? undefined : margen}
    >
      {consulta.isFetchingNextPage && (
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      )}
      {props.boton}
    </Button>
  ) : (
    <p className={`small text-secondary ${margen}`}>{props.noHayMas}</p>
  );
}
