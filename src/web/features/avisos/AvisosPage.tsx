/**
 * 'Avisos' (issue 25, administrators only): the outbox of e-mails and webhooks, newest first,
 * by state (pending, also between retries; sent; failed after the last try), one page after
 * another; 'Reenviar' puts a failed notice back in the queue after a confirmation. Without
 * SMTP_URL the screen says that e-mail is off (the list's `correoActivo`).
 */
import '../../components/tabla-tarjetas.css';
import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { EstadoAviso, FilaAviso } from '../../../shared/contracts/avisos';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { MENSAJES_AVISOS, nombreEvento } from '../../../shared/textos';
import { MasAntiguos } from '../../components/MasAntiguos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { useConfirmar } from '../../components/Confirmar';
import { mensajeDeError } from '../../lib/api-client';
import { avisosQuery, reenviarAvisoMutation } from './api';
import { ESTADOS, TEXTOS_AVISOS as T } from './textos';

const COLOR_ESTADO: Record<EstadoAviso, string> = {
  pendiente: 'warning',
  enviado: 'success',
  fallido: 'danger',
};

const destinoDe = (a: FilaAviso) => a.destinoNombre ?? T.destinoBorrado(a.canal, a.destino);

export function AvisosPage() {
  const [estado, setEstado] = useState<EstadoAviso | undefined>(undefined);
  const consulta = useInfiniteQuery({ ...avisosQuery(estado), placeholderData: keepPreviousData });
  const confirmar = useConfirmar();
  const [fallo, setFallo] = useState<string | null>(null);
  const reenviar = useMutation({
    ...reenviarAvisoMutation,
    onSuccess: (_r, id) => avisos.exito(T.reenviado(id)),
    onError: (e) => setFallo(mensajeDeError(e)),
  });

  const pedirReenvio = async (a: FilaAviso) => {
    setFallo(null);
    if (
      await confirmar(T.confirmarReenviar(a.id, nombreEvento(a.evento), destinoDe(a)), {
        accion: T.reenviar,
      })
    ) {
      reenviar.mutate(a.id);
    }
  };

  const primera = consulta.data?.pages[0];
  const filas = consulta.data?.pages.flatMap((p) => p.filas) ?? [];

  let contenido;
  if (consulta.isPending) contenido = <Cargando />;
  else if (consulta.isError && filas.length === 0) {
    contenido = <AlgoSalioMal texto={mensajeDeError(consulta.error)} error={consulta.error} />;
  } else if (filas.length === 0) {
    contenido = (
      <p className="text-secondary py-3">
        {estado ? T.sinAvisosEstado(T.estados[estado]) : T.sinAvisos}
      </p>
    );
  } else {
    contenido = (
      <>
        <p className="small text-secondary mb-2" role="status">
          {T.cantidad(filas.length, consulta.hasNextPage)}
          {consulta.isFetching && !consulta.isFetchingNextPage && (
            <Spinner size="sm" className="ms-2" aria-label="Actualizando" animation="border" />
          )}
        </p>
        <TablaAvisos
          filas={filas}
          ocupado={reenviar.isPending ? reenviar.variables : null}
          onReenviar={(a) => void pedirReenvio(a)}
        />
        {consulta.isError && (
          <AlgoSalioMal texto={mensajeDeError(consulta.error)} error={consulta.error} />
        )}
        <MasAntiguos
          consulta={consulta}
          boton={T.masAntiguos}
          noHayMas={T.noHayMas}
          margen="mb-3"
        />
      </>
    );
  }

  return (
    <section>
      <h1 className="titulo-pantalla">{T.titulo}</h1>
      <p className="small text-secondary">{T.ayuda}</p>
      {primera && !primera.correoActivo && (
        <Alert variant="warning">{MENSAJES_AVISOS.correoDesactivado}</Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={T.filtro}>
        <Button
          size="sm"
          variant={estado === undefined ? 'primary' : 'outline-primary'}
          aria-pressed={estado === undefined}
          onClick={() => setEstado(undefined)}
        >
          {T.todos}
        </Button>
        {ESTADOS.map((e) => (
          <Button
            key={e}
            size="sm"
            variant={estado === e ? 'primary' : 'outline-primary'}
            aria-pressed={estado === e}
            onClick={() => setEstado(e)}
          >
            {T.estados[e]}
            {primera && ' '}
            {primera && (
              <Badge bg={estado === e ? 'light' : COLOR_ESTADO[e]} text="dark" className="ms-2">
                {primera.cuentas[e]}
              </Badge>
            )}
          </Button>
        ))}
      </div>
      {fallo && (
        <Alert variant="danger" dismissible onClose={() => setFallo(null)} closeLabel={T.cerrar}>
          {fallo}
        </Alert>
      )}
      {contenido}
    </section>
  );
}

function TablaAvisos(props: {
  filas: FilaAviso[];
  ocupado: number | null | undefined;
  onReenviar: (a: FilaAviso) => void;
}) {
  const C = T.columnas;
  return (
    // Below 768 px each row becomes a card (tabla-tarjetas.css): nothing scrolls sideways.
    <Table hover size="sm" className="align-middle bg-white tabla-tarjetas">
      <caption className="visually-hidden">{T.tabla}</caption>
      <thead>
        <tr>
          <th>{C.evento}</th>
          <th>{C.canal}</th>
          <th>{C.destino}</th>
          <th>{C.estado}</th>
          <th className="text-end">{C.intentos}</th>
          <th>{C.error}</th>
          <th>{C.creado}</th>
          <th>{C.enviado}</th>
          <th>{C.proximo}</th>
          <th>
            <span className="visually-hidden">{C.acciones}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.filas.map((a) => (
          <tr key={a.id}>
            <th scope="row" className="fw-semibold">
              <span>{nombreEvento(a.evento)}</span>
              <span className="text-secondary fw-normal small ms-1">#{a.id}</span>
            </th>
            <td data-etiqueta={C.canal}>
              <span className="valor">{T.canal[a.canal]}</span>
            </td>
            <td data-etiqueta={C.destino} className="text-break">
              <span className="valor">{destinoDe(a)}</span>
            </td>
            <td data-etiqueta={C.estado}>
              <span className="valor">
                <Badge
                  bg={COLOR_ESTADO[a.estado]}
                  text={a.estado === 'pendiente' ? 'dark' : undefined}
                >
                  {T.estado[a.estado]}
                </Badge>
              </span>
            </td>
            <td data-etiqueta={C.intentos} className="text-end">
              <span className="valor">{a.intentos}</span>
            </td>
            <td data-etiqueta={C.error} className="small">
              {a.ultimoError && <span className="valor">{a.ultimoError}</span>}
            </td>
            <td data-etiqueta={C.creado} className="text-nowrap">
              <span className="valor">{fechaDdMmAaaaHhMm(a.creado)}</span>
            </td>
            <td data-etiqueta={C.enviado} className="text-nowrap">
              {a.enviado && <span className="valor">{fechaDdMmAaaaHhMm(a.enviado)}</span>}
            </td>
            <td data-etiqueta={C.proximo} className="text-nowrap">
              {a.estado === 'pendiente' && (
                <span className="valor">
                  {a.proximoIntento ? fechaDdMmAaaaHhMm(a.proximoIntento) : T.enCola}
                </span>
              )}
            </td>
            <td className="celda-acciones text-end">
              {a.estado === 'fallido' && (
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={props.ocupado === a.id}
                  onClick={() => props.onReenviar(a)}
                  aria-label={T.reenviarDe(a.id)}
                >
                  {props.ocupado === a.id && (
                    <Spinner size="sm" className="me-1" aria-hidden="true" />
                  )}
                  {T.reenviar}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
