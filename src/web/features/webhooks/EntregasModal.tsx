/**
 * An endpoint's delivery log (issue 25): each event sent to it, newest first — its state, tries,
 * the last try's HTTP status and time, the next try, the last error — one page after another;
 * 'Reenviar' puts a failed delivery back in the queue with the same webhook-id.
 */
import '../../components/tabla-tarjetas.css';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import type { EntregaWebhook, WebhookAdministrado } from '../../../shared/contracts/webhooks';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { nombreEvento } from '../../../shared/textos';
import { MasAntiguos } from '../../components/MasAntiguos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { useConfirmar } from '../../components/Confirmar';
import { mensajeDeError } from '../../lib/api-client';
import { entregasQuery, reenviarEntregaMutation } from './api';
import { TEXTOS_WEBHOOKS as T } from './textos';

const COLOR_ESTADO = { pendiente: 'warning', enviado: 'success', fallido: 'danger' } as const;

export function EntregasModal(props: { webhook: WebhookAdministrado; onCerrar: () => void }) {
  const { webhook } = props;
  const consulta = useInfiniteQuery(entregasQuery(webhook.id));
  const confirmar = useConfirmar();
  const [fallo, setFallo] = useState<string | null>(null);
  const reenviar = useMutation({
    ...reenviarEntregaMutation,
    onSuccess: (_r, { entrega }) => avisos.exito(T.reenviada(`msg_${entrega}`)),
    onError: (e) => setFallo(mensajeDeError(e)),
  });
  const pedirReenvio = async (e: EntregaWebhook) => {
    setFallo(null);
    if (await confirmar(T.confirmarReenviar(e.idMensaje), { accion: T.reenviar })) {
      reenviar.mutate({ id: webhook.id, entrega: e.entrega });
    }
  };
  const filas = consulta.data?.pages.flatMap((p) => p.filas) ?? [];
  const C = T.columnasEntregas;

  let contenido;
  if (consulta.isPending) contenido = <Cargando />;
  else if (consulta.isError && filas.length === 0) {
    contenido = <AlgoSalioMal texto={mensajeDeError(consulta.error)} error={consulta.error} />;
  } else if (filas.length === 0) {
    contenido = <p className="text-secondary py-3 mb-0">{T.sinEntregasLog}</p>;
  } else {
    contenido = (
      <>
        <Table hover size="sm" className="align-middle bg-white tabla-tarjetas">
          <caption className="visually-hidden">{T.tablaEntregas}</caption>
          <thead>
            <tr>
              <th>{C.evento}</th>
              <th>{C.id}</th>
              <th>{C.estado}</th>
              <th className="text-end">{C.intentos}</th>
              <th className="text-end">{C.http}</th>
              <th>{C.ultimoIntento}</th>
              <th>{C.proximo}</th>
              <th>{C.error}</th>
              <th>
                <span className="visually-hidden">{C.acciones}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {filas.map((e) => (
              <tr key={e.entrega}>
                <th scope="row" className="fw-semibold">
                  {nombreEvento(e.evento)}
                </th>
                <td data-etiqueta={C.id} className="font-monospace small">
                  <span className="valor">{e.idMensaje}</span>
                </td>
                <td data-etiqueta={C.estado}>
                  <span className="valor">
                    <Badge
                      bg={COLOR_ESTADO[e.estado]}
                      text={e.estado === 'pendiente' ? 'dark' : undefined}
                    >
                      {T.estado[e.estado]}
                    </Badge>
                  </span>
                </td>
                <td data-etiqueta={C.intentos} className="text-end">
                  <span className="valor">{e.intentos}</span>
                </td>
                <td data-etiqueta={C.http} className="text-end">
                  {e.ultimoIntento && (
                    <span className="valor">{e.http === null ? T.sinRespuesta : e.http}</span>
                  )}
                </td>
                <td data-etiqueta={C.ultimoIntento} className="text-nowrap">
                  {e.ultimoIntento && (
                    <span className="valor">{fechaDdMmAaaaHhMm(e.ultimoIntento)}</span>
                  )}
                </td>
                <td data-etiqueta={C.proximo} className="text-nowrap">
                  {e.estado === 'pendiente' && (
                    <span className="valor">
                      {e.proximoIntento ? fechaDdMmAaaaHhMm(e.proximoIntento) : T.enCola}
                    </span>
                  )}
                </td>
                <td data-etiqueta={C.error} className="small">
                  {e.ultimoError && <span className="valor">{e.ultimoError}</span>}
                </td>
                <td className="celda-acciones text-end">
                  {e.estado === 'fallido' && (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={reenviar.isPending && reenviar.variables.entrega === e.entrega}
                      onClick={() => void pedirReenvio(e)}
                      aria-label={T.reenviarDe(e.idMensaje)}
                    >
                      {T.reenviar}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        {consulta.isError && (
          <AlgoSalioMal texto={mensajeDeError(consulta.error)} error={consulta.error} />
        )}
        <MasAntiguos consulta={consulta} boton={T.masAntiguas} noHayMas={T.noHayMas} />
      </>
    );
  }

  return (
    <Modal
      show
      onHide={props.onCerrar}
      size="xl"
      fullscreen="md-down"
      aria-labelledby="webhook-entregas-titulo"
    >
      <Modal.Header closeButton closeLabel={T.cerrar}>
        <Modal.Title id="webhook-entregas-titulo" as="h2" className="h5 text-break">
          {T.entregasDe(webhook.url)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {fallo && (
          <Alert variant="danger" dismissible onClose={() => setFallo(null)} closeLabel={T.cerrar}>
            {fallo}
          </Alert>
        )}
        {contenido}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onCerrar}>
          {T.cerrar}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
