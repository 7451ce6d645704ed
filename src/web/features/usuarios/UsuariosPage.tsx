/**
 * 'Usuarios y tarjetas' (issue 14, screens 1-2), for the terminal's administrators: every user
 * with its company, units, lock, card, last sign-in and open sessions; create users, change
 * their units, deactivate, unlock, close their sessions and issue their coordinate cards.
 */
import '../../components/tabla-tarjetas.css';
import './usuarios.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { TarjetaEmitida } from '../../../shared/contracts/auth';
import type { UsuarioAdministrado } from '../../../shared/contracts/usuarios';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { TEXTOS_UNIDADES as TU } from '../../../shared/textos';
import { useSesion } from '../../lib/sesion';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { useConfirmar } from '../../components/Confirmar';
import { mensajeDeError } from '../../lib/api-client';
import { useConReautenticacion } from '../../components/Reautenticacion';
import {
  cambiarActivoMutation,
  cerrarSesionesMutation,
  desbloquearMutation,
  emitirTarjeta,
  empresasQuery,
  recargarUsuarios,
  usuariosQuery,
} from './api';
import { filtrarUsuarios, SIN_FILTROS, type FiltrosUsuarios } from './filtros';
import { ModalUsuario, type ModoFormulario } from './ModalUsuario';
import { TarjetaModal } from './TarjetaModal';
import { TEXTOS_USUARIOS as T } from './textos';

