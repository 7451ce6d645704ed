/**
 * 'Unidades de negocio' (issue 21, administrators only): the terminal's business units with their
 * dispatch types. Create, rename, deactivate or activate again, and delete what nothing uses;
 * a refusal says why. Below 576 px each unit is a card (tabla-apilada.css).
 */
import '../../components/tabla-apilada.css';
import './unidades.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { DespachoAdministrado, UnidadAdministrada } from '../../../shared/contracts/unidades';
import { TEXTOS_UNIDADES as T } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { useConfirmar } from '../../components/Confirmar';
import { mensajeDeError } from '../../lib/api-client';
import {
  activoDespachoMutation,
  activoUnidadMutation,
  eliminarDespachoMutation,
  eliminarUnidadMutation,
  unidadesQuery,
} from './api';
import { DialogoDespacho, DialogoNombre, type Dialogo } from './Dialogos';

export function UnidadesPage() {
  const unidades = useQuery(unidadesQuery);
  const confirmar = useConfirmar();
  const [dialogo, setDialogo] = useState<Dialogo | null>(null);
  const [fallo, setFallo] = useState<string | null>(null);

  const alFallar = { onError: (e: Error) => setFallo(mensajeDeError(e)) };
  const activoUnidad = useMutation({
    ...activoUnidadMutation,
    ...alFallar,
    onSuccess: (u) => avisos.exito(u.activo ? T.activada(u.unineg) : T.desactivada(u.unineg)),
  });
  const eliminarUnidad = useMutation({ ...eliminarUnidadMutation, ...alFallar });
  const activoDespacho = useMutation({
    ...activoDespachoMutation,
    ...alFallar,
    onSuccess: (d) =>
      avisos.exito(
        d.activo ? T.despachoActivado(d.nomdespacho) : T.despachoDesactivado(d.nomdespacho),
      ),
  });
  const eliminarDespacho = useMutation({ ...eliminarDespachoMutation, ...alFallar });
  const ocupado =
    activoUnidad.isPending ||
    eliminarUnidad.isPending ||
    activoDespacho.isPending ||
    eliminarDespacho.isPending;

  /** Asks first when the act takes something away; the button names the act. */
  async function hacer(pregunta: string | null, accion: string, acto: () => void) {
    if (pregunta && !(await confirmar(pregunta, { accion, peligro: true }))) return;
    setFallo(null);
    acto();
  }

  const accionesUnidad = (u: UnidadAdministrada): AccionesUnidad => ({
    renombrar: () => setDialogo({ tipo: 'renombrar', unidad: u }),
    nuevoDespacho: () => setDialogo({ tipo: 'nuevoDespacho', unidad: u }),
    activo: () =>
      void hacer(u.activo ? T.confirmarDesactivar(u.unineg) : null, T.desactivar, () =>
        activoUnidad.mutate({ ctrl: u.ctrl, activo: !u.activo }),
      ),
    eliminar: () =>
      void hacer(T.confirmarEliminar(u.unineg), T.eliminar, () =>
        eliminarUnidad.mutate(
          { ctrl: u.ctrl },
          { onSuccess: () => avisos.exito(T.eliminada(u.unineg)) },
        ),
      ),
  });

  const accionesDespacho = (u: UnidadAdministrada, d: DespachoAdministrado): AccionesDespacho => ({
    renombrar: () => setDialogo({ tipo: 'renombrarDespacho', unidad: u, despacho: d }),
    activo: () =>
      void hacer(
        d.activo ? T.confirmarDesactivarDespacho(d.nomdespacho, u.unineg) : null,
        T.desactivar,
        () => activoDespacho.mutate({ coddespacho: d.coddespacho, activo: !d.activo }),
      ),
    eliminar: () =>
      void hacer(T.confirmarEliminarDespacho(d.nomdespacho, u.unineg), T.eliminar, () =>
        eliminarDespacho.mutate(
          { coddespacho: d.coddespacho },
          { onSuccess: () => avisos.exito(T.despachoEliminado(d.nomdespacho)) },
        ),
      ),
  });

  let contenido;
  if (unidades.isError) contenido = <AlgoSalioMal error={unidades.error} />;
  else if (unidades.isPending) contenido = <Cargando />;
  else {
    contenido = (
      <Table hover size="sm" className="align-middle bg-white tabla-apilada tabla-unidades">
        <caption className="visually-hidden">{T.titulo}</caption>
        <thead>
          <tr>
            <th className="text-end">{T.codigo}</th>
            <th>{T.nombre}</th>
            <th>{T.estado}</th>
            <th>{T.despachos}</th>
            <th>
              <span className="visually-hidden">{T.acciones}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {unidades.data.length === 0 ? (
            <tr>
              <td colSpan={5} className="text-center text-secondary py-3">
                {T.sinUnidades}
              </td>
            </tr>
          ) : (
            unidades.data.map((u) => (
              <FilaUnidad
                key={u.ctrl}
                unidad={u}
                ocupado={ocupado}
                acciones={accionesUnidad(u)}
                accionesDespacho={(d) => accionesDespacho(u, d)}
              />
            ))
          )}
        </tbody>
      </Table>
    );
  }

  return (
    // A handful of units: stretched over a wide screen the types' actions drift away from them.
    <section style={{ maxWidth: '64rem' }}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 className="titulo-pantalla mb-0">{T.titulo}</h1>
        <Button onClick={() => setDialogo({ tipo: 'nueva' })}>{T.nueva}</Button>
      </div>
      <p className="text-secondary small">{T.ayudaInactiva}</p>
      {fallo && (
        <Alert variant="danger" dismissible onClose={() => setFallo(null)} closeLabel={T.cerrar}>
          {fallo}
        </Alert>
      )}
      {contenido}

      {dialogo?.tipo === 'nuevoDespacho' ? (
        <DialogoDespacho unidad={dialogo.unidad} onCerrar={() => setDialogo(null)} />
      ) : dialogo ? (
        <DialogoNombre dialogo={dialogo} onCerrar={() => setDialogo(null)} />
      ) : null}
    </section>
  );
}

