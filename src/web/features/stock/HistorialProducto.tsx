import '../../components/tabla-apilada.css';
import { useInfiniteQuery, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import type { MovimientoStock, SaldosStockRespuesta } from '../../../shared/contracts/stock';
import { numeroAr } from '../../../shared/formato';
import { MasAntiguos } from '../../components/MasAntiguos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { Grafico, segundosDeDia } from '../../components/grafico';
import { ErrorApi, mensajeDeError } from '../../lib/api-client';
import { useExportacion } from '../../lib/excel';
import { movimientosQuery, saldosQuery, type RangoHistorial } from './api';
import { diaAr, errorDeRango, fechaHoraAr } from '../../lib/dias';
import { rangoPorDefecto } from './dias';
import { exportarMovimientos, leerMovimientosParaExcel, MAXIMO_EXCEL } from './exportar';
import { TEXTOS_HISTORIAL as T, TIPOS_MOVIMIENTO } from './textos';
import { ProgresoExportacion } from '../../components/ProgresoExportacion';

export interface ProductoDelHistorial {
  codempre: number;
  unineg: number;
  codpro: number;
  nompro: string;
  /** The client's and the unit's names, for the exported file's name. */
  nomempre?: string;
  unidad?: string;
}

const toneladas = (t: number) => numeroAr(t, 3, 3);
/** '1.016,170 t', never broken between the number and its unit. */
const toneladasT = (t: number) => `${toneladas(t)}\u00a0t`;
/** Receptions and positive adjustments with their sign: the column reads as a ledger. */
const conSigno = (t: number) => (t > 0 ? `+${toneladas(t)}` : toneladas(t));

/**
 * A product's history (issue 16): its ledger over a range of days (the last 30 by default),
 * newest first with the running balance, a page at a time ('Más antiguos', as the audit trail),
 * the balance over the range on a small chart (uPlot, loaded with the first chart shown) and the
 * whole range to a spreadsheet.
 */
export function HistorialProducto({
  producto,
  onCerrar,
}: {
  producto: ProductoDelHistorial;
  onCerrar: () => void;
}) {
  const id = useId();
  const [borrador, setBorrador] = useState(rangoPorDefecto);
  const [rango, setRango] = useState(borrador);
  const [errorFechas, setErrorFechas] = useState<string | null>(null);
  const consulta: RangoHistorial = {
    codempre: producto.codempre,
    unineg: producto.unineg,
    codpro: producto.codpro,
    ...rango,
  };
  const movimientos = useMovimientos(consulta);
  const saldos = useQuery(saldosQuery(consulta));
  const { exportando, exportar } = useExportacion();
  const [leidos, setLeidos] = useState(0);
  const filas = movimientos.data?.pages.flatMap((p) => p.movimientos) ?? [];
  const listo = movimientos.isSuccess && !movimientos.isFetching;

  const buscar = (e: FormEvent) => {
    e.preventDefault();
    const error = errorDeRango(borrador.desde, borrador.hasta);
    setErrorFechas(error);
    if (!error) setRango(borrador);
  };

  const generarExcel = () =>
    void exportar(async () => {
      setLeidos(0);
      try {
        const { movimientos: todos, recortado } = await leerMovimientosParaExcel(
          consulta,
          setLeidos,
        );
        await exportarMovimientos(
          consulta,
          {
            nompro: producto.nompro,
            cliente:
              producto.nomempre === undefined
                ? undefined
                : { codempre: producto.codempre, nomempre: producto.nomempre },
            unidad: producto.unidad,
          },
          todos,
        );
        if (recortado) avisos.advertencia(T.recorte(MAXIMO_EXCEL));
      } catch (e) {
        // The API's own words when it answered; anything else is 'Algo salió mal'.
        if (e instanceof ErrorApi) avisos.error(mensajeDeError(e));
        else throw e;
      }
    });

  const titulo = `${id}-titulo`;
  return (
    <Modal show onHide={onCerrar} size="xl" fullscreen="md-down" aria-labelledby={titulo}>
      <Modal.Header closeButton>
        <Modal.Title id={titulo} as="h2" className="h5 mb-0">
          {T.titulo(producto.nompro)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form onSubmit={buscar} noValidate aria-label={T.titulo(producto.nompro)}>
          <div className="d-flex flex-wrap align-items-end gap-2">
            <Form.Group controlId={`${id}-desde`} className="campo-fecha">
              <Form.Label>{T.desde}</Form.Label>
              <Form.Control
                type="date"
                value={borrador.desde}
                onChange={(e) => setBorrador((b) => ({ ...b, desde: e.target.value }))}
                isInvalid={!!errorFechas}
              />
            </Form.Group>
            <Form.Group controlId={`${id}-hasta`} className="campo-fecha">
              <Form.Label>{T.hasta}</Form.Label>
              <Form.Control
                type="date"
                value={borrador.hasta}
                onChange={(e) => setBorrador((b) => ({ ...b, hasta: e.target.value }))}
                isInvalid={!!errorFechas}
              />
            </Form.Group>
            <Button type="submit" variant="primary">
              {T.buscar}
            </Button>
            <Button
              type="button"
              variant="success"
              className="ms-sm-auto"
              onClick={generarExcel}
              disabled={!listo || filas.length === 0 || exportando}
            >
              {T.exportar}
            </Button>
          </div>
          {errorFechas && (
            <Alert variant="danger" className="mt-2 mb-0 py-2">
              {errorFechas}
            </Alert>
          )}
          {exportando && (
            <ProgresoExportacion
              texto={T.exportando(leidos)}
              leidas={leidos}
              maximo={MAXIMO_EXCEL}
            />
          )}
        </Form>
        <GraficoDeSaldos consulta={saldos} nompro={producto.nompro} rango={rango} />
        <TablaMovimientos consulta={movimientos} filas={filas} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCerrar}>
          {T.cerrar}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function GraficoDeSaldos({
  consulta,
  nompro,
  rango,
}: {
  consulta: UseQueryResult<SaldosStockRespuesta>;
  nompro: string;
  rango: { desde: string; hasta: string };
}) {
  if (consulta.isPending) return <Cargando />;
  if (consulta.isError) {
    return <AlgoSalioMal texto={mensajeDeError(consulta.error)} error={consulta.error} />;
  }
  const { saldoInicial, saldos } = consulta.data;
  // A range wholly in the future has no days up to today: nothing to draw.
  if (saldos.length === 0) return null;
  const valores = saldos.map((s) => s.saldo);
  const final = valores.at(-1)!;
  const resumen = T.resumen(nompro, rango.desde, saldos.at(-1)!.dia, {
    inicial: saldoInicial,
    final,
    minimo: Math.min(saldoInicial, ...valores),
    maximo: Math.max(saldoInicial, ...valores),
  });
  return (
    <figure className="my-3 grafico-saldos">
      <Grafico
        resumen={resumen}
        x={saldos.map((s) => segundosDeDia(s.dia))}
        escala="dia"
        series={[{ nombre: T.grafico, valores, tipo: 'linea' }]}
        etiquetaY={T.ejeY}
        decimales={3}
        ajustarAlDato
        alto={200}
      />
      <figcaption className="small text-secondary mt-1">
        {T.saldoInicial} ({diaAr(rango.desde)}): {toneladasT(saldoInicial)} · {T.saldoFinal} (
        {diaAr(saldos.at(-1)!.dia)}): {toneladasT(final)}
      </figcaption>
    </figure>
  );
}

const useMovimientos = (r: RangoHistorial) => useInfiniteQuery(movimientosQuery(r));
type ConsultaMovimientos = ReturnType<typeof useMovimientos>;

function TablaMovimientos({
  consulta,
  filas,
}: {
  consulta: ConsultaMovimientos;
  filas: MovimientoStock[];
}) {
  if (consulta.isPending) return <Cargando />;
  if (consulta.isError && filas.length === 0) {
    return <AlgoSalioMal texto={mensajeDeError(consulta.error)} error={consulta.error} />;
  }
  if (filas.length === 0) return <p className="text-secondary py-3">{T.sinMovimientos}</p>;
  return (
    <>
      <p className="small text-secondary mb-1" aria-live="polite">
        {T.cantidad(filas.length)}
      </p>
      <div className="tabla-desplazable">
        <Table
          size="sm"
          striped
          hover
          className="align-middle bg-white tabla-movimientos tabla-apilada mb-2"
          aria-label={T.tabla}
        >
          <thead>
            <tr>
              <th>{T.columnas.fecha}</th>
              <th>{T.columnas.tipo}</th>
              <th>{T.columnas.detalle}</th>
              <th className="text-end">{T.columnas.toneladas}</th>
              <th className="text-end">{T.columnas.saldo}</th>
            </tr>
          </thead>
          <tbody>
            {filas.map((m) => (
              <tr key={m.id}>
                <td className="text-nowrap" data-etiqueta={T.columnas.fecha}>
                  {fechaHoraAr(m.fecha)}
                </td>
                <td className="text-nowrap" data-etiqueta={T.columnas.tipo}>
                  {TIPOS_MOVIMIENTO[m.tipo]}
                </td>
                <td className="celda-detalle" data-etiqueta={T.columnas.detalle}>
                  <Detalle movimiento={m} />
                </td>
                <td
                  className={`text-end text-nowrap${m.toneladas < 0 ? ' text-danger' : ''}`}
                  data-etiqueta={T.columnas.toneladas}
                >
                  {conSigno(m.toneladas)}
                </td>
                <td
                  className={`text-end text-nowrap${m.saldo < 0 ? ' text-danger' : ''}`}
                  data-etiqueta={T.columnas.saldo}
                >
                  {toneladas(m.saldo)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {consulta.isError && (
        <AlgoSalioMal texto={mensajeDeError(consulta.error)} error={consulta.error} />
      )}
      <MasAntiguos consulta={consulta} boton={T.masAntiguos} noHayMas={T.noHayMas} />
    </>
  );
}

/**
 * The truck and its ticket for a weighing; the observation for an opening or adjustment. One
 * span: on a phone the cell is a flex line (tabla-apilada), where each loose piece would be an
 * item of its own that never wraps, and 'Cupo 118' ended past the screen's edge.
 */
function Detalle({ movimiento: m }: { movimiento: MovimientoStock }) {
  if (m.ticket === null) return <span>{m.observacion ?? ''}</span>;
  return (
    <span>
      {m.patente && <span className="text-nowrap">{m.patente}</span>}
      {m.patente && ' · '}
      <span className="text-nowrap">{T.ticket(m.ticket)}</span>
      {m.cupo !== null && (
        <>
          {' · '}
          <span className="text-nowrap">{T.cupo(m.cupo)}</span>
        </>
      )}
    </span>
  );
}