export function UsuariosPage() {
  const client = useQueryClient();
  const sesion = useSesion();
  const usuarios = useQuery(usuariosQuery);
  const empresas = useQuery(empresasQuery);
  const confirmar = useConfirmar();
  const conReautenticacion = useConReautenticacion();
  const [filtros, setFiltros] = useState<FiltrosUsuarios>(SIN_FILTROS);
  const [formulario, setFormulario] = useState<ModoFormulario | null>(null);
  const [fallo, setFallo] = useState<string | null>(null);
  /** The card just issued: only here, never in a cache; closing its dialog drops it. */
  const [tarjeta, setTarjeta] = useState<TarjetaEmitida | null>(null);
  const [emitiendo, setEmitiendo] = useState<string | null>(null);

  const alFallar = { onError: (e: Error) => setFallo(mensajeDeError(e)) };
  const activo = useMutation({
    ...cambiarActivoMutation,
    ...alFallar,
    onSuccess: ({ cerradas }, { usuario, activo: ahora }) =>
      avisos.exito(ahora ? T.reactivado(usuario) : T.desactivado(usuario, cerradas)),
  });
  const desbloquear = useMutation({
    ...desbloquearMutation,
    ...alFallar,
    onSuccess: (_r, usuario) => avisos.exito(T.desbloqueado(usuario)),
  });
  const cerrarSesiones = useMutation({
    ...cerrarSesionesMutation,
    ...alFallar,
    onSuccess: ({ cerradas }, usuario) => avisos.exito(T.sesionesCerradas(usuario, cerradas)),
  });
  /** The user whose act is waiting for the server: its actions wait too. */
  const ocupado =
    emitiendo ??
    (activo.isPending ? activo.variables.usuario : null) ??
    (desbloquear.isPending ? desbloquear.variables : null) ??
    (cerrarSesiones.isPending ? cerrarSesiones.variables : null);

  async function confirmarY(mensaje: string, acto: string, hacer: () => void) {
    if (!(await confirmar(mensaje, { accion: acto, peligro: true }))) return;
    setFallo(null);
    hacer();
  }

  async function emitir(u: UsuarioAdministrado) {
    const mensaje = u.tarjeta ? T.confirmarReemitir(u.usuario) : T.confirmarEmitir(u.usuario);
    if (!(await confirmar(mensaje, { accion: u.tarjeta ? T.reemitirTarjeta : T.emitirTarjeta })))
      return;
    setFallo(null);
    setEmitiendo(u.usuario);
    try {
      const emitida = await conReautenticacion(() => emitirTarjeta(u.usuario));
      if (emitida) setTarjeta(emitida);
    } catch (e) {
      setFallo(mensajeDeError(e));
    } finally {
      setEmitiendo(null);
      recargarUsuarios(client);
    }
  }

  const acciones = (u: UsuarioAdministrado): Acciones => ({
    editarUnidades:
      u.codempre === 0 ? undefined : () => setFormulario({ tipo: 'unidades', usuario: u }),
    // Reissuing one's own card closes this session too: the values would be lost with it. Another
    // administrator (or the CLI) issues it.
    emitir: u.usuario === sesion.usuario ? undefined : () => void emitir(u),
    desbloquear: u.bloqueadoHasta ? () => desbloquear.mutate(u.usuario) : undefined,
    cerrarSesiones:
      u.sesionesAbiertas > 0
        ? () =>
            void confirmarY(
              u.usuario === sesion.usuario
                ? T.confirmarCerrarSesionesPropias
                : T.confirmarCerrarSesiones(u.usuario, u.sesionesAbiertas),
              T.cerrarSesiones,
              () => cerrarSesiones.mutate(u.usuario),
            )
        : undefined,
    // Nobody takes away their own access by mistake here.
    activo:
      u.usuario === sesion.usuario
        ? undefined
        : u.activo
          ? () =>
              void confirmarY(T.confirmarDesactivar(u.usuario), T.desactivar, () =>
                activo.mutate({ usuario: u.usuario, activo: false }),
              )
          : () => {
              setFallo(null);
              activo.mutate({ usuario: u.usuario, activo: true });
            },
  });

  const todos = usuarios.data ?? [];
  const lista = filtrarUsuarios(todos, filtros);
  const listaEmpresas = empresas.data ?? [];

  let contenido;
  if (usuarios.isError) contenido = <AlgoSalioMal error={usuarios.error} />;
  else if (usuarios.isPending) contenido = <Cargando />;
  else {
    contenido = (
      <>
        <p className="small text-secondary mb-2" role="status">
          {T.cantidad(lista.length, todos.length)}
          {usuarios.isFetching && (
            <Spinner size="sm" className="ms-2" aria-label="Actualizando" animation="border" />
          )}
        </p>
        <TablaUsuarios
          usuarios={lista}
          ocupado={ocupado}
          acciones={acciones}
          puedeEditar={empresas.isSuccess}
        />
      </>
    );
  }

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="titulo-pantalla mb-0">{T.titulo}</h1>
        <Button onClick={() => setFormulario({ tipo: 'nuevo' })} disabled={!empresas.isSuccess}>
          {T.nuevo}
        </Button>
      </div>

      <Filtros filtros={filtros} onCambiar={setFiltros} empresas={listaEmpresas} />
      {empresas.isError && (
        <AlgoSalioMal texto={mensajeDeError(empresas.error)} error={empresas.error} />
      )}

      {fallo && (
        <Alert variant="danger" dismissible onClose={() => setFallo(null)} closeLabel={T.cerrar}>
          {fallo}
        </Alert>
      )}

      {contenido}

      {formulario && (
        <ModalUsuario
          modo={formulario}
          empresas={listaEmpresas}
          onCerrar={() => setFormulario(null)}
        />
      )}
      {tarjeta && <TarjetaModal tarjeta={tarjeta} onCerrar={() => setTarjeta(null)} />}
    </section>
  );
}