interface AccionesDespacho {
  renombrar: () => void;
  activo: () => void;
  eliminar: () => void;
}

interface AccionesUnidad extends AccionesDespacho {
  nuevoDespacho: () => void;
}

function FilaUnidad(props: {
  unidad: UnidadAdministrada;
  ocupado: boolean;
  acciones: AccionesUnidad;
  accionesDespacho: (d: DespachoAdministrado) => AccionesDespacho;
}) {
  const { unidad: u, acciones: a } = props;
  return (
    <tr data-unidad={u.ctrl} className={u.activo ? undefined : 'unidad-inactiva'}>
      <td className="text-end" data-etiqueta={T.codigo}>
        {u.ctrl}
      </td>
      <td data-etiqueta={T.nombre} className="fw-semibold text-break">
        {u.unineg}
      </td>
      <td data-etiqueta={T.estado}>
        {u.activo ? (
          <Badge bg="success">{T.activa}</Badge>
        ) : (
          <Badge bg="secondary">{T.inactiva}</Badge>
        )}
      </td>
      <td data-etiqueta={T.despachos} className="celda-despachos">
        {u.despachos.length === 0 ? (
          <span className="text-secondary small">{T.sinDespachos}</span>
        ) : (
          <ul className="list-unstyled mb-0" aria-label={`${T.despachos} de ${u.unineg}`}>
            {u.despachos.map((d) => (
              <ItemDespacho
                key={d.coddespacho}
                unidad={u}
                despacho={d}
                ocupado={props.ocupado}
                acciones={props.accionesDespacho(d)}
              />
            ))}
          </ul>
        )}
      </td>
      <td className="text-end celda-acciones">
        <MenuAcciones
          id={`acciones-unidad-${u.ctrl}`}
          etiqueta={T.accionesDe(u.unineg)}
          variante="outline-primary"
          ocupado={props.ocupado}
          activo={u.activo}
          acciones={a}
        />
      </td>
    </tr>
  );
}

function ItemDespacho(props: {
  unidad: UnidadAdministrada;
  despacho: DespachoAdministrado;
  ocupado: boolean;
  acciones: AccionesDespacho;
}) {
  const { despacho: d, acciones: a } = props;
  return (
    <li className="item-despacho" data-despacho={d.coddespacho}>
      <span className={d.activo ? undefined : 'text-secondary'}>
        {d.nomdespacho}{' '}
        <span className="small text-secondary">
          ({d.envase === 'N' ? T.aGranel : T.enEnvases}){' '}
        </span>
        {!d.activo && <Badge bg="secondary">{T.inactivo}</Badge>}
      </span>
      <MenuAcciones
        id={`acciones-despacho-${d.coddespacho}`}
        etiqueta={`${T.accionesDe(d.nomdespacho)} (${props.unidad.unineg})`}
        variante="link"
        ocupado={props.ocupado}
        activo={d.activo}
        acciones={a}
      />
    </li>
  );
}

/**
 * The actions of a unit or a dispatch type: rename, (a unit: a new type), and apart, what takes
 * it out of use — deactivate (or activate again) and delete.
 */
function MenuAcciones(props: {
  id: string;
  etiqueta: string;
  variante: 'outline-primary' | 'link';
  ocupado: boolean;
  activo: boolean;
  acciones: AccionesDespacho & Partial<AccionesUnidad>;
}) {
  const a = props.acciones;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        size="sm"
        variant={props.variante}
        className={props.variante === 'link' ? 'py-0' : undefined}
        id={props.id}
        disabled={props.ocupado}
        aria-label={props.etiqueta}
      >
        {props.ocupado && props.variante === 'link' ? (
          <Spinner size="sm" aria-hidden="true" />
        ) : (
          T.acciones
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={a.renombrar}>
          {T.renombrar}
        </Dropdown.Item>
        {a.nuevoDespacho && (
          <Dropdown.Item as="button" onClick={a.nuevoDespacho}>
            {T.nuevoDespacho}
          </Dropdown.Item>
        )}
        <Dropdown.Divider />
        <Dropdown.Item
          as="button"
          onClick={a.activo}
          className={props.activo ? 'text-danger' : undefined}
        >
          {props.activo ? T.desactivar : T.activar}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={a.eliminar} className="text-danger">
          {T.eliminar}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
