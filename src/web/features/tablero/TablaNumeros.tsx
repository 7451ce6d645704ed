import { useContext } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useExportacion } from '../../lib/excel';
import { DeQuienDelTablero } from './de-quien';
import { exportarTabla, textoCelda, type Tabla, type TipoColumna } from './tablas';

const NUMERICAS = new Set<TipoColumna>(['entero', 'codigo', 'minutos', 'toneladas', 'porcentaje']);

/** Words in the 'marca' columns, each with its badge (said in words: never color only). */
const MARCAS: Record<string, string> = {
  Excedido: 'text-bg-danger',
  Demorado: 'text-bg-warning',
  Exceso: 'text-bg-danger',
  Faltante: 'text-bg-warning',
};

function Celda({ valor, tipo }: { valor: string | number | null; tipo: TipoColumna }) {
  const texto = textoCelda(valor, tipo);
  if (tipo === 'marca' && typeof valor === 'string') {
    return <span className={`badge ${MARCAS[valor] ?? 'text-bg-secondary'}`}>{texto}</span>;
  }
  return <>{texto}</>;
}

/**
 * A chart's numbers as a plain table (readable by a screen reader, copyable into a spreadsheet)
 * with its caption, and 'Exportar a Excel' writing the same rows with numeric cells.
 */
export function TablaNumeros({ tabla, alta = false }: { tabla: Tabla; alta?: boolean }) {
  const { exportando, exportar } = useExportacion();
  const deQuien = useContext(DeQuienDelTablero);
  // Numbers and times never break across lines ('25/11/2026 03:23' reads as one).
  const clase = (tipo: TipoColumna) =>
    NUMERICAS.has(tipo) ? 'text-end text-nowrap' : tipo === 'fechaHora' ? 'text-nowrap' : undefined;
  return (
    <div className="tabla-tablero">
      <div className="d-flex justify-content-end mb-1 d-print-none">
        <Button
          size="sm"
          variant="outline-success"
          aria-label={`Exportar a Excel: ${tabla.titulo}`}
          disabled={exportando || tabla.filas.length === 0}
          onClick={() => void exportar(() => exportarTabla(tabla, deQuien))}
        >
          Exportar a Excel
        </Button>
      </div>
      {/* Scrolls inside its box: a long range or a phone never widens the page. */}
      <div
        className={`tabla-desplazable${alta ? ' tabla-tablero-alta' : ''}`}
        tabIndex={0}
        role="region"
        aria-label={`Tabla: ${tabla.titulo}`}
      >
        <Table size="sm" striped hover className="caption-top align-middle mb-0">
          <caption className="small">{tabla.titulo}</caption>
          <thead>
            <tr>
              {tabla.columnas.map((c) => (
                // Headers wrap (the table stays narrow); the numbers never do.
                <th
                  key={c.titulo}
                  scope="col"
                  className={NUMERICAS.has(c.tipo) ? 'text-end' : undefined}
                >
                  {c.titulo}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tabla.filas.map((fila, i) => (
              <tr key={i}>
                {fila.map((v, j) => {
                  const tipo = tabla.columnas[j]!.tipo;
                  return j === 0 ? (
                    <th
                      key={j}
                      scope="row"
                      className={`fw-normal text-nowrap ${clase(tipo) ?? ''}`}
                    >
                      <Celda valor={v} tipo={tipo} />
                    </th>
                  ) : (
                    <td key={j} className={clase(tipo)}>
                      <Celda valor={v} tipo={tipo} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          {tabla.total && (
            <tfoot>
              <tr className="fw-semibold">
                {tabla.total.map((v, j) => {
                  const tipo = j === 0 ? 'texto' : tabla.columnas[j]!.tipo;
                  return j === 0 ? (
                    <th key={j} scope="row">
                      {textoCelda(v, tipo)}
                    </th>
                  ) : (
                    <td key={j} className={clase(tipo)}>
                      {textoCelda(v, tipo)}
                    </td>
                  );
                })}
              </tr>
            </tfoot>
          )}
        </Table>
      </div>
    </div>
  );
}
