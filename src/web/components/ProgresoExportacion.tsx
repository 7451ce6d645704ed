import ProgressBar from 'react-bootstrap/ProgressBar';

/**
 * An Excel export under way: what has been read so far, as text and as a bar against the most an
 * export takes (a sliver from the start, so the bar shows it is working).
 */
export function ProgresoExportacion({
  texto,
  leidas,
  maximo,
}: {
  texto: string;
  leidas: number;
  maximo: number;
}) {
  return (
    <div className="mt-2" role="status">
      <div className="small text-secondary mb-1">{texto}</div>
      <ProgressBar animated now={Math.min(100, (leidas / maximo) * 100 || 3)} aria-label={texto} />
    </div>
  );
}