function Filtros(props: {
  filtros: FiltrosUsuarios;
  onCambiar: (f: FiltrosUsuarios) => void;
  empresas: readonly EmpresaAdministrada[];
}) {
  const { filtros: f } = props;
  const cambiar = (parte: Partial<FiltrosUsuarios>) => props.onCambiar({ ...f, ...parte });
  return (
    <Form className="row g-2 mb-3" role="search" onSubmit={(e) => e.preventDefault()}>
      <Form.Group className="col-12 col-md-4" controlId="filtro-texto">
        <Form.Label className="small mb-1">{T.buscar}</Form.Label>
        <Form.Control
          type="search"
          value={f.texto}
          autoComplete="off"
          onChange={(e) => cambiar({ texto: e.target.value })}
        />
      </Form.Group>
      <Form.Group className="col-12 col-sm-6 col-md-4" controlId="filtro-empresa">
        <Form.Label className="small mb-1">{T.empresa}</Form.Label>
        <Form.Select value={f.codempre} onChange={(e) => cambiar({ codempre: e.target.value })}>
          <option value="">{T.todas}</option>
          {props.empresas.map((e) => (
            <option key={e.codempre} value={e.codempre}>
              {`${e.codempre} - ${e.nomempre}`}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <FiltroSiNo
        id="filtro-activo"
        etiqueta={T.estado}
        valor={f.activo}
        opciones={[T.activos, T.inactivos]}
        onCambiar={(activo) => cambiar({ activo })}
      />
      <FiltroSiNo
        id="filtro-bloqueo"
        etiqueta={T.bloqueo}
        valor={f.bloqueado}
        opciones={[T.bloqueados, T.noBloqueados]}
        onCambiar={(bloqueado) => cambiar({ bloqueado })}
      />
    </Form>
  );
}

type SiNo = FiltrosUsuarios['activo'];

/** A yes/no filter: every user, those that are ('si'), or those that are not ('no'). */
function FiltroSiNo(props: {
  id: string;
  etiqueta: string;
  valor: SiNo;
  opciones: [si: string, no: string];
  onCambiar: (valor: SiNo) => void;
}) {
  return (
    <Form.Group className="col-6 col-sm-3 col-md-2" controlId={props.id}>
      <Form.Label className="small mb-1">{props.etiqueta}</Form.Label>
      <Form.Select value={props.valor} onChange={(e) => props.onCambiar(e.target.value as SiNo)}>
        <option value="">{T.todos}</option>
        <option value="si">{props.opciones[0]}</option>
        <option value="no">{props.opciones[1]}</option>
      </Form.Select>
    </Form.Group>
  );
}

/** What a row can do; an action left out does not apply to that user. */
interface Acciones {
  editarUnidades?: () => void;
  emitir?: () => void;
  desbloquear?: () => void;
  cerrarSesiones?: () => void;
  activo?: () => void;
}

function TablaUsuarios(props: {
  usuarios: UsuarioAdministrado[];
  ocupado: string | null;
  acciones: (u: UsuarioAdministrado) => Acciones;
  puedeEditar: boolean;
}) {
  const C = T.columnas;
  return (
    // Below 768 px each row becomes a card (tabla-tarjetas.css): the table never scrolls sideways.
    <Table hover size="sm" className="align-middle bg-white tabla-tarjetas tabla-usuarios">
      <thead>
        <tr>
          <th>{C.usuario}</th>
          <th>{C.empresa}</th>
          <th>{C.unidades}</th>
          <th>{C.activo}</th>
          <th>{C.bloqueado}</th>
          <th>{C.tarjeta}</th>
          <th>{C.ultimoIngreso}</th>
          <th className="text-end">{C.sesiones}</th>
          <th>
            <span className="visually-hidden">{C.acciones}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.usuarios.length === 0 ? (
          <tr>
            <td colSpan={9} className="text-center text-secondary py-3 sin-etiqueta">
              {T.sinUsuarios}
            </td>
          </tr>
        ) : (
          props.usuarios.map((u) => (
            <FilaUsuario
              key={u.id}
              usuario={u}
              ocupada={props.ocupado === u.usuario}
              acciones={props.acciones(u)}
              puedeEditar={props.puedeEditar}
            />
          ))
        )}
      </tbody>
    </Table>
  );
}

function FilaUsuario(props: {
  usuario: UsuarioAdministrado;
  ocupada: boolean;
  acciones: Acciones;
  puedeEditar: boolean;
}) {
  const { usuario: u, acciones: a } = props;
  const C = T.columnas;
  return (
    <tr className={u.activo ? undefined : 'usuario-inactivo'} data-usuario={u.usuario}>
      <th scope="row" className="fw-semibold columna-usuario">
        {u.usuario}
      </th>
      <td data-etiqueta={C.empresa}>
        <span className="valor">
          {u.nomempre} <span className="text-secondary">({u.codempre})</span>
        </span>
      </td>
      <td data-etiqueta={C.unidades}>
        <span className="valor">
          {u.codempre === 0
            ? T.todasLasUnidades
            : u.unidades.length === 0
              ? T.sinUnidades
              : u.unidades.map(TU.nombreUnidad).join(', ')}
        </span>
      </td>
      <td data-etiqueta={C.activo}>
        <span className="valor">
          {u.activo ? <Badge bg="success">{T.si}</Badge> : <Badge bg="secondary">{T.no}</Badge>}
        </span>
      </td>
      <td data-etiqueta={C.bloqueado}>
        <span className="valor">
          {u.bloqueadoHasta ? (
            <span className="text-danger fw-semibold">{fechaDdMmAaaaHhMm(u.bloqueadoHasta)}</span>
          ) : u.fallos > 0 ? (
            <span className="small text-secondary">{T.fallos(u.fallos)}</span>
          ) : (
            '—'
          )}
        </span>
      </td>
      <td data-etiqueta={C.tarjeta}>
        <span className="valor">
          {u.tarjeta ? (
            <>
              <span className="text-nowrap">{T.tarjetaNumero(u.tarjeta.ctrl)}</span>{' '}
              <span className="small text-secondary text-nowrap">
                {T.emitidaEl(fechaDdMmAaaaHhMm(u.tarjeta.emitida))}
              </span>
            </>
          ) : (
            <span className="text-secondary">{T.sinTarjeta}</span>
          )}
        </span>
      </td>
      <td data-etiqueta={C.ultimoIngreso} className="text-nowrap">
        <span className="valor">
          {u.ultimoIngreso ? fechaDdMmAaaaHhMm(u.ultimoIngreso) : T.nunca}
        </span>
      </td>
      <td data-etiqueta={C.sesiones} className="text-end">
        <span className="valor">{u.sesionesAbiertas}</span>
      </td>
      <td className="sin-etiqueta celda-acciones">
        <Dropdown align="end">
          <Dropdown.Toggle
            size="sm"
            variant="outline-primary"
            id={`acciones-${u.id}`}
            disabled={props.ocupada}
            aria-label={T.accionesDe(u.usuario)}
          >
            {props.ocupada && <Spinner size="sm" className="me-1" aria-hidden="true" />}
            {T.acciones}
          </Dropdown.Toggle>
          <Dropdown.Menu>
            {a.editarUnidades && (
              <Dropdown.Item as="button" onClick={a.editarUnidades} disabled={!props.puedeEditar}>
                {T.editarUnidades}
              </Dropdown.Item>
            )}
            {a.emitir && (
              <Dropdown.Item as="button" onClick={a.emitir}>
                {u.tarjeta ? T.reemitirTarjeta : T.emitirTarjeta}
              </Dropdown.Item>
            )}
            {a.desbloquear && (
              <Dropdown.Item as="button" onClick={a.desbloquear}>
                {T.desbloquear}
              </Dropdown.Item>
            )}
            {a.cerrarSesiones && (
              <Dropdown.Item as="button" onClick={a.cerrarSesiones}>
                {T.cerrarSesiones}
              </Dropdown.Item>
            )}
            {a.activo && (
              <>
                <Dropdown.Divider />
                <Dropdown.Item
                  as="button"
                  onClick={a.activo}
                  className={u.activo ? 'text-danger' : undefined}
                >
                  {u.activo ? T.desactivar : T.reactivar}
                </Dropdown.Item>
              </>
            )}
          </Dropdown.Menu>
        </Dropdown>
      </td>
    </tr>
  );
}
