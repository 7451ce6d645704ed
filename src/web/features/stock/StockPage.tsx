import '../../components/tabla-apilada.css';
import './stock.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { numeroAr } from '../../../shared/formato';
import { TEXTOS_STOCK as T } from '../../../shared/textos';
import { useSeleccion } from '../../lib/seleccion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { IndicadorEnVivo } from '../../components/IndicadorEnVivo';
import { FilaSelectores } from '../../components/Selectores';
import { useExportacion } from '../../lib/excel';
import { stockQuery } from './api';
import { exportarStock } from './exportar';
import { HistorialProducto, type ProductoDelHistorial } from './HistorialProducto';
import { TEXTOS_LISTADO as L } from './textos';
import { useStockEnVivo } from './useStockEnVivo';

const toneladas = (t: number) => numeroAr(t, 3, 3);
/** A tonnes cell: right-aligned, red when negative (dispatched on credit, or over-promised). */
const celda = (t: number, etiqueta: string) => (
  <td className={`text-end text-nowrap${t < 0 ? ' text-danger' : ''}`} data-etiqueta={etiqueta}>
    {toneladas(t)}
  </td>
);

/**
 * 'Listado de stock' (spec sections 2, 5 and 7; design section 6), with each product's committed
 * and available tonnes and its history (issue 16).
 */
export function StockPage() {
  const { codempre, unineg, empresas, unidades, cargando, error } = useSeleccion();
  const stock = useQuery(stockQuery(codempre, unineg));
  // A truck that finishes moves stock: the table loads again by itself.
  const enVivo = useStockEnVivo();
  const { exportando, exportar } = useExportacion();
  const [historial, setHistorial] = useState<ProductoDelHistorial | null>(null);
  const abrirHistorial = (codpro: number, nompro: string) => {
    if (codempre !== undefined && unineg !== undefined) {
      // The names go into the history's file name (issue 22).
      const nomempre = empresas.find((e) => e.codempre === codempre)?.nomempre;
      const unidad = unidades.find((u) => u.ctrl === unineg)?.unineg;
      setHistorial({ codempre, unineg, codpro, nompro, nomempre, unidad });
    }
  };
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
      // A phone shows each product as a block of 'label: value' lines (tabla-apilada);
      // position-relative keeps the visually hidden header inside the box, not past its edge.
      <div className="tabla-desplazable position-relative">
        <Table striped hover size="sm" className="align-middle bg-white tabla-stock tabla-apilada">
          <thead>
            <tr>
              <th className="text-end columna-codigo">{L.columnas[0]}</th>
              <th>{L.columnas[1]}</th>
              <th className="text-end">{L.columnas[2]}</th>
              <th className="text-end">{L.columnas[3]}</th>
              <th className="text-end">{L.columnas[4]}</th>
              <th>
                <span className="visually-hidden">{L.acciones}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lineas.length === 0 ? (
              <tr>
                <td colSpan={6} className="text-center text-secondary py-3">
                  {T.sinStock}
                </td>
              </tr>
            ) : (
              lineas.map((l) => (
                <tr key={l.codpro}>
                  <td className="text-end" data-etiqueta={L.columnas[0]}>
                    {l.codpro}
                  </td>
                  <td data-etiqueta={L.columnas[1]}>{l.nompro}</td>
                  {celda(l.toneladas, L.columnas[2])}
                  {celda(l.comprometidas, L.columnas[3])}
                  {celda(l.disponibles, L.columnas[4])}
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="text-nowrap"
                      aria-label={L.movimientosDe(l.nompro)}
                      onClick={() => abrirHistorial(l.codpro, l.nompro)}
                    >
                      {L.movimientos}
                    </Button>
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
      {listo && <p className="small text-secondary tabla-stock-nota">{L.ayudaComprometido}</p>}
      {historial && <HistorialProducto producto={historial} onCerrar={() => setHistorial(null)} />}
    </section>
  );
}
