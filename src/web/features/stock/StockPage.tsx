import './stock.css';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { numeroAr } from '../../../shared/formato';
import { TEXTOS_STOCK as T } from '../../../shared/textos';
import { useSeleccion } from '../../app/seleccion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { IndicadorEnVivo } from '../../components/IndicadorEnVivo';
import { FilaSelectores } from '../../components/Selectores';
import { useExportacion } from '../../lib/excel';
import { stockQuery } from './api';
import { exportarStock } from './exportar';
import { useStockEnVivo } from './useStockEnVivo';

/** 'Listado de stock' (spec sections 2, 5 and 7; design section 6). */
export function StockPage() {
  const { codempre, unineg, cargando, error } = useSeleccion();
  const stock = useQuery(stockQuery(codempre, unineg));
  // A truck that finishes moves stock: the table loads again by itself.
  const enVivo = useStockEnVivo();
  const { exportando, exportar } = useExportacion();
  const lineas = stock.data ?? [];
  // The file holds what the screen shows: nothing while it loads, fails or is empty.
  const listo = stock.isSuccess && !stock.isFetching && lineas.length > 0;

  let contenido;
  if (stock.isError || error) contenido = <AlgoSalioMal error={stock.error} />;
  // Loading again (a weighing moved stock) keeps the table on screen until the new one is here.
  else if (cargando || (stock.isPending && stock.fetchStatus !== 'idle')) {
    contenido = <Cargando />;
  } else {
    contenido = (
      <div className="tabla-desplazable">
        <Table striped hover size="sm" className="align-middle bg-white tabla-stock">
          <thead>
            <tr>
              <th className="text-end columna-codigo">{T.columnas[0]}</th>
              <th>{T.columnas[1]}</th>
              <th className="text-end">{T.columnas[2]}</th>
            </tr>
          </thead>
          <tbody>
            {lineas.length === 0 ? (
              <tr>
                <td colSpan={3} className="text-center text-secondary py-3">
                  {T.sinStock}
                </td>
              </tr>
            ) : (
              lineas.map((l) => (
                <tr key={l.codpro}>
                  <td className="text-end">{l.codpro}</td>
                  <td>{l.nompro}</td>
                  <td className={`text-end text-nowrap${l.toneladas < 0 ? ' text-danger' : ''}`}>
                    {numeroAr(l.toneladas, 3, 3)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
    );
  }

  return (
    <section>
      <h1 className="titulo-pantalla">{T.titulo}</h1>
      <FilaSelectores>
        <Button
          variant="success"
          onClick={() => void exportar(() => exportarStock(lineas))}
          disabled={!listo || exportando}
        >
          {T.generarExcel}
        </Button>
      </FilaSelectores>
      <IndicadorEnVivo estado={enVivo.estado} ultima={enVivo.ultima} />
      {contenido}
    </section>
  );
}
