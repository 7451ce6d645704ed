/**
 * 'Productos' (issue 21, administrators only): the catalogue with a filter — create, rename,
 * deactivate or activate, delete what nothing uses — and, below, the products a client company
 * may order in each business unit.
 */
import '../../components/tabla-tarjetas.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import type { ProductoAdministrado } from '../../../shared/contracts/productos';
import { MENSAJES_PRODUCTOS as M } from '../../../shared/textos';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { MenuAcciones, type AccionDeFila } from '../../components/MenuAcciones';
import { PieFormulario } from '../../components/PieFormulario';
import { useActivarYEliminar } from '../../lib/activar-y-eliminar';
import { marcarErroresDeCampo, marcasDeError } from '../../lib/errores-de-campo';
import {
  activoProductoMutation,
  crearProductoMutation,
  eliminarProductoMutation,
  productosQuery,
  renombrarProductoMutation,
} from './api';
import { filtrarProductos, SIN_FILTROS, type FiltrosProductos } from './filtros';
import { ProductosPorCliente } from './ProductosPorCliente';
import { TEXTOS_PRODUCTOS as T } from './textos';

type Formulario = { tipo: 'nuevo' } | { tipo: 'renombrar'; producto: ProductoAdministrado };

export function ProductosPage() {
  const productos = useQuery(productosQuery);
  const [filtros, setFiltros] = useState<FiltrosProductos>(SIN_FILTROS);
  const [formulario, setFormulario] = useState<Formulario | null>(null);
  const filas = useActivarYEliminar({
    activar: activoProductoMutation,
    eliminar: eliminarProductoMutation,
    cuerpoActivar: (p: ProductoAdministrado, activo) => ({ codpro: p.codpro, activo }),
    cuerpoEliminar: (p) => p.codpro,
    id: (p) => p.codpro,
    nombre: (p) => p.nompro,
    textos: T,
  });

  const acciones = (p: ProductoAdministrado): AccionDeFila[] => [
    { texto: T.renombrar, hacer: () => setFormulario({ tipo: 'renombrar', producto: p }) },
    ...filas.acciones(p),
  ];

  const todos = productos.data ?? [];
  const lista = filtrarProductos(todos, filtros);

  let contenido;
  if (productos.isError) contenido = <AlgoSalioMal error={productos.error} />;
  else if (productos.isPending) contenido = <Cargando />;
  else {
    contenido = (
      <>
        <p className="small text-secondary mb-2" role="status">
          {T.cantidad(lista.length, todos.length)}
          {productos.isFetching && (
            <Spinner size="sm" className="ms-2" aria-label="Actualizando" animation="border" />
          )}
        </p>
        <TablaProductos productos={lista} ocupado={filas.ocupado} acciones={acciones} />
      </>
    );
  }

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="titulo-pantalla mb-0">{T.titulo}</h1>
        <Button onClick={() => setFormulario({ tipo: 'nuevo' })}>{T.nuevo}</Button>
      </div>

      <Filtros filtros={filtros} onCambiar={setFiltros} />
      {filas.fallo && (
        <Alert
          variant="danger"
          dismissible
          onClose={() => filas.setFallo(null)}
          closeLabel={T.cerrar}
        >
          {filas.fallo}
        </Alert>
      )}
      {contenido}

      <ProductosPorCliente />

      <Modal
        show={formulario !== null}
        onHide={() => setFormulario(null)}
        centered
        aria-labelledby="producto-formulario-titulo"
      >
        <Modal.Header closeButton closeLabel={T.cerrar}>
          <Modal.Title id="producto-formulario-titulo" as="h2" className="h5">
            {formulario?.tipo === 'renombrar'
              ? T.formularioRenombrar(formulario.producto.nompro)
              : T.formularioNuevo}
          </Modal.Title>
        </Modal.Header>
        {formulario && (
          <FormularioProducto formulario={formulario} onTerminar={() => setFormulario(null)} />
        )}
      </Modal>
    </section>
  );
}

function Filtros(props: { filtros: FiltrosProductos; onCambiar: (f: FiltrosProductos) => void }) {
  const { filtros: f } = props;
  const cambiar = (parte: Partial<FiltrosProductos>) => props.onCambiar({ ...f, ...parte });
  return (
    <Form className="row g-2 mb-3" role="search" onSubmit={(e) => e.preventDefault()}>
      <Form.Group className="col-12 col-md-5" controlId="filtro-producto">
        <Form.Label className="small mb-1">{T.buscar}</Form.Label>
        <Form.Control
          type="search"
          value={f.texto}
          autoComplete="off"
          onChange={(e) => cambiar({ texto: e.target.value })}
        />
      </Form.Group>
      <Form.Group className="col-12 col-sm-6 col-md-3" controlId="filtro-estado-producto">
        <Form.Label className="small mb-1">{T.estado}</Form.Label>
        <Form.Select
          value={f.estado}
          onChange={(e) => cambiar({ estado: e.target.value as FiltrosProductos['estado'] })}
        >
          <option value="">{T.todos}</option>
          <option value="activos">{T.activos}</option>
          <option value="desactivados">{T.desactivados}</option>
        </Form.Select>
      </Form.Group>
    </Form>
  );
}

