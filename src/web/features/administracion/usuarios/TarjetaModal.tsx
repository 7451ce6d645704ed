/**
 * The card just issued, shown once: its grid of coordinates, its number and a PDF to print. The
 * values live only in this dialog's props (the page's state): closing it drops them.
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { TarjetaEmitida } from '../../../../shared/contracts/administracion';
import { fechaDdMmAaaaHhMm } from '../../../../shared/formato';
import { avisos } from '../../../components/avisos';
import { mensajeDeError } from '../../../lib/api-client';
import { descargarTarjetaPdf } from './api';
import { TEXTOS_USUARIOS as T } from './textos';

/** Letters (rows) and positions (columns) as the card has them: A-J by 1-5. */
function grilla(celdas: Record<string, number>) {
  const claves = Object.keys(celdas);
  const letras = [...new Set(claves.map((c) => c[0]!))].sort();
  const posiciones = [...new Set(claves.map((c) => Number(c.slice(1))))].sort((a, b) => a - b);
  return { letras, posiciones };
}

export function TarjetaModal(props: { tarjeta: TarjetaEmitida; onCerrar: () => void }) {
  const { tarjeta } = props;
  const { letras, posiciones } = grilla(tarjeta.celdas);
  const [descargando, setDescargando] = useState(false);
  const [fallo, setFallo] = useState<string | null>(null);

  async function descargar() {
    setFallo(null);
    setDescargando(true);
    try {
      await descargarTarjetaPdf({
        usuario: tarjeta.usuario,
        ctrltarjeta: tarjeta.ctrltarjeta,
        celdas: tarjeta.celdas,
      });
      avisos.exito(T.pdfDescargado);
    } catch (e) {
      setFallo(`${T.errorPdf} ${mensajeDeError(e)}`);
    } finally {
      setDescargando(false);
    }
  }

  return (
    <Modal
      show
      onHide={props.onCerrar}
      // A click beside it must not throw the values away: only Cerrar (or Escape) does.
      backdrop="static"
      centered
      aria-labelledby="tarjeta-titulo"
    >
      <Modal.Header closeButton closeLabel={T.cerrar}>
        <Modal.Title id="tarjeta-titulo" as="h2" className="h5">
          {T.tarjetaDe(tarjeta.usuario)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning" className="small">
          {T.unaSolaVez}
        </Alert>
        <dl className="d-flex flex-wrap gap-3 mb-2">
          <div>
            <dt className="small text-secondary fw-normal">{T.numeroTarjeta}</dt>
            <dd className="mb-0 fs-5 fw-semibold" data-testid="tarjeta-numero">
              {tarjeta.ctrltarjeta}
            </dd>
          </div>
          <div>
            <dt className="small text-secondary fw-normal">{T.emitida}</dt>
            <dd className="mb-0">{fechaDdMmAaaaHhMm(tarjeta.emitida)}</dd>
          </div>
        </dl>
        <Table bordered size="sm" className="text-center mb-2 tabla-tarjeta">
          <caption className="visually-hidden">{T.grilla(tarjeta.usuario)}</caption>
          <thead>
            <tr>
              <td />
              {posiciones.map((p) => (
                <th key={p} scope="col">
                  {p}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {letras.map((l) => (
              <tr key={l}>
                <th scope="row">{l}</th>
                {posiciones.map((p) => (
                  <td key={p} className="font-monospace" data-celda={`${l}${p}`}>
                    {tarjeta.celdas[`${l}${p}`]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
        {fallo && (
          <Alert variant="danger" role="alert" className="mb-0">
            {fallo}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={() => void descargar()} disabled={descargando}>
          {descargando && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {descargando ? T.descargando : T.descargarPdf}
        </Button>
        <Button variant="secondary" onClick={props.onCerrar}>
          {T.cerrar}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
