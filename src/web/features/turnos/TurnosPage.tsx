/**
 * 'Turnos' (issue 24): a client's bookings with their vouchers; for the administrator, a unit's
 * day band by band, live, booking for any company, and its capacity calendar.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { SelectorUnidad } from '../../components/Selectores';
import { useSeleccion } from '../../lib/seleccion';
import { useSesion } from '../../lib/sesion';
import { despachosQuery } from './api';
import { CalendarioTurnos } from './CalendarioTurnos';
import { hoyMas } from './dias';
import { MisTurnos } from './MisTurnos';
import { OcupacionTurnos } from './OcupacionTurnos';
import { ReservarTurnoModal } from './ReservarTurnoModal';
import './turnos.css';

function TurnosAdministrador() {
  const { unineg, empresas, codempre } = useSeleccion();
  const [reservando, setReservando] = useState(false);
  const despachos = useQuery(despachosQuery(unineg));
  const [coddespacho, setCoddespacho] = useState<number | null>(null);
  const [fecha, setFecha] = useState(() => hoyMas(0));
  // A type of another unit (the unit just changed) means the unit's general calendar.
  const tipo = despachos.data?.some((d) => d.coddespacho === coddespacho) ? coddespacho : null;
  return (
    <>
      <Row className="g-2 align-items-end mb-3">
        <Col xs={12} md={3}>
          <SelectorUnidad />
        </Col>
        <Col xs={12} md={3}>
          <Form.Group controlId="turnos-despacho">
            <Form.Label>Tipo de despacho</Form.Label>
            <Form.Select
              value={tipo ?? ''}
              onChange={(e) => setCoddespacho(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Toda la unidad (calendario general)</option>
              {(despachos.data ?? []).map((d) => (
                <option key={d.coddespacho} value={d.coddespacho}>
                  {d.nomdespacho}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} md={2}>
          <Form.Group controlId="turnos-fecha">
            <Form.Label>Día</Form.Label>
            <Form.Control
              type="date"
              value={fecha}
              required
              onChange={(e) => setFecha(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md="auto" className="ms-md-auto">
          <Button onClick={() => setReservando(true)} disabled={unineg === undefined}>
            Reservar turno
          </Button>
        </Col>
      </Row>
      {reservando && unineg !== undefined && (
        <ReservarTurnoModal
          empresas={{ lista: empresas, inicial: codempre }}
          unineg={unineg}
          desde={hoyMas(0)}
          hasta={hoyMas(30)}
          onCerrar={() => setReservando(false)}
        />
      )}
      <OcupacionTurnos unineg={unineg} coddespacho={tipo} fecha={fecha} />
      <CalendarioTurnos unineg={unineg} coddespacho={tipo} fecha={fecha} />
    </>
  );
}

export function TurnosPage() {
  const { esAdministrador } = useSesion();
  return (
    <>
      <h1 className="h3 mb-3">Turnos</h1>
      {esAdministrador ? <TurnosAdministrador /> : <MisTurnos />}
    </>
  );
}