function TablaProductos(props: {
  productos: ProductoAdministrado[];
  ocupado: number | null;
  acciones: (p: ProductoAdministrado) => AccionDeFila[];
}) {
  const C = T.columnas;
  return (
    // Below 768 px each row becomes a card (tabla-tarjetas.css): nothing scrolls sideways.
    <Table hover size="sm" className="align-middle bg-white tabla-tarjetas">
      <caption className="visually-hidden">{T.tabla}</caption>
      <thead>
        <tr>
          <th className="text-end">{C.codigo}</th>
          <th>{C.nombre}</th>
          <th>{C.estado}</th>
          <th className="text-end">{C.clientes}</th>
          <th>
            <span className="visually-hidden">{C.acciones}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.productos.length === 0 ? (
          <tr>
            <td colSpan={5} className="text-center text-secondary py-3">
              {T.sinProductos}
            </td>
          </tr>
        ) : (
          props.productos.map((p) => (
            <FilaProducto
              key={p.codpro}
              producto={p}
              ocupada={props.ocupado === p.codpro}
              acciones={props.acciones(p)}
            />
          ))
        )}
      </tbody>
    </Table>
  );
}

function FilaProducto(props: {
  producto: ProductoAdministrado;
  ocupada: boolean;
  acciones: AccionDeFila[];
}) {
  const { producto: p } = props;
  const C = T.columnas;
  return (
    <tr className={p.activo ? undefined : 'fila-inactiva'} data-codpro={p.codpro}>
      <td data-etiqueta={C.codigo} className="text-end">
        <span className="valor">{p.codpro}</span>
      </td>
      <th scope="row" className="fw-semibold">
        {p.nompro}
      </th>
      <td data-etiqueta={C.estado}>
        <span className="valor">
          {p.activo ? (
            <Badge bg="success">{T.activo}</Badge>
          ) : (
            <Badge bg="secondary">{T.desactivado}</Badge>
          )}
        </span>
      </td>
      <td data-etiqueta={C.clientes} className="text-end">
        <span className="valor">{p.clientes}</span>
      </td>
      <td className="celda-acciones text-end">
        <MenuAcciones
          id={`acciones-producto-${p.codpro}`}
          etiqueta={T.accionesDe(p.nompro)}
          texto={T.acciones}
          ocupado={props.ocupada}
          acciones={props.acciones}
        />
      </td>
    </tr>
  );
}

interface ValoresProducto {
  codpro: string;
  nompro: string;
}

const CAMPOS = ['codpro', 'nompro'] as const;

function FormularioProducto(props: { formulario: Formulario; onTerminar: () => void }) {
  const { formulario } = props;
  const renombrando = formulario.tipo === 'renombrar';
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ValoresProducto>({
    defaultValues: renombrando
      ? { codpro: String(formulario.producto.codpro), nompro: formulario.producto.nompro }
      : { codpro: '', nompro: '' },
  });
  const alFallar = (error: Error) => setGeneral(marcarErroresDeCampo(error, CAMPOS, setError));
  const crear = useMutation({
    ...crearProductoMutation,
    onSuccess: (p) => {
      avisos.exito(T.creado(p.codpro, p.nompro));
      props.onTerminar();
    },
    onError: alFallar,
  });
  const renombrar = useMutation({
    ...renombrarProductoMutation,
    onSuccess: (p) => {
      avisos.exito(T.renombrado(p.nompro));
      props.onTerminar();
    },
    onError: alFallar,
  });
  const pendiente = crear.isPending || renombrar.isPending;

  const enviar = handleSubmit((v) => {
    setGeneral(null);
    const cuerpo = { codpro: Number(v.codpro), nompro: v.nompro.trim() };
    if (renombrando) renombrar.mutate(cuerpo);
    else crear.mutate(cuerpo);
  });

  const error = (campo: keyof ValoresProducto) =>
    marcasDeError(Boolean(errors[campo]), `producto-${campo}-error`);

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      <Modal.Body>
        {general && (
          <Alert variant="danger" role="alert">
            {general}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId="producto-codpro">
          <Form.Label className="fw-semibold">{T.campoCodigo}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            readOnly={renombrando}
            plaintext={renombrando}
            autoFocus={!renombrando}
            {...error('codpro')}
            {...register('codpro', {
              validate: (v) => (/^\d+$/.test(v.trim()) && Number(v) > 0) || M.codproInvalido,
            })}
          />
          {!renombrando && <Form.Text>{T.ayudaCodigo}</Form.Text>}
          <Form.Control.Feedback id="producto-codpro-error" type="invalid">
            {errors.codpro?.message}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="producto-nompro">
          <Form.Label className="fw-semibold">{T.campoNombre}</Form.Label>
          <Form.Control
            maxLength={60}
            autoComplete="off"
            autoFocus={renombrando}
            {...error('nompro')}
            {...register('nompro', { validate: (v) => v.trim() !== '' || M.nombreVacio })}
          />
          <Form.Control.Feedback id="producto-nompro-error" type="invalid">
            {errors.nompro?.message}
          </Form.Control.Feedback>
        </Form.Group>
      </Modal.Body>
      <PieFormulario
        cancelar={T.cancelar}
        enviar={renombrando ? T.guardar : T.crear}
        pendiente={pendiente}
        onCancelar={props.onTerminar}
      />
    </Form>
  );
}
