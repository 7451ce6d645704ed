/**
 * A coordinate card just issued, shown once: its number, when it was issued, its grid of values,
 * and the download of its PDF. The administration shows it in a dialog (TarjetaModal), the
 * set-up on its page; the values live only in the props: whoever holds them decides when they go.
 */
import './tarjeta-emitida.css';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { TarjetaEmitida } from '../../shared/contracts/auth';
import { fechaDdMmAaaaHhMm } from '../../shared/formato';
import { TEXTOS_TARJETA as T } from '../../shared/textos';
import { mensajeDeError } from '../lib/api-client';
import { descargarTarjetaPdf, type RutaTarjetaPdf } from '../lib/tarjeta-pdf';
import { avisos } from './avisos';

/** Letters (rows) and positions (columns) as the card has them: A-J by 1-5. */
function grilla(celdas: Record<string, number>) {
  const claves = Object.keys(celdas);
  const letras = [...new Set(claves.map((c) => c[0]!))].sort();
  const posiciones = [...new Set(claves.map((c) => Number(c.slice(1))))].sort((a, b) => a - b);
  return { letras, posiciones };
}

/** The warning, the card's number and date, and its fifty values. */
export function DatosTarjeta({ tarjeta }: { tarjeta: TarjetaEmitida }) {
  const { letras, posiciones } = grilla(tarjeta.celdas);
  return (
    <>
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
    </>
  );
}

/**
 * The download of the card's PDF through `ruta`: the button, and the reason in Spanish when it
 * fails (the card stays on screen).
 */
export function useDescargaTarjeta(tarjeta: TarjetaEmitida, ruta: RutaTarjetaPdf) {
  const [descargando, setDescargando] = useState(false);
  const [fallo, setFallo] = useState<string | null>(null);

  async function descargar() {
    setFallo(null);
    setDescargando(true);
    try {
      await descargarTarjetaPdf(ruta, {
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

  const boton = (
    <Button variant="primary" onClick={() => void descargar()} disabled={descargando}>
      {descargando && <Spinner size="sm" className="me-2" aria-hidden="true" />}
      {descargando ? T.descargando : T.descargarPdf}
    </Button>
  );
  const aviso = fallo && (
    <Alert variant="danger" role="alert" className="mb-0">
      {fallo}
    </Alert>
  );
  return { boton, aviso };
}
