/**
 * A client's bookings (issue 24, points 2 and 5): its company's, in a day range and unit, with
 * state, code and the voucher; 'Reservar turno', and each booking's change and cancel.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { Turno } from '../../../shared/contracts/turnos';
import { diaConSemana, franjaHoraria } from '../../../shared/formato';
import { ESTADOS_TURNO_TEXTO } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { useConfirmar } from '../../components/Confirmar';
import { SelectorUnidad } from '../../components/Selectores';
import { mensajeDeError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSeleccion } from '../../lib/seleccion';
import { useSesion } from '../../lib/sesion';
import { cancelarMutation, direccionPdf, turnosQuery } from './api';
import { hoyMas } from './dias';
import { ReservarTurnoModal } from './ReservarTurnoModal';
import '../../components/tabla-tarjetas.css';

export function MisTurnos() {
  const sesion = useSesion();
  const { unineg } = useSeleccion();
  const [desde, setDesde] = useState(() => hoyMas(0));
  const [hasta, setHasta] = useState(() => hoyMas(14));
  const [dialogo, setDialogo] = useState<{ cambiar?: Turno } | null>(null);
  const confirmar = useConfirmar();
  const filtros =
    unineg !== undefined && desde && hasta && desde <= hasta ? { desde, hasta, unineg } : undefined;
  const turnos = useQuery(turnosQuery(filtros));
  const cancelar = useMutation({
    ...cancelarMutation,
    onSuccess: (t) => avisos.exito(`Turno ${t.codigo} cancelado`),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });

  const pedirCancelar = async (t: Turno) => {
    if (
      await confirmar(
        `¿Cancelar el turno ${t.codigo} del ${diaConSemana(t.fecha)}, ${franjaHoraria(t.hora)}?`,
        { accion: 'Cancelar turno', peligro: true },
      )
    ) {
      cancelar.mutate({ turno: t.id });
    }
  };

  return (
    <>
      <Row className="g-2 align-items-end mb-3">
        <Col xs={12} md={3}>
          <SelectorUnidad />
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId="turnos-desde">
            <Form.Label>Desde</Form.Label>
            <Form.Control type="date" value={desde} onChange={(e) => setDesde(e.target.value)} />
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId="turnos-hasta">
            <Form.Label>Hasta</Form.Label>
            <Form.Control type="date" value={hasta} onChange={(e) => setHasta(e.target.value)} />
          </Form.Group>
        </Col>
        <Col xs={12} md="auto" className="ms-md-auto">
          <Button onClick={() => setDialogo({})} disabled={unineg === undefined}>
            Reservar turno
          </Button>
        </Col>
      </Row>
      {filtros === undefined ? (
        <Alert variant="warning">Elija un rango de días válido.</Alert>
      ) : turnos.isPending ? (
        <Cargando />
      ) : turnos.isError ? (
        <AlgoSalioMal />
      ) : turnos.data.length === 0 ? (
        <p className="text-body-secondary">No hay turnos en esos días.</p>
      ) : (
        <Table className="tabla-tarjetas align-middle" hover>
          <thead>
            <tr>
              <th scope="col">Código</th>
              <th scope="col">Día</th>
              <th scope="col">Franja</th>
              <th scope="col">Cupo</th>
              <th scope="col">Estado</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {turnos.data.map((t) => (
              <tr key={t.id} data-codigo={t.codigo}>
                <th scope="row" className="font-monospace">
                  {t.codigo}
                </th>
                <td data-etiqueta="Día">
                  <span className="valor">{diaConSemana(t.fecha)}</span>
                </td>
                <td data-etiqueta="Franja">
                  <span className="valor">{franjaHoraria(t.hora)}</span>
                </td>
                <td data-etiqueta="Cupo">
                  <span className="valor">N° {t.cupo}</span>
                </td>
                <td data-etiqueta="Estado">
                  <span className="valor">{ESTADOS_TURNO_TEXTO[t.estado]}</span>
                </td>
                <td className="celda-acciones text-end">
                  <div className="d-flex flex-wrap gap-2 justify-content-end">
                    <Link
                      className="btn btn-sm btn-outline-primary"
                      to={paths.comprobanteTurno(t.codigo)}
                    >
                      Comprobante
                    </Link>
                    <a className="btn btn-sm btn-outline-secondary" href={direccionPdf(t.codigo)}>
                      PDF
                    </a>
                    {t.estado === 'reservado' && (
                      <>
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          onClick={() => setDialogo({ cambiar: t })}
                        >
                          Cambiar
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => void pedirCancelar(t)}
                        >
                          Cancelar
                        </Button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {dialogo && unineg !== undefined && (
        <ReservarTurnoModal
          codempre={sesion.codempre}
          unineg={unineg}
          desde={hoyMas(0)}
          hasta={hoyMas(30)}
          turnos={turnos.data ?? []}
          cambiar={dialogo.cambiar}
          onCerrar={() => setDialogo(null)}
        />
      )}
    </>
  );
}
