/**
 * A booking's voucher as a driver shows it on the phone (issue 24, point 2): public by the turn
 * code (docs/security.md), only what the printed voucher shows: the code large, the QR, the
 * company, quota, product, day, band and plate if known.
 */
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import { diaConSemana, franjaHoraria } from '../../../shared/formato';
import { ESTADOS_TURNO_TEXTO } from '../../../shared/textos';
import { Cargando } from '../../components/Cargando';
import { mensajeDeError } from '../../lib/api-client';
import { comprobanteQuery, direccionPdf } from './api';
import { CodigoQr } from './CodigoQr';
import './turnos.css';

export function ComprobantePage() {
  const { codigo = '' } = useParams();
  const comprobante = useQuery(comprobanteQuery(codigo.toUpperCase()));
  if (comprobante.isPending) {
    return (
      <main className="comprobante-turno">
        <Cargando />
      </main>
    );
  }
  if (comprobante.isError) {
    return (
      <main className="comprobante-turno">
        <Alert variant="danger">{mensajeDeError(comprobante.error)}</Alert>
      </main>
    );
  }
  const c = comprobante.data;
  return (
    <main className="comprobante-turno">
      <header className="comprobante-cabecera">
        <div className="fw-bold">{c.terminal}</div>
        <h1 className="h6 mb-0">Comprobante de turno</h1>
      </header>
      <p className="comprobante-etiqueta">Código de turno</p>
      <p className="comprobante-codigo font-monospace" data-testid="codigo-turno">
        {c.codigo}
      </p>
      {c.estado !== 'reservado' && (
        <p className={`comprobante-estado estado-${c.estado}`}>{ESTADOS_TURNO_TEXTO[c.estado]}</p>
      )}
      <CodigoQr texto={c.codigo} titulo={`Código QR del turno ${c.codigo}`} />
      <dl className="comprobante-datos">
        <dt>Día</dt>
        <dd>{diaConSemana(c.fecha)}</dd>
        <dt>Franja</dt>
        <dd>{franjaHoraria(c.hora)}</dd>
        <dt>Empresa</dt>
        <dd>{c.empresa}</dd>
        <dt>Unidad</dt>
        <dd>
          {c.unidad} · {c.despacho}
        </dd>
        <dt>Cupo N°</dt>
        <dd>{c.cupo}</dd>
        <dt>Producto</dt>
        <dd>{c.producto || '—'}</dd>
        <dt>Patente</dt>
        <dd>{c.patente ?? 'a informar en la portería'}</dd>
      </dl>
      <a className="btn btn-outline-primary w-100 d-print-none" href={direccionPdf(c.codigo)}>
        Descargar PDF
      </a>
    </main>
  );
}
